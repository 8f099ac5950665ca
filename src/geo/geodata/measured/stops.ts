// Distinct 2022 GTFS stop locations (stops.bin, built by scripts/geodata/stops.mjs), decoded once
// per isolate into a cell grid. A stop's id (for `exclude`) is its index in the artefact.
import stopsData from '../../data/stops.bin'
import { artefactReader, COORD_SCALE } from './binary'
import { PointGrid } from './grid'
import { PointMemo } from './point-memo'
import type { LookupOptions, MemoOptions } from './options'
import { METRES_PER_DEGREE, degreeSpan, metresPerDegreeLng } from './planar'

export interface StopTable {
  /** stop positions in 1e-5° (kept as integers: no conversion pass at decode time) */
  qLat: Int32Array
  qLng: Int32Array
  grid: PointGrid
}

const CELL_UNITS = 500 // 0.005° cells (an 800 m query spans about 3 × 5); stops.bin is written in this grid order
const KY = METRES_PER_DEGREE / COORD_SCALE
let table: StopTable | undefined

export function stopTable(): StopTable {
  if (table) return table
  const reader = artefactReader('stops', stopsData)
  const qLat = reader.ints(true)
  const qLng = reader.ints(true)
  table = { qLat, qLng, grid: new PointGrid(qLat, qLng, CELL_UNITS, COORD_SCALE) }
  return table
}

/** Position runs (PointGrid.runsInBox) of the stops in the circle's bounding box; callers check the exact distance. */
function candidateRuns(t: StopTable, lat: number, lng: number, radiusM: number): number {
  const { dLat, dLng } = degreeSpan(lat, radiusM)
  return t.grid.runsInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng)
}

/** Distinct stop locations within `radiusM` metres, and the distance to the nearest of them. */
export function transitStopsNear(lat: number, lng: number, radiusM: number, options?: LookupOptions): { count: number; nearestM?: number } {
  const t = stopTable()
  const kx = metresPerDegreeLng(lat) / COORD_SCALE
  const qx = lng * COORD_SCALE
  const qy = lat * COORD_SCALE
  const radiusSq = radiusM * radiusM
  const exclude = options?.exclude?.size ? options.exclude : undefined
  let count = 0
  let nearestSq = Infinity
  const runCount = candidateRuns(t, lat, lng, radiusM)
  const { runs } = t.grid
  for (let r = 0; r < runCount; r++) {
    for (let i = runs[2 * r]; i < runs[2 * r + 1]; i++) {
      const dx = (t.qLng[i] - qx) * kx
      const dy = (t.qLat[i] - qy) * KY
      const dSq = dx * dx + dy * dy
      if (dSq > radiusSq || exclude?.has(String(i))) continue
      count++
      if (dSq < nearestSq) nearestSq = dSq
    }
  }
  return count > 0 ? { count, nearestM: Math.sqrt(nearestSq) } : { count }
}

/** The stop locations within `radiusM` metres, nearest first (for spacing and alignment proxies). */
export function transitStopPointsNear(lat: number, lng: number, radiusM: number): StopPoint[] {
  return stopsAround(lat, lng, radiusM, radiusM, radiusM).points
}

/** Stops within `nearM` and `farM` (counted) and the stop points within `pointsM` ≤ farM, nearest
 *  first: what transitStopPointsNear(lat, lng, farM) gives, without building a point per counted stop. */
export function transitStopsAround(
  lat: number,
  lng: number,
  nearM: number,
  farM: number,
  pointsM: number,
  options?: MemoOptions,
): StopsAround {
  if (options?.memo === false) return stopsAround(lat, lng, nearM, farM, pointsM)
  const memo = around.get(lat, lng)
  if (memo && memo.nearM === nearM && memo.farM === farM && memo.pointsM === pointsM) return memo.stops
  return around.set(lat, lng, { nearM, farM, pointsM, stops: stopsAround(lat, lng, nearM, farM, pointsM) }).stops
}

interface StopPoint {
  lat: number
  lng: number
  distanceM: number
}
interface StopsAround {
  withinNear: number
  withinFar: number
  points: StopPoint[]
}
const around = new PointMemo<{ nearM: number; farM: number; pointsM: number; stops: StopsAround }>(4096)

function stopsAround(lat: number, lng: number, nearM: number, farM: number, pointsM: number): StopsAround {
  const t = stopTable()
  const kx = metresPerDegreeLng(lat) / COORD_SCALE
  const qx = lng * COORD_SCALE
  const qy = lat * COORD_SCALE
  const points: StopPoint[] = []
  let withinNear = 0
  let withinFar = 0
  const runCount = candidateRuns(t, lat, lng, farM)
  const { runs } = t.grid
  const { qLat, qLng } = t
  for (let r = 0; r < runCount; r++) {
    for (let i = runs[2 * r]; i < runs[2 * r + 1]; i++) {
      const dx = (qLng[i] - qx) * kx
      const dy = (qLat[i] - qy) * KY
      const distanceM = Math.sqrt(dx * dx + dy * dy)
      if (distanceM > farM) continue
      withinFar++
      if (distanceM <= nearM) withinNear++
      if (distanceM <= pointsM) points.push({ lat: qLat[i] / COORD_SCALE, lng: qLng[i] / COORD_SCALE, distanceM })
    }
  }
  return { withinNear, withinFar, points: points.length > 1 ? points.sort(byDistance) : points }
}

const byDistance = (a: { distanceM: number }, b: { distanceM: number }) => a.distanceM - b.distanceM
