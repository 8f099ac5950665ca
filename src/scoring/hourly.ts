// Day parts: the weekday audience hour by hour and a weekend factor (docs/methodology.md §2.8). A street's
// traffic is a mix of through traffic (a regional, all-purpose profile) and trips to and from the land
// around it (residential, office, retail: ITE Trip Generation's peak-hour shares); how much of each
// depends on the street's class and on how central the point is. Pedestrians mix a downtown and a
// neighbourhood profile by the same centrality. Nothing here is fitted to counts: the Vancouver peak-hour
// counts only validate it (scripts/validation/hourly.mjs, `npm run validate:hourly`).

/** Weekday share of the day's volume in each hour (0 = 00:00–00:59), in per cent; normalised below. */
const RAW = {
  /**
   * All-purpose urban weekday traffic (the through traffic of an arterial or freeway): AM peak ≈ 7 %, PM
   * peak ≈ 8 % of the day, inside FHWA's 8–12 % peak-hour (K) range for urban roads (TMIP Model Validation
   * and Reasonableness Checking Manual §6), night (00–05 h) ≈ 3 %.
   */
  through: [0.8, 0.5, 0.4, 0.4, 0.6, 1.5, 4, 7, 7.2, 5.6, 5.2, 5.5, 5.8, 5.8, 6, 6.8, 7.8, 8, 6, 4.5, 3.6, 3, 2.2, 1.5],
  /** ITE Trip Generation, single-family housing (210): AM peak hour ≈ 0.74, PM ≈ 0.99 trips per unit of ≈ 9.4 a day. */
  residential: [0.6, 0.3, 0.2, 0.2, 0.3, 1, 3.5, 7.8, 6.5, 4.5, 4.3, 4.8, 5.2, 5, 5.4, 7, 9, 10.5, 8, 5.6, 4.5, 3.5, 2.2, 1.2],
  /** ITE general office (710): AM ≈ 1.56, PM ≈ 1.49 trips per 1,000 sq ft of ≈ 11 a day (≈ 14 % in each peak). */
  office: [0.2, 0.1, 0.1, 0.1, 0.2, 0.8, 4, 11, 14, 7.5, 5, 6.5, 8, 7.5, 5.5, 7.5, 13.5, 10, 3.5, 1.5, 1, 0.8, 0.5, 0.3],
  /** ITE shopping centre (820): AM ≈ 0.96, PM ≈ 3.7 trips per 1,000 sq ft of ≈ 42 a day (PM ≈ 9 %, AM ≈ 2 %). */
  retail: [0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.6, 1.5, 2.3, 3.8, 5.8, 7.5, 8.5, 8.3, 8, 8.2, 8.6, 9, 8.5, 7.2, 5.5, 3.5, 1.5, 0.6],
  /**
   * Downtown pedestrians: a lunch peak above the commute peaks (hourly counts of downtown Montpelier VT,
   * Aultman-Hall et al. 2009, TRR 2140; the National Bicycle and Pedestrian Documentation Project's weekday
   * pedestrian distribution: noon ≈ 9–10 %, 17 h ≈ 8 %).
   */
  pedDowntown: [0.5, 0.3, 0.2, 0.1, 0.1, 0.3, 1.2, 3.5, 5.5, 4.8, 5, 7, 9.5, 8.5, 6.5, 6.5, 7.5, 8.5, 6.5, 5, 4.2, 3.5, 2.5, 1.5],
  /** Neighbourhood pedestrians: school-time peaks (08 h, 15 h) and an early-evening one; flatter at noon. */
  pedNeighbourhood: [0.3, 0.2, 0.1, 0.1, 0.1, 0.4, 1.8, 5, 8, 5.5, 5, 5.5, 6.5, 6, 6, 8, 8, 8.5, 7.5, 5.5, 3.5, 2, 1.2, 0.7],
}
type ProfileKey = keyof typeof RAW

const normalise = (v: readonly number[]) => {
  const sum = v.reduce((s, x) => s + x, 0)
  return Float64Array.from(v, (x) => x / sum)
}
/** The profiles as shares of the day (each sums to 1); exported for scripts/validation/hourly.mjs's fit. */
export const SHARES = Object.fromEntries(Object.entries(RAW).map(([k, v]) => [k, normalise(v)])) as Record<ProfileKey, Float64Array>

/**
 * Weekend-day volume over a weekday's. Through traffic: FHWA Traffic Monitoring Guide urban day-of-week
 * factors (weekend ≈ 0.8–0.9 of a weekday); offices mostly closed; retail busier on Saturday than on a
 * weekday (ITE 820 Saturday ≈ 1.2 × weekday) and quieter on Sunday: 1.1 for the weekend day. Downtown
 * pedestrians fall with the offices, neighbourhood ones barely.
 */
const WEEKEND = { through: 0.85, residential: 0.95, office: 0.3, retail: 1.1, pedDowntown: 0.75, pedNeighbourhood: 0.9 } as const

/**
 * Share of a street's traffic that is through traffic, by road class (1 local … 6 freeway): the functional
 * classification's access-versus-mobility gradient (TAC Geometric Design Guide, ch. 2): a local street
 * carries mostly its own frontage's trips, a freeway almost none.
 */
const THROUGH_BY_CLASS = [0.2, 0.2, 0.4, 0.65, 0.8, 0.9, 0.95] as const

/** Land-use mix of the locally generated trips, suburban (centrality 0) and downtown (1). */
const LOCAL_MIX = {
  suburban: { residential: 0.7, retail: 0.25, office: 0.05 },
  downtown: { residential: 0.15, retail: 0.45, office: 0.4 },
} as const

/**
 * Centrality 0 … 1 from the OpenStreetMap POIs within 1 km (the poiDensity raw value), log scale: 136 (the
 * 90th percentile of urban DAs, factors.ts) → 0, 1,500 (a downtown core) → 1.
 */
export function centralityOf(poisWithin1Km: number): number {
  const c = (Math.log10(Math.max(1, poisWithin1Km)) - Math.log10(136)) / (Math.log10(1500) - Math.log10(136))
  return c < 0 ? 0 : c > 1 ? 1 : c
}

/** Annual-average hours of darkness at Canadian urban latitudes (≈ 43–53° N): sunset ≈ 16:30–21:30, sunrise ≈ 05:00–08:00. */
export const DARK_HOURS: readonly number[] = Object.freeze([0, 1, 2, 3, 4, 5, 6, 19, 20, 21, 22, 23])

const localProfile = (mix: { residential: number; retail: number; office: number }) =>
  Float64Array.from(
    { length: 24 },
    (_, h) => mix.residential * SHARES.residential[h] + mix.retail * SHARES.retail[h] + mix.office * SHARES.office[h],
  )
/** The local trips' profile at centrality 0 and 1: a score mixes three profiles, not four (linear, so the same). */
const LOCAL_SUBURBAN = localProfile(LOCAL_MIX.suburban)
const LOCAL_DOWNTOWN = localProfile(LOCAL_MIX.downtown)
const darkOf = (shares: Float64Array) => DARK_HOURS.reduce((sum, h) => sum + shares[h], 0)
/** Each profile's share of the day in the dark hours (what an unlit sign loses), computed once. */
const DARK = {
  through: darkOf(SHARES.through),
  suburban: darkOf(LOCAL_SUBURBAN),
  downtown: darkOf(LOCAL_DOWNTOWN),
  pedDowntown: darkOf(SHARES.pedDowntown),
  pedNeighbourhood: darkOf(SHARES.pedNeighbourhood),
}

export function throughShare(roadClass: number): number {
  const c = Math.min(6, Math.max(1, roadClass))
  const lo = Math.floor(c)
  return THROUGH_BY_CLASS[lo] + (THROUGH_BY_CLASS[Math.min(6, lo + 1)] - THROUGH_BY_CLASS[lo]) * (c - lo)
}

/** How a point's profiles mix: the through share of its traffic and its centrality. */
export interface HourlyMix {
  through: number
  centrality: number
}

/** The weekday share of the day's vehicles in hour `h`. */
export function vehicleShare(mix: HourlyMix, h: number): number {
  const c = mix.centrality
  return mix.through * SHARES.through[h] + (1 - mix.through) * ((1 - c) * LOCAL_SUBURBAN[h] + c * LOCAL_DOWNTOWN[h])
}
export function pedestrianShare(mix: HourlyMix, h: number): number {
  return mix.centrality * SHARES.pedDowntown[h] + (1 - mix.centrality) * SHARES.pedNeighbourhood[h]
}
/** Share of a weekday's vehicles and pedestrians in the dark hours (DARK_HOURS). */
export function darkShares(mix: HourlyMix): { vehicles: number; pedestrians: number } {
  const c = mix.centrality
  return {
    vehicles: mix.through * DARK.through + (1 - mix.through) * ((1 - c) * DARK.suburban + c * DARK.downtown),
    pedestrians: c * DARK.pedDowntown + (1 - c) * DARK.pedNeighbourhood,
  }
}

/** The mix of a point: its streets' through shares weighted by their vehicles (`fallbackClass` without streets). */
export function mixOf(
  streets: readonly { roadClass: number; dailyVehicles: number }[],
  fallbackClass: number,
  centrality: number,
): HourlyMix {
  let through = 0
  let total = 0
  for (const s of streets) {
    through += throughShare(s.roadClass) * s.dailyVehicles
    total += s.dailyVehicles
  }
  return { through: total > 0 ? through / total : throughShare(fallbackClass), centrality }
}

export interface Hourly {
  /** Vehicles passing in each weekday hour, 0 = 00:00–00:59 local time (24 values). */
  vehicles: number[]
  pedestrians: number[]
  /** A weekend day's volume over a weekday's. */
  weekendFactor: { vehicles: number; pedestrians: number }
  /** 0 suburban … 1 downtown core (POIs within 1 km), the context the profiles are mixed by. */
  centrality: number
  context: 'downtown' | 'mixed' | 'suburban'
  method: string
}

export const HOURLY_METHOD =
  'modelled (confidence low): weekday hourly shares mixing published profiles (through traffic: FHWA; residential, office, ' +
  'retail trip ends: ITE Trip Generation; pedestrians: NBPD) by road class and centrality (POIs within 1 km); not fitted to counts'

const r = (x: number) => (x >= 100 ? Math.round(x) : Math.round(x * 10) / 10)

/**
 * The day's vehicles and pedestrians spread over a weekday's 24 hours. `streets` weigh each street's class
 * by its vehicles (the mix is linear in the weights, so this is the sum of every street's own profile).
 */
export function hourlyOf(dailyVehicles: number, dailyPedestrians: number, mix: HourlyMix): Hourly {
  // The mix's weights folded into each profile once (six products an hour, no calls): this runs in every score.
  const t = dailyVehicles * mix.through
  const s = dailyVehicles * (1 - mix.through) * (1 - mix.centrality)
  const d = dailyVehicles * (1 - mix.through) * mix.centrality
  const pd = dailyPedestrians * mix.centrality
  const pn = dailyPedestrians * (1 - mix.centrality)
  const through = SHARES.through
  const pedDowntown = SHARES.pedDowntown
  const pedNeighbourhood = SHARES.pedNeighbourhood
  const vehicles: number[] = []
  const pedestrians: number[] = []
  for (let h = 0; h < 24; h++) {
    vehicles.push(r(t * through[h] + s * LOCAL_SUBURBAN[h] + d * LOCAL_DOWNTOWN[h]))
    pedestrians.push(r(pd * pedDowntown[h] + pn * pedNeighbourhood[h]))
  }
  const c = mix.centrality
  const local = 1 - mix.through
  const weekendVehicles =
    mix.through * WEEKEND.through +
    local *
      (1 - c) *
      (LOCAL_MIX.suburban.residential * WEEKEND.residential +
        LOCAL_MIX.suburban.office * WEEKEND.office +
        LOCAL_MIX.suburban.retail * WEEKEND.retail) +
    local *
      c *
      (LOCAL_MIX.downtown.residential * WEEKEND.residential +
        LOCAL_MIX.downtown.office * WEEKEND.office +
        LOCAL_MIX.downtown.retail * WEEKEND.retail)
  const weekendPedestrians = c * WEEKEND.pedDowntown + (1 - c) * WEEKEND.pedNeighbourhood
  return {
    vehicles,
    pedestrians,
    weekendFactor: { vehicles: Math.round(weekendVehicles * 100) / 100, pedestrians: Math.round(weekendPedestrians * 100) / 100 },
    centrality: Math.round(c * 100) / 100,
    context: c >= 0.5 ? 'downtown' : c > 0 ? 'mixed' : 'suburban',
    method: HOURLY_METHOD,
  }
}

/** Weekday day parts (local hours, start inclusive, end exclusive) and the weekend; `/compare` ranks by them. */
export const DAY_PARTS = {
  weekdayAM: [7, 10],
  weekdayMidday: [11, 14],
  weekdayPM: [16, 19],
  weekdayEvening: [19, 23],
} as const
export type DayPart = keyof typeof DAY_PARTS | 'weekend'
export const DAY_PART_NAMES: readonly DayPart[] = Object.freeze([...(Object.keys(DAY_PARTS) as DayPart[]), 'weekend'])

/** People passing in a day part: vehicles × occupancy + pedestrians, summed over its hours (a weekend day: the whole day). */
export function peopleIn(hourly: Pick<Hourly, 'vehicles' | 'pedestrians' | 'weekendFactor'>, part: DayPart, occupancy: number): number {
  const [from, to] = part === 'weekend' ? [0, 24] : DAY_PARTS[part]
  let v = 0
  let p = 0
  for (let h = from; h < to; h++) {
    v += hourly.vehicles[h]
    p += hourly.pedestrians[h]
  }
  if (part === 'weekend') return v * occupancy * hourly.weekendFactor.vehicles + p * hourly.weekendFactor.pedestrians
  return v * occupancy + p
}
