// Named street centrelines from the geodata store (table street_pieces, src/services/street-store.ts):
// decoding, the street nearest a point (reverse geocoding: name, class, side, offset) and where two
// named streets cross when a name repeats (the pair on the streets' main bodies). Pure.
import polyline from '@mapbox/polyline'
import { parseStreetText } from './address'
import type { StreetKey } from './street-key'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { ROAD_CLASS_SCALE } from '../geodata'

export interface StreetPiece extends StreetKey {
  /** Display name as the source writes it ("Queen Street West", "Bank", "Rue Sherbrooke Est"). */
  name: string
  /** 1 local … 6 freeway; undefined when the source says nothing (ramps, untyped ways). */
  roadClass?: number
  /**
   * Which network it comes from ("gta", "ottawa", "edmonton", "montreal", "calgary", "gta-address-line", "gta-hole-line",
   * "vancouver-corner-line", "edmonton-count-line").
   */
  source: string
  /** How far the same named street goes on unbroken, metres (scripts/lib/street-runs.ts); undefined unknown. */
  runM?: number
  coords: [lng: number, lat: number][]
}

export interface StreetPieceRow {
  source: string
  nameKey: string
  typeKey: string
  dir: string
  name: string
  roadClass: number
  line: string
  /** The street's run, metres (0 unknown; store format 2). */
  runM?: number
}

export function decodePiece(row: StreetPieceRow): StreetPiece {
  return {
    nameKey: row.nameKey,
    typeKey: row.typeKey,
    dir: row.dir,
    name: row.name,
    source: row.source,
    ...(row.roadClass > 0 && { roadClass: row.roadClass / ROAD_CLASS_SCALE }),
    ...(row.runM && { runM: row.runM }),
    coords: polyline.decode(row.line, 5).map(([lat, lng]) => [lng, lat]),
  }
}

/** Networks behind a piece's road class, as results name them. */
export const CLASS_SOURCES: Record<string, string> = {
  gta: 'OpenStreetMap highway tag (GTA streets)',
  montreal: 'OpenStreetMap highway tag (Montréal streets)',
  ottawa: 'Statistics Canada Road Network File 2021 (Ottawa)',
  edmonton: 'OpenStreetMap highway tag (Edmonton main roads)',
  calgary: 'City of Calgary speed zones and counted sections',
  'gta-address-line': 'OpenStreetMap highway class of the name; line through its address points',
  'gta-hole-line': 'OpenStreetMap highway class of the name; line through City of Toronto signal positions and its address points',
}

/**
 * A line drawn through a street's own address points where the network has no centreline (the GTA file's
 * hole; scripts/lib/address-line.ts): it runs among the lots, not on the roadway, so it is never crossed as
 * an exact centreline; intersections read its vertices as address points (their calibrated radius).
 */
export function isAddressLine(piece: Pick<StreetPiece, 'source'>): boolean {
  return piece.source.endsWith('address-line')
}

/**
 * A line through a City's own positions on the roadway (scripts/lib/city-corners.ts: Toronto's hole roads,
 * Vancouver's streets; scripts/lib/count-site-lines.ts: Edmonton's counted roads), a chord between them. Crossed
 * as a centreline; its vertices also stand for the street where it stops short of a crossing (a T whose corner the
 * data lack).
 */
const CORNER_LINE_SOURCES: ReadonlySet<string> = new Set(['gta-hole-line', 'vancouver-corner-line', 'edmonton-count-line'])
export function isCornerLine(piece: Pick<StreetPiece, 'source'>): boolean {
  return CORNER_LINE_SOURCES.has(piece.source)
}

const KY = METRES_PER_DEGREE_LAT
const kxAt = metresPerDegreeLng

export interface NearestStreet {
  piece: StreetPiece
  /** Metres from the point to the centreline. */
  offsetM: number
  /** Which side of the street the point is on, as a compass direction from the centreline. */
  side: 'N' | 'E' | 'S' | 'W'
  /** The nearest point of the centreline. */
  lat: number
  lng: number
}

/** The piece nearest (lat, lng) within maxM, or undefined. `accept` filters pieces (e.g. a name). */
export function nearestStreet(
  pieces: readonly StreetPiece[],
  lat: number,
  lng: number,
  maxM: number,
  accept: (p: StreetPiece) => boolean = () => true,
): NearestStreet | undefined {
  const kx = kxAt(lat)
  // A piece whose box lies farther than maxM cannot hold the nearest point.
  const [padLat, padLng] = [maxM / KY, maxM / kx]
  let best: { piece: StreetPiece; d: number; x: number; y: number } | undefined
  for (const piece of pieces) {
    if (!accept(piece)) continue
    const [minLng, minLat, maxLng, maxLat] = Number.isFinite(maxM) ? boxOf(piece) : [-Infinity, -Infinity, Infinity, Infinity]
    if (lng < minLng - padLng || lng > maxLng + padLng || lat < minLat - padLat || lat > maxLat + padLat) continue
    for (let i = 1; i < piece.coords.length; i++) {
      const ax = (piece.coords[i - 1][0] - lng) * kx
      const ay = (piece.coords[i - 1][1] - lat) * KY
      const bx = (piece.coords[i][0] - lng) * kx
      const by = (piece.coords[i][1] - lat) * KY
      const dx = bx - ax
      const dy = by - ay
      const len2 = dx * dx + dy * dy
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2))
      const x = ax + t * dx
      const y = ay + t * dy
      const d = Math.hypot(x, y)
      if (d <= maxM && (!best || d < best.d)) best = { piece, d, x, y }
    }
  }
  if (!best) return undefined
  // The point sits at (0, 0); the centreline's nearest point at (x, y): the side is the direction from it to the point.
  const side = Math.abs(best.x) > Math.abs(best.y) ? (best.x < 0 ? 'E' : 'W') : best.y < 0 ? 'N' : 'S'
  return {
    piece: best.piece,
    offsetM: Math.round(best.d * 10) / 10,
    side,
    lat: round6(lat + best.y / KY),
    lng: round6(lng + best.x / kx),
  }
}

/** The display name and type of a stored piece, as scoring's KnownStreet wants them ("Queen", "Street"). */
export function streetOfPiece(piece: StreetPiece): { name: string; type?: string } {
  if (!piece.typeKey) return { name: piece.name }
  const parsed = parseStreetText(piece.name)
  return parsed?.type ? { name: parsed.name, type: parsed.type } : { name: piece.name }
}

/** Line centrelines closer than this cross (digitising error). */
const MAX_LINES_GAP_M = 15

/** Groups pieces into connected runs (pieces sharing an end vertex); returns each piece's run and each run's length in metres. */
function runsOf(pieces: readonly StreetPiece[]): { runOf: number[]; lengthM: number[] } {
  const parent = pieces.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i]
    return i
  }
  const byEnd = new Map<string, number>()
  pieces.forEach((p, i) => {
    for (const c of [p.coords[0], p.coords[p.coords.length - 1]]) {
      const key = `${c[0]},${c[1]}`
      const other = byEnd.get(key)
      if (other === undefined) byEnd.set(key, i)
      else parent[find(i)] = find(other)
    }
  })
  const runOf = pieces.map((_, i) => find(i))
  const lengthM = pieces.map(() => 0)
  pieces.forEach((p, i) => {
    let m = 0
    for (let k = 1; k < p.coords.length; k++)
      m += Math.hypot((p.coords[k][0] - p.coords[k - 1][0]) * kxAt(p.coords[k][1]), (p.coords[k][1] - p.coords[k - 1][1]) * KY)
    lengthM[runOf[i]] += m
  })
  return { runOf, lengthM }
}

export interface LineCrossing {
  lat: number
  lng: number
  accuracyM: number
}

/**
 * Where street A's centrelines cross street B's. A name that repeats (the Ottawa network has no street
 * types: "Rideau" is Rideau St and Rideau Gate) can cross several times: the crossing on the longest
 * connected runs of both names wins (a street's main body), ties to the one nearest `anchor`; crossings
 * farther than `anchor.radiusM` only when none is nearer.
 */
export function crossingOfLines(
  a: readonly StreetPiece[],
  b: readonly StreetPiece[],
  anchor?: { lat: number; lng: number; radiusM?: number },
): LineCrossing | null {
  if (!a.length || !b.length) return null
  const ra = runsOf(a)
  const rb = runsOf(b)
  let best: { outside: boolean; score: number; away: number; lat: number; lng: number; gap: number } | undefined
  const meets: { lat: number; lng: number }[] = []
  // Every piece's box once: the pairs are many (a city-long street against each numbered neighbour's pieces).
  const boxesB = b.map(boxOf)
  const pad = 0.0003
  for (let i = 0; i < a.length; i++) {
    const pa = a[i]
    const [aMinLng, aMinLat, aMaxLng, aMaxLat] = boxOf(pa)
    for (let j = 0; j < b.length; j++) {
      const pb = b[j]
      const box = boxesB[j]
      if (box[0] > aMaxLng + pad || box[2] < aMinLng - pad || box[1] > aMaxLat + pad || box[3] < aMinLat - pad) continue
      const meet = closestApproach(pa, pb)
      if (!meet || meet.gap > MAX_LINES_GAP_M) continue
      meets.push(meet)
      const score = Math.min(ra.lengthM[ra.runOf[i]], 5000) + Math.min(rb.lengthM[rb.runOf[j]], 5000)
      const away = anchor ? Math.hypot((meet.lng - anchor.lng) * kxAt(anchor.lat), (meet.lat - anchor.lat) * KY) : 0
      // A crossing beyond the place's radius (the search reaches further) only when there is none within it.
      const outside = !!anchor?.radiusM && away > anchor.radiusM
      const better =
        !best ||
        (best.outside && !outside) ||
        (best.outside === outside && (score > best.score + 1 || (Math.abs(score - best.score) <= 1 && away < best.away)))
      if (better) best = { outside, score, away, ...meet }
    }
  }
  if (!best) return null
  // A divided road crosses twice (or four times) within a few tens of metres: the crossing is their middle,
  // and its radius reaches every one of them.
  const chosen = best
  const metresFrom = (p: { lat: number; lng: number }, q: { lat: number; lng: number }) =>
    Math.hypot((p.lng - q.lng) * kxAt(q.lat), (p.lat - q.lat) * KY)
  const cluster = meets.filter((m) => metresFrom(m, chosen) <= DIVIDED_CROSSING_M)
  const centre = {
    lat: cluster.reduce((s, m) => s + m.lat, 0) / cluster.length,
    lng: cluster.reduce((s, m) => s + m.lng, 0) / cluster.length,
  }
  const spread = Math.max(...cluster.map((m) => metresFrom(m, centre)))
  return { lat: round6(centre.lat), lng: round6(centre.lng), accuracyM: Math.round(Math.max(10, chosen.gap, spread + 5)) }
}

/** Crossings of the same two names this close together are one intersection (divided roads, offset ramps). */
const DIVIDED_CROSSING_M = 60

const boxCache = new WeakMap<StreetPiece, [number, number, number, number]>()
/** A piece's bounding box [minLng, minLat, maxLng, maxLat], computed once per piece. */
export function boxOf(p: StreetPiece): [number, number, number, number] {
  let box = boxCache.get(p)
  if (!box) {
    const lngs = p.coords.map((c) => c[0])
    const lats = p.coords.map((c) => c[1])
    box = [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)]
    boxCache.set(p, box)
  }
  return box
}

/** Closest approach of two polylines (exact at a crossing), as a point midway between them. */
function closestApproach(a: StreetPiece, b: StreetPiece): { lat: number; lng: number; gap: number } | undefined {
  const lat0 = a.coords[0][1]
  const lng0 = a.coords[0][0]
  const kx = kxAt(lat0)
  const xy = (c: [number, number]): [number, number] => [(c[0] - lng0) * kx, (c[1] - lat0) * KY]
  let best: { gap: number; x: number; y: number } | undefined
  for (let i = 1; i < a.coords.length; i++) {
    const s0 = xy(a.coords[i - 1])
    const s1 = xy(a.coords[i])
    for (let j = 1; j < b.coords.length; j++) {
      const t0 = xy(b.coords[j - 1])
      const t1 = xy(b.coords[j])
      const [gap, x, y] = segmentGap(s0, s1, t0, t1)
      if (!best || gap < best.gap) best = { gap, x, y }
    }
  }
  return best && { gap: best.gap, lat: lat0 + best.y / KY, lng: lng0 + best.x / kx }
}

type Xy = [number, number]
function segmentGap(s0: Xy, s1: Xy, t0: Xy, t1: Xy): [number, number, number] {
  const rx = s1[0] - s0[0]
  const ry = s1[1] - s0[1]
  const qx = t1[0] - t0[0]
  const qy = t1[1] - t0[1]
  const denom = rx * qy - ry * qx
  if (denom !== 0) {
    const u = ((t0[0] - s0[0]) * qy - (t0[1] - s0[1]) * qx) / denom
    const v = ((t0[0] - s0[0]) * ry - (t0[1] - s0[1]) * rx) / denom
    if (u >= 0 && u <= 1 && v >= 0 && v <= 1) return [0, s0[0] + u * rx, s0[1] + u * ry]
  }
  let best: [number, number, number] = [Infinity, 0, 0]
  const consider = (p: Xy, a: Xy, b: Xy) => {
    const dx = b[0] - a[0]
    const dy = b[1] - a[1]
    const len2 = dx * dx + dy * dy
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2))
    const cx = a[0] + t * dx
    const cy = a[1] + t * dy
    const d = Math.hypot(p[0] - cx, p[1] - cy)
    if (d < best[0]) best = [d, (p[0] + cx) / 2, (p[1] + cy) / 2]
  }
  consider(s0, t0, t1)
  consider(s1, t0, t1)
  consider(t0, s0, s1)
  consider(t1, s0, s1)
  return best
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6
