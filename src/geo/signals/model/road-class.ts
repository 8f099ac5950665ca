// Road class of the road a point lies on, from measured data when no street is known: Calgary's
// counted sections or posted speed zones, else the bus-route proxy. A street network's class (Ottawa
// RNF, GTA and Montréal OSM, Calgary) reaches the engine with the street itself (KnownStreet.roadClass,
// found by the geodata store: services/street-store.ts), never by a lookup here.
// Validation of each option: docs/methodology.md §2.2 (research/validate-geodata.mjs).
import { countedSectionsNear, type SpeedZone } from '../../geodata'
import { METRES_PER_DEGREE, metresPerDegreeLng } from '../../geodata'
import type { Confidence } from '../types'

export interface StopPoint {
  lat: number
  lng: number
  distanceM: number
}
export interface RoadClassEstimate {
  roadClass: number
  method: string
  confidence: Confidence
}

/** Statistics Canada RNF CLASS/RANK → the engine's 1–6 scale (1 local … 4 major arterial, 5 highway, 6 freeway). */
export function rnfToRoadClass(rnfClass: number, rank: number): number | undefined {
  if (rnfClass === 23 || rnfClass === 20) return 1
  if (rnfClass === 22) return 2
  if (rnfClass === 21) return rank <= 3 ? 4 : 3
  if (rnfClass === 12) return rank === 1 ? 6 : 5
  return undefined // ramps, Transitway, bridges, service lanes: say nothing about frontage
}

/** Road class implied by a measured daily volume (Calgary counts): the usual design ranges. */
export function roadClassFromAadt(aadt: number): number {
  return aadt >= 60000 ? 5 : aadt >= 25000 ? 4 : aadt >= 8000 ? 3 : 2
}

/**
 * Road class implied by a posted speed (Calgary's zones above the 50 km/h default): 60 km/h is the
 * City's arterial limit (minor to major: 3.5), 70 a major arterial (4), 80 an expressway (5), 90 and
 * above the skeletal freeways (Deerfoot, Stoney: 5.5, 6). Zones of 30–40 km/h (playground and
 * traffic-calmed stretches) lie on local streets and on arterials alike: no class.
 */
export function roadClassFromSpeed(speedKmh: number): number | undefined {
  return speedKmh >= 100 ? 6 : speedKmh >= 90 ? 5.5 : speedKmh >= 80 ? 5 : speedKmh >= 70 ? 4 : speedKmh >= 60 ? 3.5 : undefined
}

/** Stops considered for the bus-route test: within this radius, at most this many (nearest first). */
export const ROUTE_RADIUS_M = 300
const ROUTE_MAX_STOPS = 24
/** Two stops this far apart at least, so that one stop pair at a corner does not define a line. */
const ROUTE_MIN_SPACING_M = 60

/**
 * Perpendicular distance (m) from the point to the straight line between two stops that lie on
 * either side of it (its projection falls between them): buses run along the road between
 * consecutive stops, so a point on a bus route is within a few metres of such a line. Infinity
 * when no pair of stops brackets the point.
 */
export function busRouteOffsetM(lat: number, lng: number, stops: readonly StopPoint[]): number {
  const kx = metresPerDegreeLng(lat)
  let n = 0
  const xs: number[] = []
  const ys: number[] = []
  for (const s of stops) {
    if (s.distanceM > ROUTE_RADIUS_M || n >= ROUTE_MAX_STOPS) break
    xs.push((s.lng - lng) * kx)
    ys.push((s.lat - lat) * METRES_PER_DEGREE)
    n++
  }
  let best = Infinity
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = xs[j] - xs[i]
      const dy = ys[j] - ys[i]
      const lengthSq = dx * dx + dy * dy
      if (lengthSq < ROUTE_MIN_SPACING_M * ROUTE_MIN_SPACING_M) continue
      const t = -(xs[i] * dx + ys[i] * dy) / lengthSq
      if (t <= 0 || t >= 1) continue
      const offset = Math.abs(xs[i] * dy - ys[i] * dx) / Math.sqrt(lengthSq)
      if (offset < best) best = offset
    }
  }
  return best
}

const COUNTED_SNAP_M = 25

export interface RoadClassOptions {
  excludeSections?: ReadonlySet<string>
  /** the City of Calgary speed zone within 25 m of the point, if any */
  speedZone?: SpeedZone
}

/**
 * From coordinates alone. `stops` is undefined where no stop data exists (no GTFS feed): then the
 * density fallback of methodology 1.x is kept, stated in the method.
 */
export function roadClassFromCoordinates(
  lat: number,
  lng: number,
  stops: readonly StopPoint[] | undefined,
  popDensity: number,
  options: RoadClassOptions = {},
): RoadClassEstimate {
  const counted = countedSectionsNear(
    lat,
    lng,
    COUNTED_SNAP_M,
    options.excludeSections ? { exclude: options.excludeSections } : undefined,
  )[0]
  if (counted) {
    return {
      roadClass: roadClassFromAadt(counted.aadt),
      method: `measured: City of Calgary counted section ${counted.secname} (${counted.year})`,
      confidence: 'medium',
    }
  }
  const zone = options.speedZone
  const fromSpeed = zone ? roadClassFromSpeed(zone.speedKmh) : undefined
  if (zone && fromSpeed !== undefined) {
    return {
      roadClass: fromSpeed,
      method: `measured: City of Calgary speed zone ${zone.speedKmh} km/h (${zone.streetName})`,
      confidence: 'medium',
    }
  }
  if (!stops) {
    const urban = Math.min(1, Math.max(0, (Math.log10(Math.max(popDensity, 1)) - 1) / 3))
    return {
      roadClass: Math.min(4, 1.5 + 2 * urban * 0.85),
      method: 'modelled: from density (no transit-stop data here)',
      confidence: 'low',
    }
  }
  const offset = busRouteOffsetM(lat, lng, stops)
  const roadClass = offset < 4 ? 3 : offset < 10 ? 2 : 1
  return {
    roadClass,
    method:
      Number.isFinite(offset) && offset < 10
        ? `modelled: on a bus route (${Math.round(offset)} m from the line between two stops, GTFS 2022)`
        : 'modelled: no bus route through the point (GTFS 2022)',
    confidence: 'low',
  }
}
