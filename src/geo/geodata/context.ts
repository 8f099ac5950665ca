// Urban context of a point: population density, the size of the surrounding urban area, how
// central the point is (downtown / town centre), rapid-transit service, CMA and province.
// Every number here is modelled from the bundled data; docs/methodology.md explains each one.
import { around } from 'geokdbush'
import type { CmaFact } from '../data/cmas.generated'
import type KDBush from 'kdbush'
import type { MemoOptions } from './measured/options'
import { PointMemo } from './measured/point-memo'
import { geoStore, PLACE_MEAN_DENSITY, type Place, type StationMode } from './store'
import { EARTH_RADIUS_M, METRES_PER_DEGREE_LAT, metresPerDegreeLng } from './geodesy'
import { boxAround } from './text'
import { clamp01 } from '../../lib/math'

const KM_PER_DEGREE_LAT = METRES_PER_DEGREE_LAT / 1000

/** Equirectangular distance: within 30 km it differs from great-circle by < 0.1 %, at a fraction of the cost. */
function fastDistanceKm(lat1: number, lng1: number, lat2: number, lng2: number, kmPerDegreeLng: number): number {
  const dy = (lat2 - lat1) * KM_PER_DEGREE_LAT
  const dx = (lng2 - lng1) * kmPerDegreeLng
  return Math.sqrt(dx * dx + dy * dy)
}

export interface UrbanContext {
  /** persons/km², the larger of the FSA-kernel and place-gravity estimates */
  density: number
  densityMethod: 'fsa-centroid-kernel' | 'place-gravity'
  /** 0 (rural) … 1 (≥ 10,000 persons/km²), log scale */
  densityIndex: number
  /** 0 (≤ 2,000 people within 15 km) … 1 (≥ 500,000), log scale */
  urbanScale: number
  /** 0 … 1: 1 at the downtown of Canada's largest CMA, less for smaller CMAs and town centres */
  centrality: number
  centralityName?: string
  distanceToCoreKm: number
  /** rapid-transit departures per hour within walking distance (800 m), distance-weighted */
  stationDepartures: number
  /** 0 … 1, walk-distance weight of the nearest subway/LRT/BRT station */
  stationProximity: number
  nearestStation?: { name: string; system: string; distanceM: number }
  cma?: CmaFact
  province?: string
  /** Population of the largest populated place whose centroid is within 1 km (0 if none). */
  placePopulationAt: number
}

const FSA_KERNEL_SIGMA_KM = 1.8
/** Average population of an urban FSA (2021 Census population / number of urban FSAs, rounded). */
const PEOPLE_PER_URBAN_FSA = 22000
const FSA_KERNEL_SCALE = PEOPLE_PER_URBAN_FSA / (2 * Math.PI * FSA_KERNEL_SIGMA_KM ** 2)
const STATION_DEPARTURES_PER_HOUR: Record<StationMode, number> = { S: 40, L: 24, B: 16, C: 6, F: 4 }
const WALK_FULL_KM = 0.25
const WALK_MAX_KM = 0.8

/** Metros whose urban scale is 1 (≥ 500,000 people) whatever the places around the point. */
const FULL_SCALE_POPULATION = 500_000

/**
 * `fsaKernel: false` skips the FSA-centroid density kernel (the measured census density replaces
 * it); `places: 'outsideMetros'` skips the 30 km walk over populated places inside a metro of
 * ≥ 500,000 people, where the urban scale is 1 anyway (place density, town centrality and
 * placePopulationAt are then 0: callers that need them ask for the places).
 */
export function urbanContext(lat: number, lng: number, options: UrbanContextOptions = {}): UrbanContext {
  if (options.memo === false) return computeUrbanContext(lat, lng, options)
  const variant = (options.fsaKernel === false ? 0 : 1) + (options.places === 'outsideMetros' ? 2 : options.places === false ? 4 : 0)
  const memo = contexts.get(lat, lng)
  if (memo && memo.variant === variant) return memo.ctx
  return contexts.set(lat, lng, { variant, ctx: computeUrbanContext(lat, lng, options) }).ctx
}

interface UrbanContextOptions extends MemoOptions {
  fsaKernel?: boolean
  places?: boolean | 'outsideMetros'
}
const contexts = new PointMemo<{ variant: number; ctx: UrbanContext }>(4096)

function computeUrbanContext(lat: number, lng: number, options: UrbanContextOptions): UrbanContext {
  const store = geoStore()

  // FSA kernel density: urban FSAs are drawn to hold similar populations, so their centroids are
  // dense where people are. A Gaussian kernel turns centroid density into persons/km².
  const kmPerDegreeLng = metresPerDegreeLng(lat) / 1000
  let kernel = 0
  const [x0, y0, x1, y1] = boxAround(lat, lng, FSA_KERNEL_SIGMA_KM * 3.5)
  const urbanFsas = options.fsaKernel !== false ? store.urbanFsas : []
  if (options.fsaKernel !== false)
    for (const id of store.urbanFsaIndex.range(x0, y0, x1, y1)) {
      const f = urbanFsas[id]
      const d = fastDistanceKm(lat, lng, f.lat, f.lng, kmPerDegreeLng)
      kernel += Math.exp(-(d * d) / (2 * FSA_KERNEL_SIGMA_KM ** 2))
    }
  const fsaDensity = kernel * FSA_KERNEL_SCALE

  // CMA: the nearest CMA downtown whose radius covers the point.
  let cma: CmaFact | undefined
  let cmaDistance = Infinity
  for (const c of store.cmas) {
    if (Math.abs(c.lat - lat) * KM_PER_DEGREE_LAT > c.radiusKm) continue
    const d = fastDistanceKm(lat, lng, c.lat, c.lng, kmPerDegreeLng)
    if (d <= c.radiusKm && d < cmaDistance) {
      cma = c
      cmaDistance = d
    }
  }
  // Place gravity: each GeoNames place is a disc of PLACE_MEAN_DENSITY; also gives the urban-area
  // population within 15 km and the town-centre part of centrality.
  let placeDensity = 0
  let population15 = 0
  let townCentrality = 0
  let townName: string | undefined
  let nearestTownKm = Infinity
  let nearestPlaceKm = Infinity
  let province: string | undefined
  let placePopulationAt = 0
  const walkPlaces = options.places !== 'outsideMetros' ? options.places !== false : !cma || cma.population < FULL_SCALE_POPULATION
  if (!walkPlaces && cma) province = cma.province
  const [px0, py0, px1, py1] = boxAround(lat, lng, 30)
  const { places, placeModels } = walkPlaces ? store : { places: [], placeModels: [] }
  if (walkPlaces)
    for (const id of store.placeIndex.range(px0, py0, px1, py1)) {
      const p = places[id]
      const model = placeModels[id]
      const d = fastDistanceKm(lat, lng, p.lat, p.lng, kmPerDegreeLng)
      if (d < nearestPlaceKm) {
        nearestPlaceKm = d
        province = p.province
      }
      if (d < 1 && p.population > placePopulationAt) placePopulationAt = p.population
      const r = d / model.radiusKm
      if (r < 3) placeDensity = Math.max(placeDensity, PLACE_MEAN_DENSITY * Math.exp(-r * r))
      if (d <= 15 && p.featureCode !== 'PPLX') population15 += p.population
      if (model.coreStrength > 0) {
        const rc = d / model.coreRadiusKm
        const c = rc < 3 ? model.coreStrength * Math.exp(-rc * rc) : 0
        if (c > townCentrality) {
          townCentrality = c
          townName = p.name
        }
        if (d < nearestTownKm) nearestTownKm = d
      }
    }
  const density = Math.max(fsaDensity, placeDensity, 0.5)

  let centrality = townCentrality
  let centralityName = townName
  let distanceToCoreKm = nearestTownKm
  if (cma) {
    // Downtown intensity grows with the size of the metro: Toronto 1.0, Halifax ≈ 0.62, Red Deer 0.4.
    const strength = Math.min(1, 0.4 + (0.6 * Math.log10(cma.population / 100000)) / Math.log10(62))
    const coreRadius = 1.1 * (cma.population / 1e6) ** 0.3
    const c = strength * Math.exp(-((cmaDistance / coreRadius) ** 2))
    if (c >= centrality) {
      centrality = c
      centralityName = `${cma.name} downtown`
    }
    distanceToCoreKm = Math.min(distanceToCoreKm, cmaDistance)
  }

  // Rapid transit within walking distance.
  let stationDepartures = 0
  let stationProximity = 0
  let nearestStation: UrbanContext['nearestStation']
  const [sx0, sy0, sx1, sy1] = boxAround(lat, lng, WALK_MAX_KM)
  const stations = store.stations
  for (const id of store.stationIndex.range(sx0, sy0, sx1, sy1)) {
    const s = stations[id]
    const d = fastDistanceKm(lat, lng, s.lat, s.lng, kmPerDegreeLng)
    if (d > WALK_MAX_KM) continue
    const w = d <= WALK_FULL_KM ? 1 : 1 - (d - WALK_FULL_KM) / (WALK_MAX_KM - WALK_FULL_KM)
    stationDepartures += STATION_DEPARTURES_PER_HOUR[s.mode] * w
    if (s.mode !== 'C' && s.mode !== 'F') stationProximity = Math.max(stationProximity, w)
    if (!nearestStation || d * 1000 < nearestStation.distanceM)
      nearestStation = { name: s.name, system: s.system, distanceM: Math.round(d * 1000) }
  }

  // Province of the nearest populated place (FSA centroids of huge northern FSAs can lie far away).
  if (!province) {
    const nearest =
      nearestPlaceWithin(store.places, store.placeIndex, lat, lng, NEAR_PLACE_SEARCH_KM) ??
      nearestPlaceWithin(store.places, store.placeIndex, lat, lng, NEAREST_PLACE_SEARCH_KM) ??
      around(store.placeIndex, lng, lat, 1)[0]
    province = nearest === undefined ? undefined : store.places[nearest].province
  }
  return {
    density,
    densityMethod: fsaDensity >= placeDensity && fsaDensity >= 1 ? 'fsa-centroid-kernel' : 'place-gravity',
    densityIndex: clamp01((Math.log10(density) - 1) / 3),
    // Inside a CMA the whole metro counts: GeoNames has one point per city, which can lie > 15 km away.
    urbanScale: clamp01((Math.log10(Math.max(population15, cma ? cma.population : 1, 1)) - 3.3) / 2.4),
    centrality,
    centralityName,
    distanceToCoreKm,
    stationDepartures,
    stationProximity,
    nearestStation,
    cma,
    province,
    placePopulationAt,
  }
}

// geokdbush measures on a 6371 km sphere: the radius only bounds the search below, never orders it.
const EARTH_RADIUS_KM = EARTH_RADIUS_M / 1000
const RAD = Math.PI / 180
const NEAREST_PLACE_SEARCH_KM = 400
/** Searched first: a place found this close is the nearest of all, and the box holds tens of places, not thousands. */
const NEAR_PLACE_SEARCH_KM = 60
const haverSin = (theta: number) => {
  const s = Math.sin(theta / 2)
  return s * s
}

/**
 * The place nearest the point when one lies within `radiusKm`, else undefined: the same answer as
 * geokdbush's `around(index, lng, lat, 1)` (same great-circle measure, same arithmetic) from one box
 * query instead of a priority-queue walk, which cost several µs for points far from any place.
 */
function nearestPlaceWithin(places: readonly Place[], index: KDBush, lat: number, lng: number, radiusKm: number): number | undefined {
  const angle = radiusKm / EARTH_RADIUS_KM
  const cosLat = Math.cos(lat * RAD)
  // The box holds every point within radiusKm: latitude moves by at most the angle, longitude by at
  // most asin(sin(angle) / cos(lat)) (1 % margin on both).
  const dLat = (angle / RAD) * 1.01
  const lngRatio = Math.sin(angle) / cosLat
  if (!(lngRatio < 1) || Math.abs(lat) + dLat >= 90) return undefined
  const dLng = (Math.asin(lngRatio) / RAD) * 1.01
  let best: number | undefined
  let bestDist = haverSin(angle) // accept only places within radiusKm
  for (const id of index.range(lng - dLng, lat - dLat, lng + dLng, lat + dLat)) {
    const p = places[id]
    // geokdbush's haverSinDist(lng, lat, p.lng, p.lat, cosLat), term for term.
    const dist = cosLat * Math.cos(p.lat * RAD) * haverSin((lng - p.lng) * RAD) + haverSin((lat - p.lat) * RAD)
    if (dist <= bestDist) {
      best = id
      bestDist = dist
    }
  }
  return best
}
