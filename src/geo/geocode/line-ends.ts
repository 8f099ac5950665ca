// Two typed streets whose lines stop short of each other: where a line ends, the street is carried on along
// its own direction, and the crossing is where it meets the other street (or the other street carried on
// the same way). The data end where they do for reasons that are not the street's: the GTA file drops every
// straight stretch longer than 250 m between two nodes, a line through a City's corners stops at its last
// listed corner, and the store holds one block in eight of those corners back for measurement. Pure.
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import type { LineCrossing, StreetPiece } from './street-pieces'

type LatLng = { lat: number; lng: number }

type Xy = [number, number]
interface LineEnd {
  at: Xy
  /** Unit vector pointing out of the line, past its end. */
  dir: Xy
  /** How far ahead on this heading the street's own data go on (a gap bridged); 0 when they do not. */
  reachesM: number
}

/**
 * How far a line is carried past its end. A hold-out block is ≤ 445 m along a street and a line through the
 * corners stops at the last corner before it; the GTA file's dropped stretches are 250 m and more.
 */
export const LINE_END_REACH_M = 500
/** The end's direction is read from the line's last stretch of at least this length (a shorter one is noise). */
const DIRECTION_MIN_M = 60
const DIRECTION_MAX_M = 300
/** Streets meeting at a smaller angle than this are parallel neighbours, not a crossing. */
const MIN_CROSSING_SIN = Math.sin((25 * Math.PI) / 180)
const GAP_M = 15
/**
 * accuracyM of a crossing placed past a line's end: at least this, plus this share of the distance carried
 * (a street turning by 5° strays ~9 % of the distance; the end's direction has its own error). A prior, then
 * checked on the Cities' held-out corners (`npm run validate:corners`).
 */
const BEYOND_END_MIN_M = 60
const BEYOND_END_SHARE = 0.15
/**
 * Where a City lists a street's corners (Vancouver names every intersection), an unlisted crossing fits only in
 * a gap of that list longer than a block: known corners of either street closer together than this around the
 * crossing leave no room for it (the two streets do not meet there). Vancouver's blocks are 100–200 m.
 */
export const UNLISTED_GAP_M = 300
/** A known corner this near the crossing is another street's crossing, not this one. */
const AT_KNOWN_CORNER_M = 30
/** A street's data that resume within this distance past a line's end bridge a gap (a hold-out block and a block either side). */
const RESUME_M = 1200
/** A street's data that reach within this of the crossing reach it (a lot's point stands back from the corner). */
const PAST_CROSSING_SLACK_M = 20
/** Corners farther than this off a street's line through the crossing are not on it. */
const ON_STREET_M = 40

/** The crossing of A and B past the end of one or both of their lines, carried at most `reachM` in all. */
export function crossingBeyondEnds(
  a: readonly StreetPiece[],
  b: readonly StreetPiece[],
  anchor?: LatLng,
  known: { a: readonly LatLng[]; b: readonly LatLng[] } = { a: [], b: [] },
  /** Each street's own address points: where they go on past a line's end, so does the street. */
  points: { a: readonly LatLng[]; b: readonly LatLng[] } = { a: [], b: [] },
  reachM = LINE_END_REACH_M,
): LineCrossing | null {
  if (!a.length || !b.length) return null
  const lat0 = a[0].coords[0][1]
  const lng0 = a[0].coords[0][0]
  const kx = metresPerDegreeLng(lat0)
  const ky = METRES_PER_DEGREE_LAT
  const toXy = ([lng, lat]: [number, number]): Xy => [(lng - lng0) * kx, (lat - lat0) * ky]
  const linesA = a.map((p) => p.coords.map(toXy))
  const linesB = b.map((p) => p.coords.map(toXy))
  const anchorXy = anchor && toXy([anchor.lng, anchor.lat])
  const knownA = known.a.map((c) => toXy([c.lng, c.lat]))
  const knownB = known.b.map((c) => toXy([c.lng, c.lat]))
  let best: { carried: number; away: number; at: Xy } | undefined
  const consider = (carried: number, at: Xy, dirA: Xy, dirB: Xy) => {
    if (carried > reachM || !roomFor(at, dirA, knownA) || !roomFor(at, dirB, knownB)) return
    const away = anchorXy ? Math.hypot(at[0] - anchorXy[0], at[1] - anchorXy[1]) : 0
    if (!best || carried < best.carried - 1 || (Math.abs(carried - best.carried) <= 1 && away < best.away)) best = { carried, away, at }
  }
  const endsA = endsOf(
    linesA,
    points.a.map((p) => toXy([p.lng, p.lat])),
  )
  const endsB = endsOf(
    linesB,
    points.b.map((p) => toXy([p.lng, p.lat])),
  )
  for (const [ends, others, fromA] of [
    [endsA, linesB, true],
    [endsB, linesA, false],
  ] as const)
    for (const end of ends)
      for (const line of others)
        for (let i = 1; i < line.length; i++) {
          const hit = rayMeetsSegment(end, line[i - 1], line[i], reachM)
          const along = unit(line[i - 1], line[i])
          if (hit) consider(hit.carried, hit.at, fromA ? end.dir : along, fromA ? along : end.dir)
        }
  for (const ea of endsA)
    for (const eb of endsB) {
      const hit = raysMeet(ea, eb)
      if (hit) consider(hit.carried, hit.at, ea.dir, eb.dir)
    }
  if (!best) return null
  const accuracyM = Math.round(Math.max(BEYOND_END_MIN_M, GAP_M + BEYOND_END_SHARE * best.carried))
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6
  return { lat: round6(lat0 + best.at[1] / ky), lng: round6(lng0 + best.at[0] / kx), accuracyM }
}

/**
 * The free ends of a street's lines (an end vertex no other line of the street shares), each with the
 * direction of the line's last stretch; a line too short to give a direction has none.
 */
function endsOf(lines: Xy[][], points: readonly Xy[]): LineEnd[] {
  const key = (p: Xy) => `${p[0].toFixed(1)},${p[1].toFixed(1)}`
  const uses = new Map<string, number>()
  for (const l of lines) for (const p of [l[0], l[l.length - 1]]) uses.set(key(p), (uses.get(key(p)) ?? 0) + 1)
  // Lines that share an end are one run (a line cut at the store's cell edges): its vertices give the direction.
  const run = lines.map((_, i) => i)
  const find = (i: number): number => (run[i] === i ? i : find(run[i]))
  const firstAt = new Map<string, number>()
  lines.forEach((l, i) => {
    for (const p of [l[0], l[l.length - 1]]) {
      const other = firstAt.get(key(p))
      if (other === undefined) firstAt.set(key(p), i)
      else run[find(i)] = find(other)
    }
  })
  // Each run's vertices, and every vertex with its run, gathered once (a city-long street has hundreds of lines).
  const roots = lines.map((_, i) => find(i))
  const byRun = new Map<number, Xy[]>()
  lines.forEach((l, i) => {
    const run = byRun.get(roots[i]) ?? []
    run.push(...l)
    byRun.set(roots[i], run)
  })
  // What the street's data hold outside a run (its other runs' vertices, its address points), once per run.
  const others = new Map<number, Xy[]>()
  const othersOf = (root: number) => {
    let list = others.get(root)
    if (!list) {
      list = [...[...byRun.entries()].flatMap(([run, v]) => (run === root ? [] : v)), ...points]
      others.set(root, list)
    }
    return list
  }
  const out: LineEnd[] = []
  for (const [i, l] of lines.entries()) {
    if (l.length < 2) continue
    const vertices = byRun.get(roots[i])!
    for (const at of [l[0], l[l.length - 1]]) {
      if (uses.get(key(at)) !== 1) continue
      // The farthest vertex of the run within DIRECTION_MAX_M: back along the line from a free end.
      let back: Xy | undefined
      let backM = DIRECTION_MIN_M
      for (const v of vertices) {
        const m = Math.hypot(v[0] - at[0], v[1] - at[1])
        if (m >= backM && m <= DIRECTION_MAX_M) [back, backM] = [v, m]
      }
      if (!back) continue
      const dir: Xy = [(at[0] - back[0]) / backM, (at[1] - back[1]) / backM]
      out.push({ at, dir, reachesM: reachAhead(at, dir, othersOf(roots[i])) })
    }
  }
  return out
}

const cross = (p: Xy, q: Xy) => p[0] * q[1] - p[1] * q[0]

/**
 * How far along the heading from a free end the street's own data go on (`others`: vertices of its other
 * runs, its address points), within RESUME_M of the end and ON_STREET_M of the heading. Data that go on past
 * the crossing show a gap in the data (a dropped stretch, corners held back) that the street runs through;
 * data that stop short of it may be the street's real end: no crossing is claimed there.
 */
function reachAhead(at: Xy, dir: Xy, others: readonly Xy[]): number {
  let farthest = 0
  for (const v of others) {
    const w: Xy = [v[0] - at[0], v[1] - at[1]]
    const t = w[0] * dir[0] + w[1] * dir[1]
    if (t > farthest && t <= RESUME_M && Math.abs(cross(dir, w)) <= ON_STREET_M) farthest = t
  }
  return farthest
}
const unit = (p: Xy, q: Xy): Xy => {
  const m = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1
  return [(q[0] - p[0]) / m, (q[1] - p[1]) / m]
}

/**
 * Whether a street's known corners (`known`, local metres) leave room for an unlisted one at `at`: none within
 * AT_KNOWN_CORNER_M, and those on the street's line (direction `dir`) on either side of it at least
 * UNLISTED_GAP_M apart. No known corner on one side: room.
 */
function roomFor(at: Xy, dir: Xy, known: readonly Xy[]): boolean {
  let before = Infinity
  let after = Infinity
  for (const c of known) {
    const w: Xy = [c[0] - at[0], c[1] - at[1]]
    const t = w[0] * dir[0] + w[1] * dir[1]
    if (Math.hypot(w[0], w[1]) < AT_KNOWN_CORNER_M) return false
    if (Math.abs(cross(dir, w)) > ON_STREET_M) continue
    if (t < 0) before = Math.min(before, -t)
    else after = Math.min(after, t)
  }
  return before + after >= UNLISTED_GAP_M
}

/** Where the ray from `end` meets segment pq within `reachM`, at a real crossing angle. */
function rayMeetsSegment(end: LineEnd, p: Xy, q: Xy, reachM: number): { carried: number; at: Xy } | undefined {
  const seg: Xy = [q[0] - p[0], q[1] - p[1]]
  const len = Math.hypot(seg[0], seg[1])
  if (len === 0) return undefined
  const denom = cross(end.dir, seg)
  if (Math.abs(denom) / len < MIN_CROSSING_SIN) return undefined
  const w: Xy = [p[0] - end.at[0], p[1] - end.at[1]]
  const t = cross(w, seg) / denom
  const u = cross(w, end.dir) / denom
  const slack = GAP_M / len
  if (t < 0 || t > reachM || u < -slack || u > 1 + slack || end.reachesM < t - PAST_CROSSING_SLACK_M) return undefined
  return { carried: t, at: [end.at[0] + t * end.dir[0], end.at[1] + t * end.dir[1]] }
}

/** Where two rays meet, both carried forward, at a real crossing angle: the sum of the two distances carried. */
function raysMeet(a: LineEnd, b: LineEnd): { carried: number; at: Xy } | undefined {
  const denom = cross(a.dir, b.dir)
  if (Math.abs(denom) < MIN_CROSSING_SIN) return undefined
  const w: Xy = [b.at[0] - a.at[0], b.at[1] - a.at[1]]
  const t = cross(w, b.dir) / denom
  const u = cross(w, a.dir) / denom
  if (t < 0 || u < 0 || a.reachesM < t - PAST_CROSSING_SLACK_M || b.reachesM < u - PAST_CROSSING_SLACK_M) return undefined
  return { carried: t + u, at: [a.at[0] + t * a.dir[0], a.at[1] + t * a.dir[1]] }
}
