// Census 2016 dissemination-area points with their Can-ALE 1 km measures (census.bin, built by
// scripts/geodata/census.mjs), decoded once per isolate, and the interpolated sample around a point.
import censusData from '../../data/census.bin'
import { artefactReader } from './binary'
import type { LookupOptions } from './options'
import { PointGrid } from './grid'
import { PointMemo } from './point-memo'
import { METRES_PER_DEGREE, degreeSpan, metresPerDegreeLng } from './planar'

export interface CensusSample {
  /** persons/km² in the 1 km buffer, inverse-distance weighted over the nearest DA points */
  popDensity: number
  dwellingDensity: number
  /** undefined where Can-ALE has no transit measure (New Brunswick, the territories) */
  transitStops1km?: number
  poiCount1km: number
  poiWeighted1km: number
  intersectionDensity1km: number
  /** distance to the nearest DA representative point used */
  nearestDaM: number
  /** how many DA points were interpolated */
  neighbours: number
}

export interface CensusTable {
  dauid: Int32Array
  /** DA representative point in 1e-4° (kept as integers: no conversion pass at decode time) */
  qLat: Int32Array
  qLng: Int32Array
  popDensity: Int32Array
  dwellingDensity: Int32Array
  /** stops + 1; 0 where Can-ALE has no transit measure */
  transitPlusOne: Int32Array
  poiCount: Int32Array
  poiWeighted10: Int32Array
  /** intersections (≥ 3 legs) in the 1 km circle: density × π */
  intersections: Int32Array
  grid: PointGrid
}

const DA_COORD_SCALE = 1e4
const CELL_UNITS = 100 // 0.01° cells
let table: CensusTable | undefined

export function censusTable(): CensusTable {
  if (table) return table
  const reader = artefactReader('census', censusData)
  const dauid = reader.ints(true)
  const qLat = reader.ints(true)
  const qLng = reader.ints(true)
  table = {
    dauid,
    qLat,
    qLng,
    popDensity: reader.ints(),
    dwellingDensity: reader.ints(),
    transitPlusOne: reader.ints(),
    poiCount: reader.ints(),
    poiWeighted10: reader.ints(),
    intersections: reader.ints(),
    grid: new PointGrid(qLat, qLng, CELL_UNITS, DA_COORD_SCALE),
  }
  return table
}

/** Neighbours interpolated, the search radius, and the IDW smoothing distance (weights 1/(d² + h²),
 *  so a point on top of a DA point does not take its value alone: the measures are 1 km buffers). */
export const CENSUS_NEIGHBOURS = 8
export const CENSUS_MAX_DISTANCE_M = 5000
const SMOOTHING_M = 150

// Scratch for the k-nearest search: queries run one at a time in an isolate.
const bestIds = new Int32Array(CENSUS_NEIGHBOURS)
const bestDistSq = new Float64Array(CENSUS_NEIGHBOURS)
const SEARCH_RADII_M = [1000, 2500, CENSUS_MAX_DISTANCE_M]

/** Fills bestIds/bestDistSq with up to K nearest DA points within 5 km, nearest first; returns how many. */
function nearestDas(t: CensusTable, lat: number, lng: number, exclude: ReadonlySet<string> | undefined): number {
  // Metres per quantised unit, and the query point in those units.
  const kx = metresPerDegreeLng(lat) / DA_COORD_SCALE
  const ky = METRES_PER_DEGREE / DA_COORD_SCALE
  const qx = lng * DA_COORD_SCALE
  const qy = lat * DA_COORD_SCALE
  const { qLat, qLng } = t
  let found = 0
  for (const radius of SEARCH_RADII_M) {
    found = 0
    const { dLat, dLng } = degreeSpan(lat, radius)
    const runCount = t.grid.runsInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng)
    const { runs } = t.grid
    for (let r = 0; r < runCount; r++) {
      for (let i = runs[2 * r]; i < runs[2 * r + 1]; i++) {
        if (exclude?.has(String(t.dauid[i]))) continue
        const dx = (qLng[i] - qx) * kx
        const dy = (qLat[i] - qy) * ky
        const dSq = dx * dx + dy * dy
        if (found === CENSUS_NEIGHBOURS && dSq >= bestDistSq[found - 1]) continue
        let slot = found < CENSUS_NEIGHBOURS ? found++ : found - 1
        while (slot > 0 && bestDistSq[slot - 1] > dSq) {
          bestDistSq[slot] = bestDistSq[slot - 1]
          bestIds[slot] = bestIds[slot - 1]
          slot--
        }
        bestDistSq[slot] = dSq
        bestIds[slot] = i
      }
    }
    // Every point outside the box is farther than `radius`: the K found are the K nearest.
    if (found === CENSUS_NEIGHBOURS && bestDistSq[found - 1] <= radius * radius) return found
  }
  const maxSq = CENSUS_MAX_DISTANCE_M * CENSUS_MAX_DISTANCE_M
  while (found > 0 && bestDistSq[found - 1] > maxSq) found--
  return found
}

/** Census measures around a point, interpolated over the nearest DA points; undefined when no DA
 *  point lies within 5 km (the model then applies its rural fallback). */
export function censusAt(lat: number, lng: number, options?: LookupOptions): CensusSample | undefined {
  const exclude = options?.exclude?.size ? options.exclude : undefined
  if (exclude || options?.memo === false) return interpolate(lat, lng, exclude)
  const memo = samples.get(lat, lng)
  return memo ? memo.sample : samples.set(lat, lng, { sample: interpolate(lat, lng, undefined) }).sample
}

const samples = new PointMemo<{ sample: CensusSample | undefined }>(4096)

function interpolate(lat: number, lng: number, exclude: ReadonlySet<string> | undefined): CensusSample | undefined {
  const t = censusTable()
  const found = nearestDas(t, lat, lng, exclude)
  if (found === 0) return undefined
  let weightSum = 0
  let pop = 0
  let dwellings = 0
  let poi = 0
  let poiWeighted = 0
  let intersections = 0
  let transitWeight = 0
  let transit = 0
  for (let k = 0; k < found; k++) {
    const i = bestIds[k]
    const w = 1 / (bestDistSq[k] + SMOOTHING_M * SMOOTHING_M)
    weightSum += w
    pop += w * t.popDensity[i]
    dwellings += w * t.dwellingDensity[i]
    poi += w * t.poiCount[i]
    poiWeighted += w * t.poiWeighted10[i]
    intersections += w * t.intersections[i]
    if (t.transitPlusOne[i] > 0) {
      transitWeight += w
      transit += w * (t.transitPlusOne[i] - 1)
    }
  }
  return {
    popDensity: pop / weightSum,
    dwellingDensity: dwellings / weightSum,
    // Unmeasured DAs (New Brunswick, territories) are unknown, not zero: no value where they dominate.
    transitStops1km: transitWeight >= weightSum / 2 ? transit / transitWeight : undefined,
    poiCount1km: poi / weightSum,
    poiWeighted1km: poiWeighted / weightSum / 10,
    intersectionDensity1km: intersections / weightSum / Math.PI,
    nearestDaM: Math.sqrt(bestDistSq[0]),
    neighbours: found,
  }
}

/** A DA point of an area sample: its position and the measures the postal-area signals average. */
export interface AreaDa {
  lat: number
  lng: number
  popDensity: number
  /** undefined where Can-ALE has no transit measure */
  transitStops1km?: number
}
const AREA_SEARCH_RADII_M = [2000, 5000, 12000, 25000]

/**
 * The `count` DA points nearest a postal-area position (fewer where fewer lie within 25 km): the people
 * of the area, each DA holding 400–700 of them, so a plain mean over them is close to a population-weighted one.
 */
export function nearestDaPoints(lat: number, lng: number, count: number): AreaDa[] {
  const t = censusTable()
  const kx = metresPerDegreeLng(lat) / DA_COORD_SCALE
  const ky = METRES_PER_DEGREE / DA_COORD_SCALE
  let found: { i: number; dSq: number }[] = []
  for (const radius of AREA_SEARCH_RADII_M) {
    found = []
    const { dLat, dLng } = degreeSpan(lat, radius)
    const runCount = t.grid.runsInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng)
    const { runs } = t.grid
    for (let r = 0; r < runCount; r++)
      for (let i = runs[2 * r]; i < runs[2 * r + 1]; i++) {
        const dx = (t.qLng[i] - lng * DA_COORD_SCALE) * kx
        const dy = (t.qLat[i] - lat * DA_COORD_SCALE) * ky
        found.push({ i, dSq: dx * dx + dy * dy })
      }
    found.sort((a, b) => a.dSq - b.dSq || a.i - b.i)
    if (found.length >= count && found[count - 1].dSq <= radius * radius) break
  }
  const maxSq = AREA_SEARCH_RADII_M[AREA_SEARCH_RADII_M.length - 1] ** 2
  return found
    .slice(0, count)
    .filter((f) => f.dSq <= maxSq)
    .map(({ i }) => ({
      lat: t.qLat[i] / DA_COORD_SCALE,
      lng: t.qLng[i] / DA_COORD_SCALE,
      popDensity: t.popDensity[i],
      ...(t.transitPlusOne[i] > 0 && { transitStops1km: t.transitPlusOne[i] - 1 }),
    }))
}
