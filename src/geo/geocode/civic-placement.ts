// A civic number placed on its street's address points: the exact point, interpolation between same-side
// neighbours, a number a little past the last known one, else the street's point nearest the anchor; each with
// its accuracy term (src/geo/geodata/accuracy.ts). Used by resolveAddressLookup.
import { accuracyOf, type AccuracyTerm, distanceKm } from '../geodata'
import type { ParsedStreet } from './address'
import type { AddressLookup, AddressPoint, StoreAnswer } from './address-lookup-types'
import { findPlace, type GeocodeResult } from './offline'
import { streetsCompatible, type StreetKey } from './street-key'

/** A placed result before the display fields. */
export type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>

/**
 * Interpolate only between same-side neighbours at most this far apart. Past LONG_SPAN_M (sparse OSM
 * streets: Toronto, Mississauga, Hamilton) the result is still better than a point somewhere on the street,
 * and its radius has a calibration of its own (src/geo/accuracy.ts `interpolatedLong`).
 */
export const MAX_INTERPOLATION_SPAN_M = 8000
const LONG_SPAN_M = 2000
/** Past the last known civic number of a side: at most this many numbers further, and this many metres. */
export const MAX_EXTRAPOLATION_NUMBERS = 20
export const MAX_EXTRAPOLATION_M = 100

/**
 * Points of a compatible street in the city written. Near the place or postal area only when the
 * store has no address of that city (a community filed under its township, or no city written):
 * a street missing from a city the store knows is not taken from the neighbouring one.
 */
export function pointsOfStreet(lookup: AddressLookup, street: AddressLookup['streets'][number], store: StoreAnswer): AddressPoint[] {
  const same = store.points.filter((p) => compatible(street, p))
  const inCity = lookup.cityKey ? same.filter((p) => p.cityKey === lookup.cityKey) : []
  if (inCity.length || (lookup.cityKey && store.cityInStore)) return inCity
  const near = lookup.near
  if (!near) return []
  // A community the store files under its township counts ("Elmira": Woolwich); a town across a provincial border
  // does not (Gatineau's rue Queen is not "Queen St, Ottawa").
  const province = lookup.area?.province
  const inProvince = (cityKey: string) => !province || !!findPlace(cityKey, province) || !findPlace(cityKey)
  return same.filter((p) => distanceKm(p.lat, p.lng, near.lat, near.lng) <= near.radiusKm && inProvince(p.cityKey))
}

/**
 * The stored streets that can be the one typed: those of the name as typed where there are any, else those of its
 * other readings (Wilmot has East Morningside Circle, Morningside Circle and West Morningside Circle: "East" there is
 * a name, not Morningside Circle's direction). For a civic address or a street; an intersection keeps every reading
 * (its two names must meet, which picks the reading: "Granville and Broadway" is W Broadway).
 */
export function asTypedFirst<T extends StreetKey>(street: AddressLookup['streets'][number], stored: readonly T[]): T[] {
  const typed = stored.filter((p) => streetsCompatible(street, p))
  return typed.length ? typed : stored.filter((p) => compatible(street, p))
}

/** A stored street that can be the one typed, or one of its other readings. */
export function compatible(street: AddressLookup['streets'][number], stored: StreetKey): boolean {
  return streetsCompatible(street, stored) || !!street.alternatives?.some((a) => streetsCompatible(a, stored))
}

/** Whether a stored piece has the type and direction typed (where typed): the street meant when a name repeats. */
export function sameKind(street: AddressLookup['streets'][number], stored: StreetKey): boolean {
  if (street.alternatives?.some((a) => a.nameKey === stored.nameKey)) return true
  return (!street.typeKey || street.typeKey === stored.typeKey) && (!street.dir || street.dir === stored.dir)
}

/** One group per distinct stored street (name, type, direction, municipality). */
export function groups(points: AddressPoint[]): AddressPoint[][] {
  const byKey = new Map<string, AddressPoint[]>()
  for (const p of points) {
    const key = `${p.nameKey}|${p.typeKey}|${p.dir}|${p.cityKey}`
    const list = byKey.get(key)
    if (list) list.push(p)
    else byKey.set(key, [p])
  }
  return [...byKey.values()]
}

export function exactness(wanted: StreetKey, stored: StreetKey): number {
  return Number(wanted.typeKey === stored.typeKey) + Number(wanted.dir === stored.dir)
}

/**
 * The order of a civic address's candidate streets: one that places the number (at its point or between
 * neighbours) before one that only knows the street; then the name as typed before another reading of it (Wilmot
 * has East Morningside Circle, Morningside Circle and West Morningside Circle: "East" is a name there, while
 * Montréal's "St Catherine St W" is Sainte-Catherine); then the closer precision, type and direction, the nearer.
 */
export function candidateOrder(typed: StreetKey, x: Candidate, y: Candidate, distance: (l: Located) => number): number {
  const placed = (c: Candidate) => Number(c.result.precision === 'street')
  const asTyped = (c: Candidate) => Number(c.g[0].nameKey !== typed.nameKey)
  return (
    placed(x) - placed(y) ||
    asTyped(x) - asTyped(y) ||
    RANK[x.result.precision] - RANK[y.result.precision] ||
    exactness(typed, y.g[0]) - exactness(typed, x.g[0]) ||
    distance(x.result) - distance(y.result)
  )
}
interface Candidate {
  g: AddressPoint[]
  result: Located
}
const RANK: Record<string, number> = { address: 0, interpolated: 1, street: 2 }

export function onStreet(street: AddressPoint[], lookup: AddressLookup): Located {
  const civic = lookup.civic
  if (civic) {
    const same = street.filter((p) => p.number === civic.number)
    const exact = same.filter((p) => p.suffix === civic.suffix)
    const hit = exact.length ? exact : same
    // The number matched but not its suffix (43 for 43A): another lot of that number, often next door.
    if (hit.length) return centre(hit, 'address', exact.length ? 'address' : 'addressNumberOnly')
    const between = interpolate(street, civic.number) ?? acrossStreet(street, civic.number)
    if (between) return between
  }
  return streetPoint(street, lookup.anchor)
}

function centre(points: AddressPoint[], precision: 'address', term: AccuracyTerm): Located {
  const lat = points.reduce((s, p) => s + p.lat, 0) / points.length
  const lng = points.reduce((s, p) => s + p.lng, 0) / points.length
  const spread = Math.max(...points.map((p) => distanceKm(lat, lng, p.lat, p.lng) * 1000))
  return { lat: round6(lat), lng: round6(lng), precision, accuracyM: accuracyOf(term, spread) }
}

/**
 * Between the nearest lower and higher civic numbers of the same parity when they are at most
 * MAX_INTERPOLATION_SPAN_M apart; past the last known number of that side only within
 * MAX_EXTRAPOLATION_NUMBERS and MAX_EXTRAPOLATION_M (a new lot at the end of a street), never further.
 */
function interpolate(street: AddressPoint[], n: number): Located | undefined {
  const side = street.filter((p) => p.number % 2 === n % 2)
  let lo: AddressPoint | undefined
  let hi: AddressPoint | undefined
  for (const p of side) {
    if (p.number < n && (!lo || p.number > lo.number)) lo = p
    if (p.number > n && (!hi || p.number < hi.number)) hi = p
  }
  if (lo && hi) return between(lo, hi, n, (spanM) => (spanM > LONG_SPAN_M ? 'interpolatedLong' : 'interpolated'))
  const last = lo ?? hi
  if (!last || Math.abs(n - last.number) > MAX_EXTRAPOLATION_NUMBERS) return undefined
  // Continue the line from the next known number on that side through the last one.
  const inward = side
    .filter((p) => p !== last && (lo ? p.number < last.number : p.number > last.number))
    .reduce<AddressPoint | undefined>(
      (a, p) => (!a || Math.abs(p.number - last.number) < Math.abs(a.number - last.number) ? p : a),
      undefined,
    )
  if (!inward || metres(inward, last) === 0)
    return { lat: last.lat, lng: last.lng, precision: 'interpolated', accuracyM: accuracyOf('extrapolated', MAX_EXTRAPOLATION_M) }
  const perNumber = metres(inward, last) / Math.abs(last.number - inward.number)
  const stepM = perNumber * Math.abs(n - last.number)
  if (stepM > MAX_EXTRAPOLATION_M) return undefined
  const k = stepM / metres(inward, last)
  return {
    lat: round6(last.lat + k * (last.lat - inward.lat)),
    lng: round6(last.lng + k * (last.lng - inward.lng)),
    precision: 'interpolated',
    accuracyM: accuracyOf('extrapolated', stepM, { spanM: metres(inward, last), numberGap: Math.abs(last.number - inward.number) }),
  }
}

/**
 * No same-side neighbours on both sides (sparse OSM streets often map one side only): between the nearest
 * lower and higher numbers of either side, with a radius calibrated for that (`interpolatedAcross`).
 */
function acrossStreet(street: AddressPoint[], n: number): Located | undefined {
  let lo: AddressPoint | undefined
  let hi: AddressPoint | undefined
  for (const p of street) {
    if (p.number < n && (!lo || p.number > lo.number)) lo = p
    if (p.number > n && (!hi || p.number < hi.number)) hi = p
  }
  return lo && hi ? between(lo, hi, n, () => 'interpolatedAcross') : undefined
}

/** Number n placed along the line from lo to hi in proportion to the numbers; none past the longest span. */
function between(lo: AddressPoint, hi: AddressPoint, n: number, term: (spanM: number) => AccuracyTerm): Located | undefined {
  const spanM = metres(lo, hi)
  if (spanM > MAX_INTERPOLATION_SPAN_M) return undefined
  const t = (n - lo.number) / (hi.number - lo.number)
  return {
    lat: round6(lo.lat + t * (hi.lat - lo.lat)),
    lng: round6(lo.lng + t * (hi.lng - lo.lng)),
    precision: 'interpolated',
    accuracyM: accuracyOf(term(spanM), spanM * Math.min(t, 1 - t), { spanM, numberGap: hi.number - lo.number }),
  }
}

/** How far past the street's known numbers a civic number lies, at the street's metres per number (its extreme points). */
export function beyondKnownNumbers(points: AddressPoint[], n: number): { beyondM: number } | undefined {
  if (points.length < 2) return undefined
  const [low, high] = points.reduce<[AddressPoint, AddressPoint]>(
    ([lo, hi], p) => [p.number < lo.number ? p : lo, p.number > hi.number ? p : hi],
    [points[0], points[0]],
  )
  if (high.number === low.number) return undefined
  const past = Math.min(...points.map((p) => Math.abs(p.number - n)))
  return { beyondM: (past * metres(low, high)) / (high.number - low.number) }
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000

/** The street's point nearest the anchor; the radius is the street's extent from there. */
function streetPoint(street: AddressPoint[], anchor: AddressLookup['anchor']): Located {
  const dist = (p: AddressPoint, q: { lat: number; lng: number }) => distanceKm(p.lat, p.lng, q.lat, q.lng)
  const best = anchor ? street.reduce((a, b) => (dist(b, anchor) < dist(a, anchor) ? b : a)) : street[0]
  const extentM = Math.max(...street.map((p) => dist(p, best) * 1000))
  return { lat: best.lat, lng: best.lng, precision: 'street', accuracyM: Math.round(Math.max(50, extentM)) }
}

export function toStreet(street: ParsedStreet): { name: string; type?: string } {
  return street.type ? { name: street.name, type: street.type } : { name: street.name }
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6
