// Numbering origins: where a city numbers its east–west streets outwards from one line (Toronto from
// Yonge St) and its north–south streets from their southern end ("from the lake"), a civic number past a
// street's known address points is placed from that origin: number 0 there, the known points give the
// metres per number. Only the rules (which city, which line, which directions) are stated here; the line
// and the street's end are the store's own centrelines (docs/geocoding.md, "Numbering origins"). Pure.
import { distanceKm, metresPerDegreeLng, METRES_PER_DEGREE_LAT } from '../geodata'
import { accuracyOf } from '../geodata'
import type { GeocodeResult } from './offline'
import type { StreetKey } from './street-key'
import { nearestStreet, type StreetPiece } from './street-pieces'

type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>
interface NumberedPoint {
  number: number
  lat: number
  lng: number
}

export interface NumberingOrigin {
  /** normalizeName of the municipality as the address store files it. */
  cityKey: string
  /**
   * The street whose centreline is number 0 of the streets with these directions (a street "W" lies west of
   * it, its numbers grow westwards); without a line, number 0 is the street's southern end (numbers grow
   * northwards, and only on a street that runs north–south).
   */
  line?: StreetKey
  /** Directions of the streets numbered from this origin ('' = none written). */
  dirs: readonly string[]
}

/**
 * Hand-stated rules (the line's geometry comes from the store). Toronto: streets split into E and W at Yonge
 * St, and the others that run north–south numbered from their southern end ("from the lake"). Checked on the
 * store's own address points: the numbers of every E/W street with 5 or more points grow away from Yonge (33
 * streets), those of 76 of its 86 north–south streets grow northwards (docs/geocoding.md, "Numbering origins").
 * Not here: Montréal's Est/Ouest from boulevard Saint-Laurent (its numbers run ~0.5 m per number and jump by
 * block, which a linear metres per number does not model, and no calibration result to fit a radius on);
 * Calgary's quadrants and Edmonton's grid, which number by block from numbered streets (grid-numbering.ts).
 */
export const NUMBERING_ORIGINS: readonly NumberingOrigin[] = [
  { cityKey: 'toronto', line: { nameKey: 'yonge', typeKey: 'st', dir: '' }, dirs: ['E', 'W'] },
  { cityKey: 'toronto', dirs: [''] },
]

/** The origin rule of a civic lookup of one street in that city with that direction, if any. */
export function numberingOriginOf(cityKey: string | undefined, street: StreetKey): NumberingOrigin | undefined {
  return NUMBERING_ORIGINS.find((o) => o.cityKey === cityKey && o.dirs.includes(street.dir))
}

/** The street's known geometry must come this close to the origin line for the line to be its number 0. */
export const MAX_ORIGIN_GAP_M = 400
/**
 * Metres per civic number (both sides counted) a street numbered from the origin can have: odd and even
 * numbers alternate, so 1 m per number is a 2 m lot, narrower than any row house; a known point closer to
 * the origin than its number allows means the street is not numbered from there (its first numbers were
 * given elsewhere), and one farther than 15 m per number is a misplaced point.
 */
const MIN_METRES_PER_NUMBER = 1
const MAX_METRES_PER_NUMBER = 15
/** A number past the street's highest known one is continued at most this far, and only along its centreline. */
export const MAX_ORIGIN_EXTRAPOLATION_M = 3000
/** A continued point must fall this close to the street's centreline (else the street bends or ends there). */
const SNAP_M = 150
/** Points nearer the origin than this give no metres per number (the crossing's own lots). */
const MIN_ANCHOR_M = 50
/** A street numbered from its southern end runs north–south: its anchor lies within 60° of north of that end. */
const NORTHWARD = 0.5

/**
 * Civic number `n` of a street whose known points (`points`, one street: name, type, direction, city) do not
 * reach it: between the origin (number 0) and the lowest known number, or past the highest at the metres per
 * number the origin gives, along the street's centrelines (`lines`). Undefined when the street's data does
 * not come within MAX_ORIGIN_GAP_M of the origin line, lies on the wrong side of it, or has no plausible anchor.
 */
export function placeFromOrigin(
  n: number,
  rule: NumberingOrigin,
  dir: string,
  points: readonly NumberedPoint[],
  lines: readonly StreetPiece[],
  originLines: readonly StreetPiece[],
): Located | undefined {
  if (!points.length || n <= 0) return undefined
  const origin = rule.line ? originPoint(points, lines, originLines) : southEnd(lines)
  if (!origin) return undefined
  // Anchors: known points on the side the numbers grow to, away from the origin, at a plausible metres per number.
  const away = (p: NumberedPoint) =>
    rule.line ? p.lng < origin.lng === (dir === 'W') : (p.lat - origin.lat) * METRES_PER_DEGREE_LAT >= NORTHWARD * metres(origin, p)
  const anchors = points
    .map((p) => ({ p, m: metres(origin, p) }))
    .filter(({ p, m }) => m >= MIN_ANCHOR_M && away(p) && p.number > 0)
    .filter(({ p, m }) => m / p.number >= MIN_METRES_PER_NUMBER && m / p.number <= MAX_METRES_PER_NUMBER)
    .sort((a, b) => a.p.number - b.p.number)
  if (!anchors.length) return undefined
  // The street's own numbers must grow away from the origin (a street numbered the other way is not this rule's).
  if (anchors.length > 1 && anchors[anchors.length - 1].m < anchors[0].m) return undefined
  const low = anchors[0]
  if (n < low.p.number) {
    const t = n / low.p.number
    const at = snap({ lat: origin.lat + t * (low.p.lat - origin.lat), lng: origin.lng + t * (low.p.lng - origin.lng) }, lines)
    const accuracyM = accuracyOf('fromOrigin', low.m * Math.min(t, 1 - t), { spanM: low.m, numberGap: low.p.number })
    return { ...at, precision: 'interpolated', accuracyM }
  }
  const high = anchors[anchors.length - 1]
  if (n <= high.p.number || !lines.length) return undefined
  // Past the highest known number: the metres per number from the origin, in the direction of the street's last points.
  const stepM = ((n - high.p.number) * high.m) / high.p.number
  const inward = anchors.filter((a) => metres(a.p, high.p) >= MIN_ANCHOR_M && a.p.number < high.p.number).pop()?.p ?? origin
  const along = metres(inward, high.p)
  if (stepM > MAX_ORIGIN_EXTRAPOLATION_M || along === 0) return undefined
  const k = stepM / along
  const ahead = { lat: high.p.lat + k * (high.p.lat - inward.lat), lng: high.p.lng + k * (high.p.lng - inward.lng) }
  const on = nearestStreet(lines, ahead.lat, ahead.lng, SNAP_M)
  if (!on) return undefined
  const accuracyM = accuracyOf('fromOriginBeyond', stepM, { spanM: high.m, numberGap: high.p.number })
  return { lat: on.lat, lng: on.lng, precision: 'interpolated', accuracyM }
}

/**
 * Where the street meets the origin line: the foot, on the line, of the street's vertex or point nearest it
 * (a street "W" ends at the line; a street known only by points may stop short of it by MAX_ORIGIN_GAP_M).
 */
function originPoint(
  points: readonly NumberedPoint[],
  lines: readonly StreetPiece[],
  originLines: readonly StreetPiece[],
): { lat: number; lng: number } | undefined {
  if (!originLines.length) return undefined
  const cells = cellsOf(originLines, MAX_ORIGIN_GAP_M)
  const vertices: [number, number][] = [...points.map((p): [number, number] => [p.lng, p.lat]), ...lines.flatMap((l) => l.coords)]
  let best: { lat: number; lng: number; offsetM: number } | undefined
  for (const [lng, lat] of vertices) {
    const near = cells.get(cellKey(lat, lng))
    const hit = near && nearestStreet(near, lat, lng, best?.offsetM ?? MAX_ORIGIN_GAP_M)
    if (hit && (!best || hit.offsetM < best.offsetM)) best = { lat: hit.lat, lng: hit.lng, offsetM: hit.offsetM }
  }
  return best && { lat: best.lat, lng: best.lng }
}

/** Cells of ~1 km: a street's vertex is tested only against the origin line's pieces within padM of its cell. */
const CELL_DEG = 0.01
const cellKey = (lat: number, lng: number) => `${Math.floor(lat / CELL_DEG)},${Math.floor(lng / CELL_DEG)}`

function cellsOf(pieces: readonly StreetPiece[], padM: number): Map<string, StreetPiece[]> {
  const cells = new Map<string, StreetPiece[]>()
  for (const p of pieces) {
    const [minLat, maxLat, minLng, maxLng] = boxOf(p, padM)
    for (let y = Math.floor(minLat / CELL_DEG); y <= Math.floor(maxLat / CELL_DEG); y++)
      for (let x = Math.floor(minLng / CELL_DEG); x <= Math.floor(maxLng / CELL_DEG); x++) {
        const key = `${y},${x}`
        const list = cells.get(key)
        if (list) list.push(p)
        else cells.set(key, [p])
      }
  }
  return cells
}

/** The southernmost vertex of the street's centrelines; undefined without any. */
function southEnd(lines: readonly StreetPiece[]): { lat: number; lng: number } | undefined {
  let best: [number, number] | undefined
  for (const l of lines) for (const c of l.coords) if (!best || c[1] < best[1]) best = c
  return best && { lat: best[1], lng: best[0] }
}

function boxOf(piece: StreetPiece, padM: number): [number, number, number, number] {
  let [minLat, maxLat, minLng, maxLng] = [Infinity, -Infinity, Infinity, -Infinity]
  for (const [lng, lat] of piece.coords) {
    minLat = Math.min(minLat, lat)
    maxLat = Math.max(maxLat, lat)
    minLng = Math.min(minLng, lng)
    maxLng = Math.max(maxLng, lng)
  }
  const dLat = padM / METRES_PER_DEGREE_LAT
  const dLng = padM / metresPerDegreeLng((minLat + maxLat) / 2)
  return [minLat - dLat, maxLat + dLat, minLng - dLng, maxLng + dLng]
}

/** A point between the origin and an anchor, moved onto the street's centreline where one is within SNAP_M. */
function snap(at: { lat: number; lng: number }, lines: readonly StreetPiece[]): { lat: number; lng: number } {
  const on = lines.length ? nearestStreet(lines, at.lat, at.lng, SNAP_M) : undefined
  return on ? { lat: on.lat, lng: on.lng } : { lat: round6(at.lat), lng: round6(at.lng) }
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000
const round6 = (x: number) => Math.round(x * 1e6) / 1e6
