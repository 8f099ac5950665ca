// What a street's centrelines (geodata store) add to civic geocoding: a point on a street that has no
// address points, the radius of a street-level answer, an interpolated point kept off the roadway, and
// the road class of the street located. Pure; used by address-lookup.ts.
import type { GeocodeResult } from './offline'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { CLASS_SOURCES, nearestStreet, type StreetPiece } from './street-pieces'
import { distanceKm } from '../geodata'

type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>
/** An address point as far as these helpers need it. */
interface NumberedPoint {
  number: number
  lat: number
  lng: number
}
const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/** A street with centrelines but no address points: its point nearest the anchor; the radius is its extent from there. */
export function onLines(lines: StreetPiece[], anchor: { lat: number; lng: number } | undefined): Located | undefined {
  if (!lines.length || !anchor) return undefined
  const hit = nearestStreet(lines, anchor.lat, anchor.lng, Infinity)
  if (!hit) return undefined
  return { lat: hit.lat, lng: hit.lng, precision: 'street', accuracyM: Math.round(Math.max(50, extentM(lines, hit))) }
}

/** Farthest centreline vertex of the street from a point on it: where on the street the place may be. */
export function extentM(lines: Pick<StreetPiece, 'coords'>[], from: { lat: number; lng: number }): number {
  let far = 0
  for (const p of lines) for (const [lng, lat] of p.coords) far = Math.max(far, distanceKm(from.lat, from.lng, lat, lng) * 1000)
  return Math.round(far)
}

/** An interpolated point is kept at least this far off the centreline, on its numbers' side. */
const MIN_SIDE_OFFSET_M = 5

/**
 * Interpolating between points that sit on the centreline (some providers place them there) would put a
 * lot in the roadway: such a point moves MIN_SIDE_OFFSET_M to the side where the same-parity numbers
 * nearby stand. Where the side is not known (no centreline, or the neighbours are on it too) it stays.
 */
export function offCentreline(at: Located, n: number, points: readonly NumberedPoint[], lines: StreetPiece[]): Located {
  const onLine = nearestStreet(lines, at.lat, at.lng, 30)
  if (!onLine || onLine.offsetM >= MIN_SIDE_OFFSET_M) return at
  const kx = metresPerDegreeLng(at.lat)
  const ky = METRES_PER_DEGREE_LAT
  const sameSide = points
    .filter((p) => p.number % 2 === n % 2)
    .sort((a, b) => Math.abs(a.number - n) - Math.abs(b.number - n))
    .slice(0, 4)
  let east = 0
  let north = 0
  for (const p of sameSide) {
    const foot = nearestStreet(lines, p.lat, p.lng, 60)
    if (!foot) continue
    east += (p.lng - foot.lng) * kx
    north += (p.lat - foot.lat) * ky
  }
  const length = Math.hypot(east, north)
  if (length < 1) return at
  const lat = onLine.lat + ((north / length) * MIN_SIDE_OFFSET_M) / ky
  const lng = onLine.lng + ((east / length) * MIN_SIDE_OFFSET_M) / kx
  return { ...at, lat: round6(lat), lng: round6(lng) }
}

/** Metres within which the located point's own street centreline gives the road class. */
const CLASS_SNAP_M = 80

/** Road class of the located street from its nearest centreline (the busier street at an intersection). */
export function classOnLines(
  linesPer: StreetPiece[][],
  at: Located,
): { roadClass: number; classSource: string; offsetM: number } | undefined {
  let best: { roadClass: number; classSource: string; offsetM: number } | undefined
  for (const lines of linesPer) {
    const hit = nearestStreet(lines, at.lat, at.lng, CLASS_SNAP_M, (p) => p.roadClass !== undefined)
    if (hit && (!best || hit.piece.roadClass! > best.roadClass))
      best = { roadClass: hit.piece.roadClass!, classSource: CLASS_SOURCES[hit.piece.source] ?? hit.piece.source, offsetM: hit.offsetM }
  }
  return best
}
