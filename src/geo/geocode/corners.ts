// The Cities' own corners as a gazetteer of typed intersections (table street_corners; City of Toronto
// signals, City of Vancouver named intersections): a typed pair of streets that the City names at a corner
// is placed at the City's position. Matched with the same street-key rules as everything else (a type or
// direction given on both sides must agree), in either order. Pure; the corners come from D1
// (src/services/corner-store.ts) or memory (scripts/lib/geodata-memory.ts).
import type { StreetKey } from './street-key'
import { distanceKm } from '../geodata'

export interface Corner {
  a: StreetKey
  b: StreetKey
  /** "Dufferin St & Finch Ave W", as the City names the two streets. */
  name: string
  lat: number
  lng: number
}

/**
 * The City's position is the middle of the crossing; the crossing itself spans the roadways (two arterials
 * of 4–6 lanes: 25–40 m corner to corner). Its radius reaches the far corner of such a crossing.
 */
export const CORNER_ACCURACY_M = 25
/** Corners of one pair closer than this are one crossing (a divided road, a name listed twice). */
const SAME_CORNER_M = 60

const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/**
 * Where the City places the crossing of two typed streets, or undefined when it names none. Several
 * places of one pair (a crescent meeting a street twice): the one within `around.radiusM` of the place,
 * then the nearest to it; corners of one place are averaged and the radius reaches each.
 */
export function cornerOf<W extends StreetKey>(
  streets: readonly W[],
  corners: readonly Corner[],
  matches: (wanted: W, stored: StreetKey) => boolean,
  around?: { lat: number; lng: number; radiusM?: number },
): { lat: number; lng: number; accuracyM: number } | undefined {
  const hits = corners.filter(
    (c) => (matches(streets[0], c.a) && matches(streets[1], c.b)) || (matches(streets[0], c.b) && matches(streets[1], c.a)),
  )
  if (!hits.length) return undefined
  const places: Corner[][] = []
  for (const c of hits) {
    const place = places.find((p) => metres(p[0], c) <= SAME_CORNER_M)
    if (place) place.push(c)
    else places.push([c])
  }
  const centres = places.map((p) => {
    const lat = p.reduce((s, c) => s + c.lat, 0) / p.length
    const lng = p.reduce((s, c) => s + c.lng, 0) / p.length
    const spread = Math.max(...p.map((c) => metres({ lat, lng }, c)))
    return { lat: round6(lat), lng: round6(lng), accuracyM: Math.round(Math.max(CORNER_ACCURACY_M, spread + CORNER_ACCURACY_M)) }
  })
  if (!around) return centres[0]
  const inside = (c: { lat: number; lng: number }) => around.radiusM === undefined || metres(c, around) <= around.radiusM
  return centres.sort((x, y) => Number(inside(y)) - Number(inside(x)) || metres(x, around) - metres(y, around))[0]
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000
