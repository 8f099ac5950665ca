// Audience: people passing a point per day, in the form outdoor-advertising buyers know as
// circulation (vehicles × occupancy + pedestrians), with a p10–p90 interval from the held-out
// residuals of the traffic and pedestrian models (research/fit-traffic.mjs; docs/methodology.md §2.4).
import { PEDESTRIAN_MODEL, TRAFFIC_MODEL, type Exposure, type FactorSignals, type RawSignal } from '../geo/signals'
import type { Hourly } from './hourly'
import type { Impressions } from './impressions'

/**
 * Average occupants per light vehicle. Canadian Vehicle Survey (NRCan / Statistics Canada) passenger-km
 * over vehicle-km for light vehicles is ≈ 1.6 (commuting alone ≈ 1.1–1.2); 1.5 stays on the conservative side.
 * Sensitivity: 1.2–1.6 moves dailyPersons by −20 % … +7 % where vehicles dominate; it never changes a rank.
 */
export const VEHICLE_OCCUPANCY = 1.5

/**
 * A counted volume's own spread (ln): the year-to-year change of the same Edmonton site (2017 → 2019,
 * p10/p90), standing for how far one year's count is from the volume a sign sees in another year.
 */
const MEASURED_RESIDUAL = { p10: TRAFFIC_MODEL.measured.residualP10, p90: TRAFFIC_MODEL.measured.residualP90 }

/** A street a sign at the point can face, as the audience counts it. */
export interface AudienceStreet {
  name: string
  /** 1 local … 6 freeway (the engine's scale). */
  roadClass: number
  /** Estimated vehicles per day on it, both directions. */
  dailyVehicles: number
  /** Metres from the point to its centreline; null where not measured. */
  distanceM: number | null
}

export interface Audience {
  /** Vehicles passing on every street in `streets` (an intersection count: every approach). */
  dailyVehicles: number
  dailyPedestrians: number
  dailyPersons: number
  interval: { low: number; high: number }
  occupancy: number
  method: string
  sources: string[]
  /** The streets counted, the point's own street first; empty where no street is known. */
  streets: AudienceStreet[]
  /** People likely to see the sign per weekday (4.1; set by audience-plan.ts; none in results saved before 4.1). */
  impressions: Impressions | null
  /** Weekday hour-by-hour vehicles and pedestrians and a weekend factor (4.1; none in results saved before 4.1). */
  hourly: Hourly | null
}

// The models are fitted on every city's counts; the pedestrian model reads the corner POIs where a city has them.
const MODEL_SOURCES: readonly string[] = Object.freeze([
  'calgaryTraffic',
  'edmontonTraffic',
  'vancouverCounts',
  'torontoCounts',
  'censusDa',
  'transitStops',
  'pointsOfInterest',
])
const COUNTED_SOURCES: readonly string[] = Object.freeze(['calgaryTraffic', 'vancouverCounts', 'censusDa', 'transitStops'])
/** A count from the geodata store (model/measured-counts.ts): its city's counts, and the pedestrian model's inputs. */
const EDMONTON_COUNTED: readonly string[] = Object.freeze(['edmontonTraffic', 'vancouverCounts', 'censusDa', 'transitStops'])
const VANCOUVER_COUNTED: readonly string[] = Object.freeze(['vancouverCounts', 'censusDa', 'transitStops'])
const TORONTO_COUNTED: readonly string[] = Object.freeze(['torontoCounts', 'censusDa', 'transitStops'])
const method = (vehicles: string, pedestrians = 'modelled') =>
  `circulation: vehicles/day (${vehicles}) × ${VEHICLE_OCCUPANCY} occupants + pedestrians/day (${pedestrians}); interval p10–p90 ` +
  'of held-out residuals (traffic: leave-one-city-out; pedestrians: held-out Vancouver areas)'
const COUNTED_METHOD = method('counted')
const MODELLED_METHOD = method('modelled')
// A counted pedestrian volume keeps the pedestrian model's interval: no held-out residual of counts exists (wider: the safe side).
const BOTH_COUNTED_METHOD = method('counted', 'counted')

function countedSources(vehicleMethod: string): readonly string[] {
  if (vehicleMethod.includes('City of Edmonton')) return EDMONTON_COUNTED
  if (vehicleMethod.includes('City of Toronto')) return TORONTO_COUNTED
  return vehicleMethod.includes('City of Vancouver') ? VANCOUVER_COUNTED : COUNTED_SOURCES
}

// Residual quantiles as factors on the estimate (ln → ×), computed once.
const spread = (p10: number, p90: number, counted: boolean) => ({ low: Math.exp(p10), high: Math.exp(p90), counted })
const COUNTED = spread(MEASURED_RESIDUAL.p10, MEASURED_RESIDUAL.p90, true)
const FROM_STREET = spread(TRAFFIC_MODEL.street.residualP10, TRAFFIC_MODEL.street.residualP90, false)
const FROM_COORDINATES = spread(TRAFFIC_MODEL.coordinates.residualP10, TRAFFIC_MODEL.coordinates.residualP90, false)
const PEDESTRIANS = spread(PEDESTRIAN_MODEL.residualP10, PEDESTRIAN_MODEL.residualP90, false)

function vehicleSpread(raw: RawSignal): { low: number; high: number; counted: boolean } {
  if (raw.method.startsWith('measured:')) return COUNTED
  return raw.method.startsWith('modelled: road class (inferred)') ? FROM_COORDINATES : FROM_STREET
}

/** Typical AADT of a freeway (model/traffic.ts's class 6): no interval reaches above it unless the estimate does. */
const FREEWAY_AADT = 120_000

const round = (v: number) => (v >= 1000 ? Math.round(v / 100) * 100 : Math.round(v))

const NO_STREETS: readonly AudienceStreet[] = Object.freeze([])

export function audienceOf(signals: Pick<FactorSignals, 'vehicleTraffic' | 'pedestrian'>, exposure?: Exposure): Audience {
  const vehicles = exposure?.dailyVehicles === undefined ? signals.vehicleTraffic.value : round(exposure.dailyVehicles)
  const pedestrians = signals.pedestrian.value
  const v = vehicleSpread(signals.vehicleTraffic)
  // Adding the two p10s (and p90s) gives a wider interval than the sum's own quantiles: on the safe side.
  const low = vehicles * v.low * VEHICLE_OCCUPANCY + pedestrians * PEDESTRIANS.low
  // From coordinates the p90 is ×50 (a counted arterial read as a side street): capped at a freeway's typical volume.
  const high = Math.min(vehicles * v.high, Math.max(vehicles, FREEWAY_AADT)) * VEHICLE_OCCUPANCY + pedestrians * PEDESTRIANS.high
  return {
    dailyVehicles: vehicles,
    dailyPedestrians: pedestrians,
    dailyPersons: round(vehicles * VEHICLE_OCCUPANCY + pedestrians),
    interval: { low: round(low), high: round(high) },
    occupancy: VEHICLE_OCCUPANCY,
    method: v.counted ? (signals.pedestrian.method.startsWith('measured:') ? BOTH_COUNTED_METHOD : COUNTED_METHOD) : MODELLED_METHOD,
    // A spread, not slice(): V8's slice of a frozen array takes a slow path (≈ 0.6 µs, against 25 ns).
    sources: [...(v.counted ? countedSources(signals.vehicleTraffic.method) : MODEL_SOURCES)],
    streets: exposure?.streets?.length
      ? exposure.streets.map((s) => ({
          name: s.label,
          roadClass: Math.round(s.roadClass * 10) / 10,
          dailyVehicles: round(s.dailyVehicles),
          distanceM: s.offsetM ?? null,
        }))
      : [...NO_STREETS],
    // Set by audience-plan.ts withPlanning; declared here so the object keeps one shape.
    impressions: null,
    hourly: null,
  }
}
