// The seven raw factor signals of a point (and, when known, its street), from the bundled measured
// data (src/geo/geodata/measured). Pure: bundled data only. Each signal's `method` says `measured: <source,
// vintage>` or `modelled: <inputs>`; docs/methodology.md explains every rule and its validation.
import { urbanContext, type UrbanContext } from '../geodata'
import { PROVINCE_MEDIAN_HOUSEHOLD_INCOME } from '../data/income'
import type { GeocodePrecision } from '../geodata'
import {
  censusAt,
  deepInPark,
  poisNear,
  roadEvidenceWithin,
  speedZoneAt,
  tractAt,
  transitStopsAround,
  type CensusSample,
  type SectionBands,
  type SpeedZone,
} from '../geodata'
import {
  blendedTransitIndex,
  LOCAL_POI_RADIUS_M,
  NEAR_STOP_AREA_MEAN,
  NEAR_STOP_DECAY_M,
  NEAR_STOP_MAX_M,
  pedestriansPerDay,
  STOP_EQUIVALENTS_PER_1KM_STOP,
  nearStopWeight,
  transitIndex,
  transitShareOf,
  WALK_FAR_M,
  WALK_NEAR_M,
  type StopCounts,
} from './model/activity'
import { busRouteOffsetM, roadClassFromCoordinates, ROUTE_RADIUS_M, type RoadClassEstimate, type StopPoint } from './model/road-class'
import { trafficAt } from './model/traffic'
import { countedPedestrians, countedTraffic, nearestCount, type MeasuredCount } from './model/measured-counts'
import { exposureAt, labelOf, type Exposure, type SightStreetInput } from './model/exposure'
import { blendCounted, countedStreet } from './model/counted-streets'
import type { TrafficEstimate } from './model/traffic'
import { TRAFFIC_MODEL } from '../data/traffic-model.generated'
import { postalAreaAt, type PostalAreaMeasures } from './model/postal-area'
import { classifyStreet, type StreetClassification } from '../geodata'
import type { Confidence, RawSignal } from './types'
import type { ScoreWarning } from '../geodata'
import { clamp01 } from '../../lib/math'
import { FACTORS, type FactorKey } from '../../scoring/factors'

/** One raw signal per factor of the factor table (scoring/factors.ts, a data leaf: no cycle). */
export type FactorSignals = Record<FactorKey, RawSignal>
/**
 * The street a point is on, when known: named by the caller's address, or found by the geodata store
 * (the matched street of an address, or the nearest street to coordinates). `roadClass` is set only
 * when a street network gives it (engine scale 1 local … 6 freeway, model/road-class.ts).
 */
export interface KnownStreet {
  name: string
  type?: string
  /** Road class from a street network (1–6), with the network it came from. */
  roadClass?: number
  classSource?: string
  /** Distance from the point to the street's centreline, metres (when measured). */
  offsetM?: number
  /**
   * Set when the geodata store named the street from the civic address point nearest a coordinate (not
   * the caller): that point's distance, metres, and another street's nearest address point when less than
   * twice as far. With both, the point may be at a corner and the street its cross street.
   */
  addressPointM?: number
  otherStreetM?: number
}
export interface FeatureInput {
  lat: number
  lng: number
  street?: KnownStreet
  /** How the point was found: only `postal_code` and `city` are area positions. */
  precision?: GeocodePrecision
  ruralRoute?: boolean
  ruralPostalCode?: boolean
  /**
   * Counted volumes near the point from the geodata store (Edmonton count sites, Vancouver intersection
   * counts; the service finds them within COUNT_SNAP_M). Used only at an exact position.
   */
  measuredCounts?: readonly MeasuredCount[]
  /**
   * Every street within sight of the point (services/street-store.ts streetsInSightOf: 35 m), at an exact
   * position: a sign at a corner faces both streets (model/exposure.ts).
   */
  streetsInSight?: readonly SightStreetInput[]
  /**
   * Metres to the nearest piece of a street network holding streets in the cells around the point (≈ 0.4–1.6
   * km; services/street-store.ts streetsInSightOf); undefined where no network reaches.
   */
  networkNearestM?: number
}
/** Hold-outs for validation (scripts/validate-geodata.mjs; the API never sets them), and what a site-finder grid shares. */
export interface FeatureOptions {
  excludeDas?: ReadonlySet<string>
  excludeSections?: ReadonlySet<string>
  /** false: ignore Calgary's speed zones (with every count excluded: the national model, as in any other city) */
  speedZones?: boolean
  /** false: a point asked once (a site-finder grid point) skips the per-point memos (MemoOptions) */
  memo?: boolean
  /** The counted sections that can matter where, for the points of a site-finder grid (trafficArea) */
  trafficArea?: SectionBands
}

/**
 * No cell of the road mask within this many cells (≈ 1.0–1.7 km; measured/road-mask.ts): no road,
 * address, stop or census point is known near the point. Validation (`npm run validate:road-mask`,
 * docs/methodology.md §2.5): of real roads left out of the mask, 4.0 % of Ottawa's road segments (mostly
 * rural) and 1.2 % of Edmonton's count sites are that far; Lake Ontario, Lake Winnipeg and mid-Lac
 * Saint-Louis are.
 */
const NO_ROAD_CELLS = 3
/** A point this far inside a park on every side is not at a street frontage. */
const PARK_INSIDE_M = 40
/** A caller's street farther than this from the point does not show that a road is there. */
const STREET_NEAR_M = 150
/**
 * Where a street network holds streets around a point, none within this distance means no road at the point
 * (water, a park interior, a rail yard). The GTA file lost every straight stretch of over 250 m between two nodes
 * (a point mid-gap is ≤ 125 m from what remains, plus half the road's width), and a freeway's right-of-way is
 * 100–170 m wide; on 2,062 Toronto signals, all on roads, the farthest nearest piece is (methodology §2.5)
 * well inside it.
 */
export const NO_STREET_M = 300

/**
 * A street network holds streets around the point, none within NO_STREET_M. Farther than a kilometre from its
 * nearest street (the network's edge may be near: a municipality the source left out), the road mask must
 * also show nothing within one cell (≈ 0.3–0.55 km): no address, stop or census point.
 */
function networkShowsNoStreet(input: FeatureInput): boolean {
  const nearestM = input.networkNearestM
  if (nearestM === undefined || nearestM <= NO_STREET_M) return false
  return nearestM <= 1000 || !roadEvidenceWithin(input.lat, input.lng, 1)
}

type Frontage = { kind: 'none' } | { kind: 'noRoad' | 'park'; warning: ScoreWarning }
/** The usual answer, one object for every score. */
const AT_A_ROAD: Frontage = Object.freeze({ kind: 'none' })

/**
 * Coordinates with no known street: is there a road at all? (water, wilderness, a park interior)
 * `nearEvidence`: a DA point within 300 m or a stop within 400 m already puts road evidence within
 * one mask cell, so the mask is not read (the same answer, cheaper).
 */
function frontageAt(input: FeatureInput, exact: boolean, nearEvidence: boolean): Frontage {
  if (!exact) return AT_A_ROAD
  const street = input.street
  if (street?.name && (street.offsetM === undefined || street.offsetM <= STREET_NEAR_M)) return AT_A_ROAD
  if (!nearEvidence && networkShowsNoStreet(input))
    return {
      kind: 'noRoad',
      warning: {
        code: 'NO_ROAD_NEARBY',
        message:
          `The street network around the point has no street within ${NO_STREET_M} m (the nearest is ${input.networkNearestM} m away) ` +
          'and no census point or transit stop is near (water, a park interior, or land without streets): vehicle traffic and ' +
          'pedestrians are taken as none. Give the street address if a road is there.',
      },
    }
  if (!nearEvidence && !roadEvidenceWithin(input.lat, input.lng, NO_ROAD_CELLS))
    return {
      kind: 'noRoad',
      warning: {
        code: 'NO_ROAD_NEARBY',
        message:
          'No road, address, transit stop or census point is known within about 1–1.5 km (water, wilderness, or a road our data ' +
          'lacks): vehicle traffic and pedestrians are taken as none. Give the street address if a road is there.',
      },
    }
  if (deepInPark(input.lat, input.lng, PARK_INSIDE_M))
    return {
      kind: 'park',
      warning: {
        code: 'IN_PARK',
        message: `The point lies more than ${PARK_INSIDE_M} m inside a park (City of Toronto green spaces): no vehicle traffic passes it.`,
      },
    }
  return AT_A_ROAD
}

/** A speed zone this close names the road a point is on (a roadside point is ~10–20 m from the centreline). */
const SPEED_ZONE_SNAP_M = 25

const roundTo = (x: number, step: number) => Math.round(x / step) * step
/**
 * A method text within the result schema's 200 characters: a long one leaves out the nearest station's name and
 * distance (its departures are in the stop equivalents it states), and is cut as a last resort.
 */
function fitMethod(text: string): string {
  if (text.length <= 200) return text
  const short = text.replace(/ \+ rapid-transit .+ \d+ m$/, ' + station')
  return short.length <= 200 ? short : `${short.slice(0, 199)}…`
}
const sig = (value: number, unit: string, method: string, confidence: Confidence): RawSignal => ({ value, unit, method, confidence })
const geoBlend = (a: number, b: number, t: number) => Math.exp((1 - t) * Math.log(Math.max(a, 0.1)) + t * Math.log(Math.max(b, 0.1)))

/**
 * Persons/km² of settled rural land (Statistics Canada 2021: rural farmland ≈ 2–40): assumed for a rural road located at a town centroid,
 * and where no DA point lies within 5 km.
 */
const RURAL_DENSITY = 20
/**
 * Typical measured values over a Canadian city's built-up area (medians over the DA points above
 * 1,000 persons/km²: density 2,640, POIs 36, intersections 43/km², Can-ALE stops 41 within 1 km ≈ 16
 * walk-weighted stop equivalents): what a street located by city name only is given, by the city's size.
 */
const CITY_TYPICAL = { popDensity: 2600, poiCount1km: 36, intersectionDensity: 43, transit: 16 }

interface Measured {
  popDensity: number
  poiCount1km: number
  intersectionDensity: number
  transit: number
  /** How transit was measured, as the transit signal's method quotes it ('measured: ' left off; 'modelled: ' kept) */
  transitMethod: string
  transitConfidence: Confidence
  /** transit measured from the 2022 GTFS stops (their points then serve the bus-route test) */
  gtfsStops: boolean
  /** distance to the nearest DA representative point (undefined: none within 5 km) */
  nearestDaM: number | undefined
}

/** Rural road located at a town/postal centroid: the town's measures do not describe the road. */
function outsideBuiltUpArea(input: FeatureInput, known: StreetClassification | undefined): string | undefined {
  if (input.precision !== 'postal_code' && input.precision !== 'city') return undefined
  if (known?.rural) return 'rural road type'
  if (input.ruralRoute) return 'rural-route address'
  if (known?.highway && input.ruralPostalCode) return 'highway in a rural postal area'
  return undefined
}

/**
 * A street located by a city's name sits at its downtown; for a city (≥ ~30,000 people, fully from ~300,000) the address could be anywhere
 * in it.
 */
function cityWideSpread(input: FeatureInput, ctx: UrbanContext): number {
  if (input.precision !== 'city') return 0
  return clamp01((Math.log10(Math.max(ctx.placePopulationAt, 1)) - 4.5) / 1)
}

function transitMeasure(
  census: CensusSample | undefined,
  counts: StopCounts,
  ctx: UrbanContext,
): Pick<Measured, 'transit' | 'transitMethod' | 'transitConfidence' | 'gtfsStops'> {
  const station = ctx.nearestStation ? ` + rapid-transit ${ctx.nearestStation.name} ${ctx.nearestStation.distanceM} m` : ''
  // A city whose 2022 feed is missing (Saint John, Brandon, Peterborough, …) shows no stop, or a few
  // intercity ones, where Can-ALE 2016 counted many: an 800 m circle holds ~64 % of a 1 km circle's
  // stops, so under a tenth of the 2016 count means the local system is absent from the 2022 data
  // (route changes since 2016 move counts by tens of percent, not tenfold).
  const canale = census?.transitStops1km
  const feedMissing = canale === undefined ? counts.within800 === 0 : canale >= 8 && counts.within800 <= Math.max(1, 0.1 * canale)
  // The mirror case: a system without open 2016 data (Brockville, …) shows many 2022 stops and none in Can-ALE.
  const canaleMissing = canale === undefined || (counts.within800 >= 8 && canale <= Math.max(1, 0.1 * counts.within800))
  if (!feedMissing) {
    return {
      transit: canaleMissing ? transitIndex(counts, ctx.stationDepartures) : blendedTransitIndex(counts, canale, ctx.stationDepartures),
      transitMethod:
        `GTFS 2022 stops, ${counts.within400} within 400 m, ${counts.within800} within 800 ` +
        `m${canaleMissing ? '' : `; mean with Can-ALE 2016, ${Math.round(canale)} within 1 km`}${station}`,
      transitConfidence: ctx.nearestStation || counts.within800 > 0 ? 'high' : 'medium',
      gtfsStops: true,
    }
  }
  if (census?.transitStops1km !== undefined) {
    return {
      transit: STOP_EQUIVALENTS_PER_1KM_STOP * census.transitStops1km + 0.5 * ctx.stationDepartures,
      transitMethod: `Can-ALE 2016 stops within 1 km (${Math.round(census.transitStops1km)}), no 2022 feed here${station}`,
      transitConfidence: 'medium',
      gtfsStops: false,
    }
  }
  // New Brunswick and the territories: no stop data of any vintage; bus service follows density.
  const density = census?.popDensity ?? RURAL_DENSITY
  return {
    transit: Math.min(20, Math.max(0, density - 250) / 200) + 0.5 * ctx.stationDepartures,
    transitMethod: `modelled: bus-service proxy from density (no stop data here)${station}`,
    transitConfidence: 'low',
    gtfsStops: false,
  }
}

function roadClassAt(
  input: FeatureInput,
  known: StreetClassification | undefined,
  measured: Measured,
  stops: readonly StopPoint[] | undefined,
  exact: boolean,
  options: FeatureOptions,
  speedZone: SpeedZone | undefined,
): RoadClassEstimate {
  const network = input.street?.roadClass
  if (network !== undefined && network >= 1 && network <= 6) {
    // A street network's class (the caller's geodata store) beats any inference from the name.
    return {
      roadClass: network,
      method: `measured: street network (${input.street?.classSource ?? 'class given with the street'}, ${input.street?.name})`,
      confidence: 'high',
    }
  }
  const offAddress = exact && stops !== undefined && known !== undefined && offAddressPoint(input.street, known)
  if (known && stops && offAddress && atCornerOfAddresses(input.street)) {
    // A coordinate off any address point between two streets' addresses (a corner) is given the nearest
    // address's street, as often the cross street: a generic type or a listed name then says less of the road
    // at the point than the point's own evidence (the coordinates path: the bus-route test, §2.3). A specific
    // type (Blvd, Trail, Cres) keeps its class, never below the point's evidence.
    const atPoint = roadClassFromCoordinates(input.lat, input.lng, stops, measured.popDensity, {
      excludeSections: options.excludeSections,
      speedZone,
    })
    const specific = known.basis === 'type' && (known.roadClass < 1.8 || known.roadClass >= 3)
    if (specific && known.roadClass > atPoint.roadClass) return { roadClass: known.roadClass, method: 'street-type', confidence: 'medium' }
    return { ...atPoint, method: fitMethod(`${atPoint.method}; nearest address on ${input.street?.name}`) }
  }
  if (known) {
    // Downtown grids are busy on every street: a plain "St"/"rue" among hundreds of businesses or
    // at a transit hub acts as an arterial (prairie downtowns have few OSM POIs but dense transit).
    const downtown = Math.max(clamp01((Math.log10(Math.max(measured.poiCount1km, 1)) - 2) / 0.6), clamp01((measured.transit - 40) / 60))
    // A generic type ("St", "Ave", "Rd") says little of the street's role: buses running along it at the
    // point (the bus-route proxy, §2.2) make it at least a minor arterial.
    const generic = known.basis === 'type' && known.roadClass >= 1.8 && known.roadClass < 3
    const routeOffsetM = (generic && exact) || offAddress ? busRouteOffsetM(input.lat, input.lng, stops ?? []) : Infinity
    const onBusRoute = generic && exact && stops !== undefined && routeOffsetM < 4
    // Off an address point the located street is a guess: downtown, it is lifted only where buses pass the point.
    const liftable = !offAddress || routeOffsetM < 10
    const downtownLift = liftable && known.roadClass >= 1.8 && known.roadClass < 4 ? 1.2 * downtown : 0
    const base = onBusRoute ? 3 : known.roadClass
    return {
      roadClass: Math.min(4, Math.max(base, known.roadClass + downtownLift)),
      method: `street-${known.basis}${onBusRoute ? '+bus route' : ''}${downtownLift > 0.05 ? '+downtown' : ''}`,
      confidence: known.basis === 'type' ? 'medium' : 'high',
    }
  }
  if (!exact)
    return {
      roadClass: 1.5,
      method: 'unknown street at an area position: between local and collector',
      confidence: 'low',
    }
  return roadClassFromCoordinates(input.lat, input.lng, stops, measured.popDensity, {
    excludeSections: options.excludeSections,
    speedZone,
  })
}

/** A coordinate this close to a civic address point stands at that address: its street's class is the address's. */
export const AT_ADDRESS_POINT_M = 15

/** Another street's address point less than this many times as far as the nearest: the point is at a corner. */
export const CORNER_RATIO = 1.5

/** The store named the street from a civic address point the coordinate is not at, and no network gives its class. */
function offAddressPoint(street: KnownStreet | undefined, known: StreetClassification): boolean {
  return street?.addressPointM !== undefined && street.addressPointM > AT_ADDRESS_POINT_M && street.roadClass === undefined && !known.rural
}

/** Between two streets' addresses: either street may be the road at the point. */
function atCornerOfAddresses(street: KnownStreet | undefined): boolean {
  return (
    street?.otherStreetM !== undefined && street.addressPointM !== undefined && street.otherStreetM < CORNER_RATIO * street.addressPointM
  )
}

/** The inputs of the transit share at coordinates, as featuresAt computes them (the fit reads the same: scripts/fit-transit.mjs). */
export function transitInputsAt(lat: number, lng: number): { stopEquivalents: number; popDensity: number } {
  const census = censusAt(lat, lng)
  const ctx = urbanContext(lat, lng, { fsaKernel: !census, places: census ? 'outsideMetros' : true })
  const stops = transitStopsAround(lat, lng, WALK_NEAR_M, WALK_FAR_M, ROUTE_RADIUS_M)
  const transit = transitMeasure(census, { within400: stops.withinNear, within800: stops.withinFar }, ctx)
  return { stopEquivalents: transit.transit, popDensity: census?.popDensity ?? ctx.density }
}

/**
 * `warnings`: where given, what the signals cannot see (no road nearby, in a park) is added to it.
 * `exposure`: where given, it receives the streets a sign at the point faces and the vehicles passing on all of them.
 */
export function featuresAt(
  input: FeatureInput,
  options: FeatureOptions = {},
  warnings?: ScoreWarning[],
  exposure?: Exposure,
): FactorSignals {
  const { lat, lng } = input
  const memo = options.memo
  const census = censusAt(lat, lng, { exclude: options.excludeDas, memo })
  // The places walk serves the rural density fallback and the city-wide spread; inside big metros the urban scale is 1 without it.
  const ctx = urbanContext(lat, lng, { fsaKernel: !census, places: !census || input.precision === 'city' ? true : 'outsideMetros', memo })
  const street = input.street
  const known = street?.name || street?.type ? classifyStreet({ name: street.name ?? '', type: street.type }, ctx.cma?.name) : undefined
  const exact = input.precision !== 'postal_code' && input.precision !== 'city'
  const outside = outsideBuiltUpArea(input, known)
  const spread = outside ? 0 : cityWideSpread(input, ctx)
  const placed = outside
    ? ` (outside built-up area: ${outside})`
    : spread > 0
      ? ' (city-wide average: located by city name only)'
      : !exact
        ? ' (at the postal area position)'
        : ''

  // Stops counted within 400 and 800 m; the points only within the bus-route test's radius.
  // ROUTE_RADIUS_M (300 m) ≥ NEAR_STOP_MAX_M: the points reach the near stops of the pedestrian model.
  const stops = transitStopsAround(lat, lng, WALK_NEAR_M, WALK_FAR_M, ROUTE_RADIUS_M, { memo })
  const transit = transitMeasure(census, { within400: stops.withinNear, within800: stops.withinFar }, ctx)
  // No DA point within 5 km: the 1.x place model (GeoNames places as discs, FSA kernel) is the fallback.
  // Fields listed, not spread: this runs once per point of a site-finder grid, and spreads cost.
  const measured: Measured = {
    popDensity: census?.popDensity ?? ctx.density,
    poiCount1km: census?.poiCount1km ?? ctx.density / 80,
    intersectionDensity: census?.intersectionDensity1km ?? Math.min(40, ctx.density / 50),
    transit: transit.transit,
    transitMethod: transit.transitMethod,
    transitConfidence: transit.transitConfidence,
    gtfsStops: transit.gtfsStops,
    nearestDaM: census?.nearestDaM,
  }
  if (outside) {
    measured.popDensity = Math.min(measured.popDensity, RURAL_DENSITY)
    measured.poiCount1km = Math.min(measured.poiCount1km, 2)
    measured.intersectionDensity = Math.min(measured.intersectionDensity, 2)
    measured.transit = 0
  } else if (spread > 0) {
    measured.popDensity = geoBlend(measured.popDensity, Math.min(measured.popDensity, CITY_TYPICAL.popDensity), spread)
    measured.poiCount1km = geoBlend(measured.poiCount1km, Math.min(measured.poiCount1km, CITY_TYPICAL.poiCount1km), spread)
    measured.intersectionDensity = geoBlend(
      measured.intersectionDensity,
      Math.min(measured.intersectionDensity, CITY_TYPICAL.intersectionDensity),
      spread,
    )
    measured.transit = geoBlend(measured.transit, Math.min(measured.transit, CITY_TYPICAL.transit), spread)
  }
  // A postal code stands for its area: its transit and income are the area's (the K DAs nearest its position).
  const area = input.precision === 'postal_code' && !outside ? postalAreaAt(lat, lng, memo) : undefined
  // The area's stop equivalents: the mean of the point's and the DAs' Can-ALE 2016 1 km counts (same walk-weighted units).
  const transitInputs = area
    ? {
        stopEquivalents:
          area.transitStops1km === undefined
            ? measured.transit
            : 0.5 * measured.transit + 0.5 * STOP_EQUIVALENTS_PER_1KM_STOP * area.transitStops1km,
        popDensity: area.popDensity,
      }
    : { stopEquivalents: measured.transit, popDensity: measured.popDensity }
  const transitShare = transitShareOf(transitInputs.stopEquivalents, transitInputs.popDensity)
  const stopData = measured.gtfsStops ? stops.points : undefined
  // Speed zones describe the road at an exact position only, like counts.
  const speedZone = exact && options.speedZones !== false ? speedZoneAt(lat, lng, SPEED_ZONE_SNAP_M) : undefined
  const frontage = frontageAt(input, exact, (census !== undefined && census.nearestDaM <= 300) || stops.withinNear > 0)
  if (frontage.kind !== 'none') warnings?.push(frontage.warning)
  const located: RoadClassEstimate =
    frontage.kind === 'none'
      ? roadClassAt(input, known, measured, stopData, exact, options, speedZone)
      : { roadClass: 1, method: `modelled: ${frontage.kind === 'park' ? 'inside a park' : 'no road known nearby'}`, confidence: 'low' }
  // Counts describe the road at an exact position only; an area position is not on the counted road.
  const roadBasis = located.method.startsWith('measured: street network')
    ? 'road network'
    : known
      ? 'street'
      : located.method.includes('counted section')
        ? 'counted section'
        : located.method.includes('speed zone')
          ? 'speed zone'
          : 'inferred'
  // A store count in reach is the point's measured traffic (an area position is not at the count).
  const counted = exact && frontage.kind === 'none' ? nearestCount(lat, lng, input.measuredCounts) : undefined
  const modelledTraffic = () =>
    trafficAt(
      lat,
      lng,
      located.roadClass,
      measured,
      ctx.urbanScale,
      roadBasis,
      exact ? { excludeSections: options.excludeSections, area: options.trafficArea } : undefined,
      known ? street : undefined,
      speedZone,
    )
  // A modelled street's counts nearby (its signals or sites within 1.5 km) at an exact position (model/counted-streets.ts).
  const withCounts = (name: string | undefined, label: string | undefined, roadClass: number, t: TrafficEstimate): TrafficEstimate => {
    if (!exact || !name || !input.measuredCounts?.length || !t.method.startsWith('modelled: road class')) return t
    const c = countedStreet({ name, roadClass }, lat, lng, input.measuredCounts)
    if (!c) return t
    return {
      aadt: blendCounted(t.aadt, c),
      method: fitMethod(
        `modelled: ${c.n} ${c.city} count${c.n > 1 ? 's' : ''} of ${label ?? name} within 1.5 km (nearest ${c.nearestM} m) ` +
          `blended with ${t.method.slice(10, t.method.indexOf(')') + 1)}; fitted on ${TRAFFIC_MODEL.fittedOn}`,
      ),
      confidence: 'medium',
    }
  }
  const locatedTraffic =
    frontage.kind !== 'none'
      ? { aadt: 0, method: `modelled: none (${located.method.slice(10)})`, confidence: 'low' as Confidence }
      : counted
        ? countedTraffic(counted)
        : withCounts(street?.name, street?.name ? labelOf(street) : undefined, located.roadClass, modelledTraffic())
  // A sign at a corner faces both streets: the busier one sets the vehicle factor and the frontage class.
  const corner =
    frontage.kind === 'none'
      ? exposureAt({
          located: street?.name
            ? {
                name: street.name,
                type: street.type,
                classSource: street.classSource,
                offsetM: street.offsetM,
                road: located,
                traffic: locatedTraffic,
              }
            : undefined,
          sight: exact ? input.streetsInSight : undefined,
          counted: counted && { count: counted.count, traffic: locatedTraffic },
          locatedModelled: counted && street?.name ? () => modelledTraffic().aadt : undefined,
          classOf: (s) => classifyStreet(s, ctx.cma?.name)?.roadClass,
          unknownRoad: located,
          estimate: (roadClass, fromNetwork, s) =>
            withCounts(
              s.name,
              s.label,
              roadClass,
              trafficAt(lat, lng, roadClass, measured, ctx.urbanScale, fromNetwork ? 'road network' : 'street'),
            ),
        })
      : undefined
  const road = corner?.road ?? located
  const traffic = corner?.traffic ?? locatedTraffic
  const rc = road.roadClass
  if (exposure) {
    exposure.streets = corner?.streets ?? []
    exposure.dailyVehicles = corner?.dailyVehicles ?? traffic.aadt
  }
  // The stops at an area position (a postal area's or a place's point) are not at the address's
  // frontage: the weight expected of its 400 m stops placed anywhere in the 400 m disc.
  const nearStops = exact ? nearStopWeight(stops.points) : stops.withinNear * NEAR_STOP_AREA_MEAN
  const countedPeople = counted && countedPedestrians(counted)
  // POIs at the frontage: only an exact position is at a corner, and only where a POI source covers the city.
  const localPois = exact && !countedPeople && frontage.kind !== 'noRoad' ? poisNear(lat, lng, LOCAL_POI_RADIUS_M) : undefined
  const pedestrians =
    frontage.kind === 'noRoad'
      ? 0
      : countedPeople
        ? countedPeople.value
        : pedestriansPerDay({
            popDensity: measured.popDensity,
            poiCount1km: measured.poiCount1km,
            intersectionDensity: measured.intersectionDensity,
            transit: measured.transit,
            nearStops,
            roadClass: rc,
            localPois: localPois?.canAleEquivalents,
          })
  const areaConfidence = (c: Confidence): Confidence => (placed ? 'low' : c)
  const densityMethod = census
    ? `measured: Census 2016 (Can-ALE 1 km buffers), ${census.neighbours} DA points interpolated, ` +
      `nearest ${Math.round(census.nearestDaM)} m`
    : 'modelled: GeoNames place model (no DA point within 5 km)'

  return {
    vehicleTraffic: sig(
      roundTo(traffic.aadt, traffic.aadt >= 1000 ? 100 : 10),
      FACTORS.vehicleTraffic.unit,
      `${traffic.method}${placed}`,
      areaConfidence(traffic.confidence),
    ),
    roadClass: sig(Math.round(rc * 10) / 10, FACTORS.roadClass.unit, road.method, road.confidence),
    populationDensity: sig(
      Math.round(measured.popDensity),
      FACTORS.populationDensity.unit,
      `${outside ? 'modelled: rural density assumed' : densityMethod}${placed}`,
      areaConfidence(census ? 'high' : 'low'),
    ),
    income: incomeAt(lat, lng, ctx, exact && !outside && spread < 0.5, memo, area),
    poiDensity: sig(
      Math.round(measured.poiCount1km),
      FACTORS.poiDensity.unit,
      (census
        ? 'measured: Can-ALE 2016 OSM POI count, 1 km buffers interpolated'
        : 'modelled: from the place model density (no DA point within 5 km)') + placed,
      areaConfidence(census ? 'high' : 'low'),
    ),
    pedestrian: sig(
      roundTo(pedestrians, pedestrians >= 1000 ? 100 : 1),
      FACTORS.pedestrian.unit,
      countedPeople?.method ??
        `modelled: density × POIs × intersections × transit × near stops ` +
          `(${Math.round(nearStops * 100) / 100}${exact ? '' : ' expected'}: ` +
          `e^(−d/${NEAR_STOP_DECAY_M} m) ≤ ${NEAR_STOP_MAX_M} m) × frontage (class ${Math.round(rc * 10) / 10}) × ` +
          // ≤ 200 characters in all (the schema's limit), the place note included
          (localPois ? `POIs ≤ ${LOCAL_POI_RADIUS_M} m (${localPois.count}, ${localPois.source})` : 'no POI data at the corner') +
          placed,
      countedPeople ? 'high' : 'low',
    ),
    transit: sig(
      transitShare >= 1 ? Math.round(transitShare * 10) / 10 : Math.round(transitShare * 100) / 100,
      FACTORS.transit.unit,
      fitMethod(
        `modelled: share of ${Math.round(transitInputs.stopEquivalents * 10) / 10} stop-eq. at ` +
          `${Math.round(transitInputs.popDensity)}/km²${area ? ` (${area.das} DAs nearest the postal area)` : placed}; ` +
          measured.transitMethod,
      ),
      area ? 'medium' : areaConfidence(measured.transitConfidence === 'high' ? 'medium' : measured.transitConfidence),
    ),
  }
}

function incomeAt(
  lat: number,
  lng: number,
  ctx: UrbanContext,
  useTract: boolean,
  memo: boolean | undefined,
  area: PostalAreaMeasures | undefined,
): RawSignal {
  if (area?.income !== undefined)
    return sig(
      area.income,
      FACTORS.income.unit,
      `measured: Census 2021 census-tract median household income, median over the ${area.das} DAs nearest the postal area ` +
        `position (${area.tracts} tracts)`,
      'medium',
    )
  const tract = useTract ? tractAt(lat, lng, { memo }) : undefined
  if (tract)
    return sig(
      tract.medianHouseholdIncome,
      FACTORS.income.unit,
      `measured: Census 2021 census-tract median household income (tract ${tract.ctuid})`,
      'high',
    )
  if (ctx.cma)
    return sig(
      ctx.cma.medianHouseholdIncome,
      FACTORS.income.unit,
      `measured: Census 2021 CMA median household income (${ctx.cma.name}), ${useTract ? 'outside census tracts' : 'area position'}`,
      'medium',
    )
  return sig(
    PROVINCE_MEDIAN_HOUSEHOLD_INCOME[ctx.province ?? ''] ?? 84000,
    FACTORS.income.unit,
    `measured: Census 2021 province median household income (${ctx.province ?? 'CA'})`,
    'low',
  )
}

export { urbanContext }
