// Transit, pedestrian and business signals from the measured inputs (GTFS 2022 stops, Can-ALE 2016
// DA measures). Pure functions of their inputs, so the validation and the tests can reason about them.
import type { StopPoint } from './road-class'
import { PEDESTRIAN_MODEL } from '../../data/pedestrian-model.generated'
import { interpolateKnots } from '../../../lib/math'
import { TRANSIT_MODEL } from '../../data/transit-model.generated'

export const WALK_NEAR_M = 400
export const WALK_FAR_M = 800
/** A stop 400–800 m away (a 5–10 minute walk) counts half a stop within 400 m. */
const FAR_STOP_WEIGHT = 0.5
/** Stop-equivalents per rapid-transit departure/hour: a station departure carries more riders than a bus stop's. */
const STOP_EQUIVALENTS_PER_DEPARTURE = 0.5

export interface StopCounts {
  within400: number
  within800: number
}
export function countStops(stops: readonly StopPoint[]): StopCounts {
  let within400 = 0
  let within800 = 0
  for (const s of stops) {
    if (s.distanceM > WALK_FAR_M) break
    within800++
    if (s.distanceM <= WALK_NEAR_M) within400++
  }
  return { within400, within800 }
}

/** Walk-weighted stop equivalents: stops ≤ 400 m ×1, 400–800 m ×0.5, rapid-transit departures/h ×0.5. */
export function transitIndex(stops: StopCounts, stationDepartures: number): number {
  return stops.within400 + FAR_STOP_WEIGHT * (stops.within800 - stops.within400) + STOP_EQUIVALENTS_PER_DEPARTURE * stationDepartures
}

/** Can-ALE's 1 km stop count (2016) turned into the same walk-weighted equivalents, by area share (0.16 + 0.5 × 0.48). */
export const STOP_EQUIVALENTS_PER_1KM_STOP = 0.4

/**
 * Blend of the two stop measures, both in walk-weighted stop equivalents: the 2022 stops counted
 * around the point (access at the frontage) and Can-ALE's 2016 count within 1 km (the
 * neighbourhood's service, which walking and transit use follow). Equal weights: they estimate the
 * same quantity with independent errors (2016 vs 2022 routes; 1 km circle vs 400/800 m walk bands).
 */
export function blendedTransitIndex(stops: StopCounts, canaleStops1km: number, stationDepartures: number): number {
  return (
    0.5 * transitIndex(stops, 0) + 0.5 * STOP_EQUIVALENTS_PER_1KM_STOP * canaleStops1km + STOP_EQUIVALENTS_PER_DEPARTURE * stationDepartures
  )
}

/**
 * The transit commute share (%) expected of a place: logit(share) = b₀ + b₁ ln(1 + stop equivalents) +
 * b₂ ln(persons/km²), fitted on the 2011 DA commute shares outside the held-out areas (research/fit-transit.mjs).
 * Stops say where service is; density says how many ride it (a stop in a field carries few commuters).
 */
export function transitShareOf(stopEquivalents: number, popDensity: number): number {
  const [b0, b1, b2] = TRANSIT_MODEL.coefficients
  const eta = b0 + b1 * Math.log(1 + Math.max(stopEquivalents, 0)) + b2 * Math.log(Math.max(popDensity, 1))
  return 100 / (1 + Math.exp(-eta))
}

// How much a road's frontage concentrates pedestrians, by class (a sign faces the street it is on).
const PEDESTRIAN_FRONTAGE = [
  [1, 0.5],
  [2, 0.8],
  [3, 1.1],
  [4, 1.5],
  [5, 0.6],
  [6, 0.05],
] as const
/** The frontage factor of a road class; the pedestrian fit (research/validation/fit-pedestrians.mjs) fits its exponent. */
export function pedestrianFrontage(roadClass: number): number {
  return interpolateKnots(PEDESTRIAN_FRONTAGE, roadClass)
}
/**
 * Each input's reference value: the model reads ratios to these (the fit uses the same). nearStops: one
 * line's stop pair about 70 m away (2 × e^−0.7 ≈ 1; the median counted Vancouver corner has 1.7).
 */
export const PEDESTRIAN_REFERENCES = { density: 2000, pois: 50, poiOffset: 5, intersections: 40, transit: 15, nearStops: 1 } as const

/** A stop's riders walk the frontage near it: a stop d metres away weighs e^(−d / NEAR_STOP_DECAY_M) (100 m: 0.37). */
export const NEAR_STOP_DECAY_M = 100
/** Stops farther weigh under 5 % and are left out (the stop points of featuresAt reach ROUTE_RADIUS_M, 300 m). */
export const NEAR_STOP_MAX_M = 300
/** Distance-weighted stops at the frontage: Σ e^(−d / 100 m) over the stops within 300 m, sorted nearest first. */
export function nearStopWeight(stops: readonly StopPoint[]): number {
  let w = 0
  for (const s of stops) {
    if (s.distanceM > NEAR_STOP_MAX_M) break
    w += Math.exp(-s.distanceM / NEAR_STOP_DECAY_M)
  }
  return w
}
/**
 * The weight expected of each stop within 400 m when the frontage is not known (a postal-area or place
 * position): a stop placed uniformly in the 400 m disc, mean of e^(−d/L) for d ≤ 300 m (≈ 0.10).
 */
export const NEAR_STOP_AREA_MEAN =
  (2 * NEAR_STOP_DECAY_M ** 2 * (1 - Math.exp(-NEAR_STOP_MAX_M / NEAR_STOP_DECAY_M) * (1 + NEAR_STOP_MAX_M / NEAR_STOP_DECAY_M))) /
  WALK_NEAR_M ** 2

/** POIs near a corner are counted within this radius (a block face each way from the corner; 50–300 m compared, §2.3). */
export const LOCAL_POI_RADIUS_M = 100
/** Can-ALE POIs within 1 km × (100 m ÷ 1 km)²: the POIs expected within 100 m were the neighbourhood's spread evenly. */
const LOCAL_POI_AREA_SHARE = (LOCAL_POI_RADIUS_M / 1000) ** 2

export interface PedestrianInputs {
  popDensity: number
  poiCount1km: number
  intersectionDensity: number
  transit: number
  /** distance-weighted stops at the frontage (nearStopWeight) */
  nearStops: number
  roadClass: number
  /**
   * POIs within LOCAL_POI_RADIUS_M of the point in Can-ALE-equivalent units (geodata poisNear); undefined
   * where no POI source covers the point (most of Canada) or the position is an area's, not a frontage.
   */
  localPois?: number
}

/**
 * Pedestrians/day passing the point (estimate). Walking trips are made by residents (density),
 * drawn by destinations (Can-ALE's POIs within 1 km), enabled by a connected street grid (intersections) and fed by
 * transit (every rider walks to the stop; the stops near the frontage put their riders on this very
 * sidewalk, the nearer the more); a sign sees the share passing on its own street (frontage by class).
 * Where a POI source covers the city, the destinations at the corner itself: the POIs within 100 m
 * relative to the neighbourhood's (a corner busier than its 1 km area, or quieter). Elsewhere that term
 * is 1: the model fitted without local POIs. Exponents and scale are fitted on Vancouver's and Toronto's
 * intersection pedestrian counts, the local-POI exponent on Vancouver's (research/validation/fit-pedestrians.mjs).
 * Never fitted on the 2011 commute shares.
 */
export function pedestriansPerDay(x: PedestrianInputs): number {
  const e = PEDESTRIAN_MODEL.exponents
  const REF = PEDESTRIAN_REFERENCES
  const local = x.localPois === undefined ? 1 : ((1 + x.localPois) / (1 + x.poiCount1km * LOCAL_POI_AREA_SHARE)) ** e.localPois
  return (
    PEDESTRIAN_MODEL.scale *
    (Math.max(x.popDensity, 1) / REF.density) ** e.density *
    ((x.poiCount1km + REF.poiOffset) / REF.pois) ** e.pois *
    (Math.max(x.intersectionDensity, 1) / REF.intersections) ** e.intersections *
    (1 + x.transit / REF.transit) ** e.transit *
    ((1 + x.nearStops) / (1 + REF.nearStops)) ** e.nearStops *
    pedestrianFrontage(x.roadClass) ** e.frontage *
    local
  )
}
