// A street's volume from the counts of the same street nearby (methodology §2.6): an arterial carries much
// the same traffic from one signal to the next, so the City's counts along a street say more of it than its
// class does. Toronto's signals and Vancouver's intersections are totals over every approach (the street's part
// taken as a fixed share); Edmonton's sites are one road's both directions. Blended with the class model, not
// replacing it: a count 1 km away is evidence about the street, not a measurement at the point.
import { distanceM } from '../../geodata'
import { COUNT_SNAP_M, type MeasuredCount } from './measured-counts'
import { sameStreet } from './exposure'
import { logPriorAadt } from './traffic'

/** Counts of the same street this far away inform its volume (the service reads the cells within ≥ 1.5 km). */
export const COUNTED_STREET_RADIUS_M = 1500
/**
 * A street's share of an intersection's entering vehicles, its cross street's class unknown: a counted
 * intersection is a signal, and a signal stands where a street meets an arterial, so the cross street is taken
 * as at least a minor arterial (class 3) and at least the street's own class; the shares are the classes'
 * typical volumes (traffic.ts). Two arterials: ½ each; a collector at an arterial: 0.2; a local street: 0.03.
 */
export function shareOfIntersection(roadClass: number): number {
  const own = Math.exp(logPriorAadt(roadClass))
  return own / (own + Math.exp(logPriorAadt(Math.max(roadClass, 3))))
}
/**
 * Weight of the counted estimate in the log-blend with the class model (1 − it: the model's). Chosen on the
 * City of Toronto signals with every count within 250 m of the scored one hidden (research/validation/
 * counted-streets.mjs: 0.3 → 0.53, 0.5 → 0.60, 0.7 → 0.63, methodology §2.6).
 */
export const COUNTED_WEIGHT = 0.7

export interface CountedStreet {
  /** Vehicles per day on the street (both directions), from its counts alone. */
  aadt: number
  /** Counts used (the nearest two of the street within the radius). */
  n: number
  nearestM: number
  /** "City of Toronto", "City of Vancouver", "City of Edmonton". */
  city: string
}

const CITY: Record<string, string> = {
  'toronto-counts': 'City of Toronto',
  'vancouver-counts': 'City of Vancouver',
  'edmonton-counts': 'City of Edmonton',
}
// Edmonton's site names: "<road> West of <cross road>"; an intersection: "<street> & <street>".
const SITE_ROAD = /\s+(?:north|south|east|west|n|s|e|w)\s+of\s+.*$/i
const streetsNamed = new WeakMap<MeasuredCount, { name: string }[]>()
function streetsOf(count: MeasuredCount): { name: string }[] {
  let names = streetsNamed.get(count)
  if (!names) {
    names =
      count.kind === 'intersection' ? count.name.split(' & ').map((name) => ({ name })) : [{ name: count.name.replace(SITE_ROAD, '') }]
    streetsNamed.set(count, names)
  }
  return names
}

/** The street's volume (of class `roadClass`) from its nearest two counts within COUNTED_STREET_RADIUS_M (log-mean, 1/distance). */
export function countedStreet(
  street: { name: string; type?: string; roadClass: number },
  lat: number,
  lng: number,
  counts: readonly MeasuredCount[] | undefined,
): CountedStreet | undefined {
  let first: { count: MeasuredCount; d: number } | undefined
  let second: { count: MeasuredCount; d: number } | undefined
  for (const count of counts ?? []) {
    const d = distanceM(lat, lng, count.lat, count.lng)
    // A count within COUNT_SNAP_M is the point's own measurement (measured-counts.ts), not a neighbour's evidence.
    if (d > COUNTED_STREET_RADIUS_M || d <= COUNT_SNAP_M || (second && d >= second.d)) continue
    if (!streetsOf(count).some((s) => sameStreet(s, street))) continue
    if (!first || d < first.d) {
      second = first
      first = { count, d }
    } else second = { count, d }
  }
  if (!first) return undefined
  const used = second ? [first, second] : [first]
  let weight = 0
  let sum = 0
  for (const { count, d } of used) {
    const w = 1 / Math.max(d, 50)
    const volume = count.kind === 'intersection' ? count.vehicles * shareOfIntersection(street.roadClass) : count.vehicles
    weight += w
    sum += w * Math.log(Math.max(volume, 1))
  }
  return {
    aadt: Math.exp(sum / weight),
    n: used.length,
    nearestM: Math.round(first.d),
    city: CITY[first.count.source] ?? first.count.source,
  }
}

/** The class model's estimate blended with the street's counts (log-space, COUNTED_WEIGHT). */
export function blendCounted(modelled: number, counted: CountedStreet): number {
  return Math.exp(COUNTED_WEIGHT * Math.log(Math.max(counted.aadt, 1)) + (1 - COUNTED_WEIGHT) * Math.log(Math.max(modelled, 1)))
}
