// Where two named streets cross, from whatever geometry is known of them: address points (the
// address store) or road centrelines (a road network). Pure; coordinates are [lng, lat].
// Road networks' centrelines reach intersections as the geodata store's street pieces
// (src/geo/geocode/street-pieces.ts); the Ottawa network was once bundled and passed here as a source.

import { localFrame } from '../geodata'

export interface StreetGeometry {
  id: string
  /** `line`: a centreline polyline; `points`: separate address points along the street. */
  kind: 'line' | 'points'
  coords: [number, number][]
}

export interface StreetGeometrySource {
  /** Geometries of the streets whose normalised name is `nameKey` (src/geo/geocode/street-key.ts) near a point. */
  streetsNamed(nameKey: string, near: { lat: number; lng: number; radiusKm: number }): StreetGeometry[]
}

/** Address points of two streets closer than this cannot be said to meet (corner lots sit ~20–80 m from the crossing). */
export const MAX_POINTS_GAP_M = 150
/** Centrelines must touch (within digitising error) to cross. */
export const MAX_LINES_GAP_M = 15
/** Streets meeting at a smaller angle than this are parallel neighbours, not a crossing. */
const MIN_CROSSING_ANGLE_DEG = 25
const FIT_RADIUS_M = 300
/**
 * accuracyM of a crossing found from address points: at least this, and this multiple of the points' gap or
 * of the fit's shift. Set on half of the Vancouver counted intersections (hash-split; the other half is the
 * check): lots stand 15–40 m back, often on one side only, so 90 % of crossings lie within ~40 m, not 20.
 */
const POINTS_CROSSING_MIN_M = 40
const POINTS_CROSSING_SCALE = 1.5

export type Xy = [number, number]
interface Segment {
  a: Xy
  b: Xy
  kind: StreetGeometry['kind']
}

export interface Crossing {
  lat: number
  lng: number
  accuracyM: number
}

/** The crossing of street A with street B, or null when they do not meet. */
export function crossingOf(a: StreetGeometry[], b: StreetGeometry[]): Crossing | null {
  const all = [...a, ...b].flatMap((g) => g.coords)
  if (!a.length || !b.length || !all.length) return null
  const lat0 = all[0][1]
  const lng0 = all[0][0]
  const { kx, ky } = localFrame(lat0)
  const toXy = ([lng, lat]: [number, number]): Xy => [(lng - lng0) * kx, (lat - lat0) * ky]
  const toLngLat = ([x, y]: Xy): [number, number] => [lng0 + x / kx, lat0 + y / ky]
  const segA = segmentsOf(a, toXy)
  const segB = segmentsOf(b, toXy)

  let best: { gap: number; pa: Xy; pb: Xy; sa: Segment; sb: Segment } | undefined
  const grid = gridOf(segB, MAX_POINTS_GAP_M)
  for (const sa of segA) {
    for (const sb of grid.near(sa)) {
      const [gap, pa, pb] = segmentDistance(sa, sb)
      if (!best || gap < best.gap) best = { gap, pa, pb, sa, sb }
    }
  }
  if (!best) return null
  const lines = best.sa.kind === 'line' && best.sb.kind === 'line'
  if (best.gap > (lines ? MAX_LINES_GAP_M : MAX_POINTS_GAP_M)) return null
  const middle: Xy = [(best.pa[0] + best.pb[0]) / 2, (best.pa[1] + best.pb[1]) / 2]
  if (lines) return place(middle, Math.max(10, best.gap))

  // Address points stand back from the road: fit each street's axis near the meeting and cross the axes.
  const axisA = axisNear(segA, best.pa)
  const axisB = axisNear(segB, best.pb)
  if (!axisA || !axisB) return place(middle, Math.max(POINTS_CROSSING_MIN_M, POINTS_CROSSING_SCALE * best.gap))
  const sin = Math.abs(axisA.dir[0] * axisB.dir[1] - axisA.dir[1] * axisB.dir[0])
  if (sin < Math.sin((MIN_CROSSING_ANGLE_DEG * Math.PI) / 180)) return null
  const t =
    ((axisB.at[0] - axisA.at[0]) * axisB.dir[1] - (axisB.at[1] - axisA.at[1]) * axisB.dir[0]) /
    (axisA.dir[0] * axisB.dir[1] - axisA.dir[1] * axisB.dir[0])
  const cross: Xy = [axisA.at[0] + t * axisA.dir[0], axisA.at[1] + t * axisA.dir[1]]
  const shift = Math.hypot(cross[0] - middle[0], cross[1] - middle[1])
  const fitted = Math.max(POINTS_CROSSING_MIN_M, (POINTS_CROSSING_SCALE * Math.max(best.gap, shift)) / 2)
  return shift <= MAX_POINTS_GAP_M ? place(cross, fitted) : place(middle, Math.max(POINTS_CROSSING_MIN_M, POINTS_CROSSING_SCALE * best.gap))

  function place(xy: Xy, accuracyM: number): Crossing {
    const [lng, lat] = toLngLat(xy)
    return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, accuracyM: Math.round(accuracyM) }
  }
}

function segmentsOf(geometries: StreetGeometry[], toXy: (c: [number, number]) => Xy): Segment[] {
  const out: Segment[] = []
  for (const g of geometries) {
    const xy = g.coords.map(toXy)
    if (g.kind === 'points' || xy.length === 1) for (const p of xy) out.push({ a: p, b: p, kind: g.kind })
    else for (let i = 1; i < xy.length; i++) out.push({ a: xy[i - 1], b: xy[i], kind: 'line' })
  }
  return out
}

/** Principal axis of a street's points within FIT_RADIUS_M of `around`; undefined when they are too few or bunched. */
function axisNear(segments: Segment[], around: Xy): { at: Xy; dir: Xy } | undefined {
  const pts = segments
    .flatMap((s) => (s.a === s.b ? [s.a] : [s.a, s.b]))
    .filter((p) => Math.hypot(p[0] - around[0], p[1] - around[1]) <= FIT_RADIUS_M)
  return principalAxis(pts, 40)
}

function gridOf(segments: Segment[], cell: number) {
  const cells = new Map<string, Segment[]>()
  const range = (s: Segment, pad: number) => [
    Math.floor((Math.min(s.a[0], s.b[0]) - pad) / cell),
    Math.floor((Math.max(s.a[0], s.b[0]) + pad) / cell),
    Math.floor((Math.min(s.a[1], s.b[1]) - pad) / cell),
    Math.floor((Math.max(s.a[1], s.b[1]) + pad) / cell),
  ]
  for (const s of segments) {
    const [x0, x1, y0, y1] = range(s, 0)
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const list = cells.get(`${x},${y}`)
        if (list) list.push(s)
        else cells.set(`${x},${y}`, [s])
      }
  }
  return {
    near(s: Segment): Set<Segment> {
      const out = new Set<Segment>()
      const [x0, x1, y0, y1] = range(s, cell)
      for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) for (const t of cells.get(`${x},${y}`) ?? []) out.add(t)
      return out
    },
  }
}

function closestOnSegment(p: Xy, s: Segment): Xy {
  const dx = s.b[0] - s.a[0]
  const dy = s.b[1] - s.a[1]
  const len2 = dx * dx + dy * dy
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - s.a[0]) * dx + (p[1] - s.a[1]) * dy) / len2))
  return [s.a[0] + t * dx, s.a[1] + t * dy]
}

/** Shortest distance between two segments and the two closest points (exact for crossing segments). */
function segmentDistance(s: Segment, t: Segment): [number, Xy, Xy] {
  const hit = properIntersection(s, t)
  if (hit) return [0, hit, hit]
  const candidates: [Xy, Xy][] = [
    [s.a, closestOnSegment(s.a, t)],
    [s.b, closestOnSegment(s.b, t)],
    [closestOnSegment(t.a, s), t.a],
    [closestOnSegment(t.b, s), t.b],
  ]
  let best: [number, Xy, Xy] = [Infinity, s.a, t.a]
  for (const [p, q] of candidates) {
    const d = Math.hypot(p[0] - q[0], p[1] - q[1])
    if (d < best[0]) best = [d, p, q]
  }
  return best
}

function properIntersection(s: Segment, t: Segment): Xy | undefined {
  const rx = s.b[0] - s.a[0],
    ry = s.b[1] - s.a[1]
  const qx = t.b[0] - t.a[0],
    qy = t.b[1] - t.a[1]
  const denom = rx * qy - ry * qx
  if (denom === 0) return undefined
  const u = ((t.a[0] - s.a[0]) * qy - (t.a[1] - s.a[1]) * qx) / denom
  const v = ((t.a[0] - s.a[0]) * ry - (t.a[1] - s.a[1]) * rx) / denom
  return u >= 0 && u <= 1 && v >= 0 && v <= 1 ? [s.a[0] + u * rx, s.a[1] + u * ry] : undefined
}

/** How far past a street's last address point its axis may be carried to meet the other street's centreline. */
export const MAX_AXIS_REACH_M = 400
const AXIS_FIT_M = 800
const MAX_AXIS_RMS_M = 25

/**
 * The nearest approach for a street known only by address points (the GTA file's hole: "Yonge St" has no
 * centreline there): the points' axis near the other street's centreline, carried up to MAX_AXIS_REACH_M
 * to where it crosses that centreline. Null when the points are too few, too scattered or too far.
 */
export function crossingOfLineAndPoints(line: StreetGeometry[], points: StreetGeometry[]): Crossing | null {
  const coords = [...line, ...points].flatMap((g) => g.coords)
  if (!coords.length) return null
  const lat0 = coords[0][1]
  const lng0 = coords[0][0]
  const { kx, ky } = localFrame(lat0)
  const toXy = ([lng, lat]: [number, number]): Xy => [(lng - lng0) * kx, (lat - lat0) * ky]
  const segs = segmentsOf(line, toXy).filter((s) => s.kind === 'line' && s.a !== s.b)
  const pts = points.flatMap((g) => g.coords.map(toXy))
  if (!segs.length || pts.length < 3) return null
  const gapOf = (p: Xy) => Math.min(...segs.map((s) => dist(p, closestOnSegment(p, s))))
  const gaps = pts.map(gapOf)
  const nearest = pts[gaps.indexOf(Math.min(...gaps))]
  if (Math.min(...gaps) > MAX_AXIS_REACH_M + 100) return null
  const fit = pts.filter((p) => dist(p, nearest) <= AXIS_FIT_M)
  const axis = principalAxis(fit, 60)
  if (!axis) return null
  const rms = Math.sqrt(
    fit.reduce((s, [x, y]) => s + ((x - axis.at[0]) * axis.dir[1] - (y - axis.at[1]) * axis.dir[0]) ** 2, 0) / fit.length,
  )
  if (rms > MAX_AXIS_RMS_M) return null
  let best: { at: Xy; reach: number } | undefined
  for (const s of segs) {
    const d: Xy = [s.b[0] - s.a[0], s.b[1] - s.a[1]]
    const len = Math.hypot(d[0], d[1])
    const cross = axis.dir[0] * d[1] - axis.dir[1] * d[0]
    if (Math.abs(cross) / len < Math.sin((MIN_CROSSING_ANGLE_DEG * Math.PI) / 180)) continue
    // a + u·d = at + t·dir, crossed with dir: u = ((at − a) × dir) / (d × dir), and d × dir = −cross.
    const u = ((axis.at[0] - s.a[0]) * axis.dir[1] - (axis.at[1] - s.a[1]) * axis.dir[0]) / -cross
    // A centreline that stops at the crossing (a T, or the street the hole cut) still meets the axis at its end.
    const slack = LINE_END_SLACK_M / len
    if (u < -slack || u > 1 + slack) continue
    const at: Xy = [s.a[0] + u * d[0], s.a[1] + u * d[1]]
    const reach = dist(at, nearest)
    if (reach <= MAX_AXIS_REACH_M && (!best || reach < best.reach)) best = { at, reach }
  }
  if (!best) return null
  const [lng, lat] = [lng0 + best.at[0] / kx, lat0 + best.at[1] / ky]
  const accuracyM = Math.max(POINTS_CROSSING_MIN_M, POINTS_CROSSING_SCALE * (rms + AXIS_REACH_ERROR * best.reach))
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, accuracyM: Math.round(accuracyM) }
}

/**
 * Two streets known only by address points that stop short of each other (a sparse address file): each
 * street's axis near the other, crossed where both are carried at most MAX_AXIS_REACH_M past their points.
 */
export function crossingOfPointAxes(a: StreetGeometry[], b: StreetGeometry[]): Crossing | null {
  const coords = [...a, ...b].flatMap((g) => g.coords)
  if (!coords.length) return null
  const lat0 = coords[0][1]
  const lng0 = coords[0][0]
  const { kx, ky } = localFrame(lat0)
  const toXy = ([lng, lat]: [number, number]): Xy => [(lng - lng0) * kx, (lat - lat0) * ky]
  const pa = a.flatMap((g) => g.coords.map(toXy))
  const pb = b.flatMap((g) => g.coords.map(toXy))
  let near: [Xy, Xy] | undefined
  for (const p of pa) for (const q of pb) if (!near || dist(p, q) < dist(near[0], near[1])) near = [p, q]
  if (!near || dist(near[0], near[1]) > 2 * MAX_AXIS_REACH_M) return null
  const fits = [pa.filter((p) => dist(p, near[0]) <= AXIS_FIT_M), pb.filter((p) => dist(p, near[1]) <= AXIS_FIT_M)]
  const axes = fits.map(principalAxis)
  if (!axes[0] || !axes[1]) return null
  const rms = fits.map((pts, i) => {
    const { at, dir } = axes[i]!
    return Math.sqrt(pts.reduce((s, [x, y]) => s + ((x - at[0]) * dir[1] - (y - at[1]) * dir[0]) ** 2, 0) / pts.length)
  })
  if (rms[0] > MAX_AXIS_RMS_M || rms[1] > MAX_AXIS_RMS_M) return null
  const [u, v] = [axes[0].dir, axes[1].dir]
  const sin = u[0] * v[1] - u[1] * v[0]
  if (Math.abs(sin) < Math.sin((MIN_CROSSING_ANGLE_DEG * Math.PI) / 180)) return null
  const t = ((axes[1].at[0] - axes[0].at[0]) * v[1] - (axes[1].at[1] - axes[0].at[1]) * v[0]) / sin
  const at: Xy = [axes[0].at[0] + t * u[0], axes[0].at[1] + t * u[1]]
  const reach = fits.map((pts) => Math.min(...pts.map((p) => dist(p, at))))
  if (reach[0] > MAX_AXIS_REACH_M || reach[1] > MAX_AXIS_REACH_M) return null
  const [lng, lat] = [lng0 + at[0] / kx, lat0 + at[1] / ky]
  const accuracyM = Math.max(POINTS_CROSSING_MIN_M, POINTS_CROSSING_SCALE * (rms[0] + rms[1] + AXIS_REACH_ERROR * (reach[0] + reach[1])))
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6, accuracyM: Math.round(accuracyM) }
}

/** Where the axis meets a centreline this far past its last vertex, they still meet. */
const LINE_END_SLACK_M = 20

/** The least-squares line through points: their mean and the direction of their largest spread. */
export function axisThrough(pts: readonly Xy[]): { at: Xy; dir: Xy } {
  const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length
  const my = pts.reduce((s, p) => s + p[1], 0) / pts.length
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (const [x, y] of pts) {
    sxx += (x - mx) ** 2
    syy += (y - my) ** 2
    sxy += (x - mx) * (y - my)
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  return { at: [mx, my], dir: [Math.cos(angle), Math.sin(angle)] }
}

/** Mean and direction of at least 3 points spread over `minSpreadM` or more along it; undefined otherwise. */
function principalAxis(pts: Xy[], minSpreadM: number): { at: Xy; dir: Xy } | undefined {
  if (pts.length < 3) return undefined
  const axis = axisThrough(pts)
  const [[mx, my], dir] = [axis.at, axis.dir]
  const along = pts.map(([x, y]) => (x - mx) * dir[0] + (y - my) * dir[1])
  return Math.max(...along) - Math.min(...along) >= minSpreadM ? axis : undefined
}

/** Metres of sideways error per metre the axis is carried (a street bending by ~10°). */
const AXIS_REACH_ERROR = 0.2
const dist = (p: Xy, q: Xy) => Math.hypot(p[0] - q[0], p[1] - q[1])
