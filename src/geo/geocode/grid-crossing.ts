// Where a street crosses a numbered street of a city's grid (Edmonton's streets and avenues, Vancouver's avenues:
// grid-numbering.ts says which cities) when the store has no line of that numbered street there: between its
// crossings with the nearest lower and higher numbers the store does have, at the number's share of the way (the
// grid numbers its streets in order, roughly a block per number); or, neither line passing, from both streets'
// positions on the grid. Edmonton's lines are its main and counted roads, so most numbered streets a user names have
// none there. Used by block numbering (grid-numbering.ts) and typed intersections. Pure.
import { distanceKm, METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { streetsCompatible } from './street-key'
import { ordinalOf } from './street-aliases'
import { CORNER_LINE_CROSSING_MIN_M, floored } from './intersection-crossing'
import { crossingOfLines, isCornerLine, type LineCrossing, type StreetPiece } from './street-pieces'

/**
 * Numbers either side of a numbered street whose lines are asked of the store (Edmonton's main roads run ~8 apart).
 * Two typed numbers ask for at most 2 × 16 × 2 spellings = 64 names: under D1's 100 bound parameters a query.
 */
export const GRID_NEIGHBOURS = 8
/**
 * Two known crossings farther apart than this are not bridged by the numbers between (a gap in the grid, a
 * river valley, another part of the city); per number, the blocks of both cities are 60–250 m.
 */
export const MAX_GRID_SPAN_M = 2000
const MIN_M_PER_NUMBER = 40
const MAX_M_PER_NUMBER = 300
/**
 * accuracyM of a crossing placed between two known ones: at least GRID_MIN_M, plus GRID_SHARE of their distance
 * apart (blocks are not all of one length). Calibrated by leaving each known crossing out and placing it from its
 * neighbours (`node research/calibrate-grid.mjs`, docs/geocoding.md "Numbered grids").
 */
export const GRID_MIN_M = 60
export const GRID_SHARE = 0.1

export interface NumberedCrossing extends LineCrossing {
  /**
   * Placed by the city's numbering, not where lines cross: between the crossings of these two numbers (on a line),
   * or at the typed street's and avenue's positions on the grid (crossingOnAxes: their two numbers).
   */
  between?: [number, number]
}

/**
 * A numbered street's number: "102" → 102, "95a" (95A Street) → 95.5, "10th" (Vancouver's E 10th Av) → 10;
 * undefined for a named street.
 */
export function gridNumberOf(nameKey: string): number | undefined {
  const m = nameKey.match(/^(\d{1,3})(?:st|nd|rd|th)?([a-z]?)$/)
  return m ? Number(m[1]) + (m[2] ? 0.5 : 0) : undefined
}

/** The name keys of the numbers around `n` (n excluded), bare and ordinal, whose lines the store is asked for. */
export function gridNeighbourKeys(n: number): string[] {
  const keys: string[] = []
  for (let k = Math.floor(n) - GRID_NEIGHBOURS; k <= Math.ceil(n) + GRID_NEIGHBOURS; k++)
    if (k > 0 && k !== n) keys.push(String(k), ordinalOf(k))
  return keys
}

/** The pieces of each number (either way of writing it), read once per answer of the store. */
const byNumber = new WeakMap<readonly StreetPiece[], Map<number, StreetPiece[]>>()
/** The pieces of numbered street `k` of the type and quadrant or direction typed. */
function numbered(pieces: readonly StreetPiece[], k: number, typeKey: string, dir: string): StreetPiece[] {
  let index = byNumber.get(pieces)
  if (!index) {
    index = new Map()
    for (const p of pieces) {
      const n = gridNumberOf(p.nameKey)
      if (n === undefined) continue
      const list = index.get(n)
      if (list) list.push(p)
      else index.set(n, [p])
    }
    byNumber.set(pieces, index)
  }
  return (index.get(k) ?? []).filter((p) => streetsCompatible({ nameKey: p.nameKey, typeKey, dir }, p))
}

/**
 * Where `lines` (one street's centrelines) cross numbered street `n` of `typeKey` in quadrant `dir`: the lines'
 * own crossing when the store has the numbered street there, else between the crossings of the nearest lower and
 * higher numbers it has (both needed, MAX_GRID_SPAN_M at most, 40–300 m per number). Null when neither.
 */
export function crossingOfNumbered(
  lines: readonly StreetPiece[],
  n: number,
  typeKey: string,
  dir: string,
  pieces: readonly StreetPiece[],
  anchor?: { lat: number; lng: number },
  /** Whether a numbered street the lines do not cross may be placed between its neighbours (grid-numbering.ts says where). */
  interpolate = true,
): NumberedCrossing | null {
  if (!lines.length) return null
  const at = (k: number): LineCrossing | null => {
    const cross = numbered(pieces, k, typeKey, dir)
    if (!cross.length) return null
    // A line through a City's positions is a chord between them: its crossing claims what an intersection's does.
    const chords = lines.some(isCornerLine) || cross.some(isCornerLine)
    return floored(crossingOfLines(lines, cross, anchor), chords ? CORNER_LINE_CROSSING_MIN_M : 0)
  }
  const own = at(n)
  if (own || !interpolate) return own
  const around = eitherSide(n, at)
  if (!around) return null
  const [[a, ca], [b, cb]] = around
  const span = metres(ca, cb)
  const perNumber = span / (b - a)
  if (span > MAX_GRID_SPAN_M || perNumber < MIN_M_PER_NUMBER || perNumber > MAX_M_PER_NUMBER) return null
  const t = (n - a) / (b - a)
  const point = { lat: round6(ca.lat + t * (cb.lat - ca.lat)), lng: round6(ca.lng + t * (cb.lng - ca.lng)) }
  const accuracyM = Math.round(Math.max(ca.accuracyM, cb.accuracyM, GRID_MIN_M + GRID_SHARE * span))
  return { ...point, accuracyM, between: [a, b] }
}

/**
 * The nearest lower and higher whole numbers around `n` (within GRID_NEIGHBOURS) for which `valueAt` knows something,
 * with what it knows; undefined unless both sides have one.
 */
function eitherSide<T>(n: number, valueAt: (k: number) => T | null): [[number, T], [number, T]] | undefined {
  let below: [number, T] | undefined
  let above: [number, T] | undefined
  for (let step = 1; step <= GRID_NEIGHBOURS && (!below || !above); step++) {
    const [lo, hi] = [Math.floor(n) - step + (Number.isInteger(n) ? 0 : 1), Math.ceil(n) + step - (Number.isInteger(n) ? 0 : 1)]
    if (!below && lo > 0) {
      const v = valueAt(lo)
      if (v) below = [lo, v]
    }
    if (!above) {
      const v = valueAt(hi)
      if (v) above = [hi, v]
    }
  }
  return below && above ? [below, above] : undefined
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000
const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/**
 * How far a numbered street's own line is carried along the grid's axis to the crossing (Edmonton's numbered
 * streets run north–south and its avenues east–west, straight, for kilometres): a hold-out block and a block or two.
 */
export const GRID_CARRY_M = 600
/** accuracyM of a crossing placed on the grid from the two streets' positions: what a carried line adds, per metre. */
export const GRID_CARRY_SHARE = 0.1

interface AxisPosition {
  /** Longitude of a numbered street, latitude of an avenue. */
  at: number
  /** Metres the position stands from the data it was read from (carried along the axis), or spans (between). */
  uncertainM: number
}

/**
 * Where a numbered street (`typeKey` st: a longitude; ave: a latitude) lies at `cross` (the other coordinate):
 * its own line within GRID_CARRY_M along the axis, else between the numbers around it that have one there.
 */
function axisPosition(n: number, typeKey: string, dir: string, cross: number, pieces: readonly StreetPiece[]): AxisPosition | null {
  const northSouth = typeKey === 'st'
  const own = lineAt(n, typeKey, dir, cross, northSouth, pieces)
  if (own) return own
  const around = eitherSide(n, (k) => lineAt(k, typeKey, dir, cross, northSouth, pieces))
  if (!around) return null
  const [[a, pa], [b, pb]] = around
  const spanM = Math.abs(pb.at - pa.at) * (northSouth ? metresPerDegreeLng(cross) : METRES_PER_DEGREE_LAT)
  const perNumber = spanM / (b - a)
  if (spanM > MAX_GRID_SPAN_M || perNumber < MIN_M_PER_NUMBER || perNumber > MAX_M_PER_NUMBER) return null
  return { at: pa.at + ((n - a) / (b - a)) * (pb.at - pa.at), uncertainM: GRID_SHARE * spanM + Math.max(pa.uncertainM, pb.uncertainM) }
}

/** A numbered street's own line at `cross`: the point of its pieces nearest along the axis, within GRID_CARRY_M. */
function lineAt(
  k: number,
  typeKey: string,
  dir: string,
  cross: number,
  northSouth: boolean,
  pieces: readonly StreetPiece[],
): AxisPosition | null {
  // [lng, lat]: a street's position is its longitude, read along latitude; an avenue's the other way round.
  const [along, across] = northSouth ? [1, 0] : [0, 1]
  let best: AxisPosition | undefined
  for (const p of numbered(pieces, k, typeKey, dir)) {
    for (let i = 1; i < p.coords.length; i++) {
      const [u, v] = [p.coords[i - 1], p.coords[i]]
      const metresAlong = northSouth ? METRES_PER_DEGREE_LAT : metresPerDegreeLng(u[1])
      const [lo, hi] = u[along] <= v[along] ? [u, v] : [v, u]
      const candidate =
        cross < lo[along]
          ? { at: lo[across], uncertainM: (lo[along] - cross) * metresAlong }
          : cross > hi[along]
            ? { at: hi[across], uncertainM: (cross - hi[along]) * metresAlong }
            : { at: lo[across] + ((cross - lo[along]) / (hi[along] - lo[along] || 1)) * (hi[across] - lo[across]), uncertainM: 0 }
      if (!best || candidate.uncertainM < best.uncertainM) best = candidate
    }
  }
  if (!best || best.uncertainM > GRID_CARRY_M) return null
  return { at: best.at, uncertainM: GRID_CARRY_SHARE * best.uncertainM }
}

/**
 * The corner of numbered street `street` (type st) and numbered avenue `avenue` on the grid, from their positions
 * (own lines carried along the axis, or between the numbers around): no line need pass the corner. Starts from
 * `anchor` and settles each position at the other's (three rounds: the grid is nearly square). Null when either
 * position is unknown there.
 */
export function crossingOnAxes(
  street: { n: number; dir: string },
  avenue: { n: number; dir: string },
  pieces: readonly StreetPiece[],
  anchor: { lat: number; lng: number },
): NumberedCrossing | null {
  let lat = anchor.lat
  let lng = anchor.lng
  let ns: AxisPosition | null = null
  let ew: AxisPosition | null = null
  for (let round = 0; round < 3; round++) {
    ew = axisPosition(avenue.n, 'ave', avenue.dir, lng, pieces) ?? (round === 0 ? nearestAnywhere(avenue, 'ave', pieces, lng) : null)
    if (!ew) return null
    lat = ew.at
    ns = axisPosition(street.n, 'st', street.dir, lat, pieces)
    if (!ns) return null
    lng = ns.at
  }
  if (!ns || !ew) return null
  const accuracyM = Math.round(GRID_MIN_M + Math.hypot(ns.uncertainM, ew.uncertainM))
  return { lat: round6(lat), lng: round6(lng), accuracyM, between: [street.n, avenue.n] }
}

/** The first round's avenue position from the city's anchor, which may be farther along it than GRID_CARRY_M. */
function nearestAnywhere(
  avenue: { n: number; dir: string },
  typeKey: string,
  pieces: readonly StreetPiece[],
  lng: number,
): AxisPosition | null {
  let best: { at: number; d: number } | undefined
  for (let k = Math.floor(avenue.n) - GRID_NEIGHBOURS; k <= Math.ceil(avenue.n) + GRID_NEIGHBOURS; k++)
    for (const p of numbered(pieces, k, typeKey, avenue.dir))
      for (const [x, y] of p.coords) {
        const d = Math.abs(x - lng)
        // A neighbour's latitude, moved by the numbers between at ~110 m each: a start, settled by the rounds after.
        if (!best || d < best.d) best = { at: y + ((avenue.n - k) * 110) / METRES_PER_DEGREE_LAT, d }
      }
  return best ? { at: best.at, uncertainM: 0 } : null
}
