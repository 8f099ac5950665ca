// Site finder: score a lattice of candidate points around a centre and return the best distinct
// places, the centre's own result and the whole grid for a heat map. The centre is located once
// (geocoded when given as an address); every other grid point is an exact position (precision
// `coordinates`). The grid is scored by the engine alone; the best distinct points are re-scored by
// POST /score's own service, so each best point's result is /score's at its coordinates (named by its
// street). The centre keeps its own result, street included, as grid point (0, 0), so the best point is
// never worse than the centre.
import { ApiError } from '../errors'
import { featuresAt, trafficArea, type FeatureOptions } from '../geo/signals'
import { bearingDeg, distanceM, isInCanada } from '../geo/geodata'
import { buildScoreResult, gradeFor, scoreSignals, type Grade, type ScoreResult, type WeightProfile } from '../scoring'
import { gridAround, gridPointCount } from './nearby-grid'
import { REVERSE_MAX_DISTANCE_M, reverseGeocoderFor } from './reverse-geocoder'
import { scoreLocation, type LocationInput } from './scoring'

export const NEARBY = {
  minRadiusM: 50,
  maxRadiusM: 2_000,
  defaultRadiusM: 500,
  minSpacingM: 25,
  maxSpacingM: 2_000,
  defaultSpacingM: 50,
  minLimit: 1,
  maxLimit: 20,
  defaultLimit: 5,
  maxGridPoints: 10_000,
  /** Quota: the request itself, plus one unit per started block of this many grid points. */
  gridPointsPerQuotaUnit: 100,
} as const

/** Monthly quota units a search over `gridPoints` points costs (the request + 1 per 100 points). */
export const nearbyQuotaUnits = (gridPoints: number) => 1 + Math.ceil(gridPoints / NEARBY.gridPointsPerQuotaUnit)

export interface NearbyOptions {
  radiusM: number
  spacingM: number
  limit: number
  weights: WeightProfile
}

export interface ScoredGridPoint {
  lat: number
  lng: number
  east: number
  north: number
  overallScore: number
  grade: Grade
}

export interface BestPoint {
  rank: number
  distanceM: number
  bearingDeg: number
  result: ScoreResult
  east: number
  north: number
}

export interface NearbyResult {
  centre: ScoreResult
  radiusM: number
  spacingM: number
  best: BestPoint[]
  points: ScoredGridPoint[]
}

/** 400 before any work when the lattice would exceed the cap, with the computed count. */
export function assertGridSize(radiusM: number, spacingM: number): number {
  const count = gridPointCount(radiusM, spacingM)
  if (count > NEARBY.maxGridPoints) {
    throw new ApiError(
      'BAD_REQUEST',
      `radiusM ${radiusM} with spacingM ${spacingM} makes a grid of ${count.toLocaleString('en-CA')} ` +
        `points; the cap is ${NEARBY.maxGridPoints.toLocaleString('en-CA')}: raise spacingM or lower ` +
        `radiusM`,
      {
        details: [{ path: 'spacingM', message: `grid of ${count} points exceeds ${NEARBY.maxGridPoints}` }],
      },
    )
  }
  return count
}

/** Border sampling step: finer than the border outline's own accuracy (1–2 km, src/geo/geodata/border.ts). */
const BORDER_SAMPLE_M = 250

/**
 * The grid points the search will score: inside the circle and in Canada (a grid can cross the
 * border). The border test costs more than scoring a point, so it runs per point only when a coarse
 * sample of the area (every 250 m, a margin beyond the circle) touches the United States or
 * the grid is that coarse anyway.
 */
export function candidatePoints(centre: { lat: number; lng: number }, radiusM: number, spacingM: number) {
  const points = gridAround(centre.lat, centre.lng, radiusM, spacingM)
  if (
    spacingM < BORDER_SAMPLE_M &&
    gridAround(centre.lat, centre.lng, radiusM + BORDER_SAMPLE_M, BORDER_SAMPLE_M).every((p) => isInCanada(p.lat, p.lng))
  )
    return points
  return points.filter((p) => (p.east === 0 && p.north === 0) || isInCanada(p.lat, p.lng))
}

const coordinatesLabel = (lat: number, lng: number) => `${lat.toFixed(5)}, ${lng.toFixed(5)}`

/**
 * A grid point's overall score: the same two steps buildScoreResult runs (features → weighted
 * score), without building the full result thousands of times; best points get the full result.
 * A test re-scores grid points through POST /score to keep the two in step.
 */
function gridPointScore(lat: number, lng: number, weights: WeightProfile, grid: FeatureOptions): number {
  return scoreSignals(featuresAt({ lat, lng, precision: 'coordinates' }, grid), weights).overallScore
}

/** What the grid's points share: no per-point memos (every point is new: they would never hit, only
 *  cost garbage collection), and which counted traffic sections can matter where (Calgary). */
function gridFeatureOptions(candidates: readonly { lat: number; lng: number }[]): FeatureOptions {
  let minLat = Infinity
  let minLng = Infinity
  let maxLat = -Infinity
  let maxLng = -Infinity
  for (const p of candidates) {
    minLat = Math.min(minLat, p.lat)
    minLng = Math.min(minLng, p.lng)
    maxLat = Math.max(maxLat, p.lat)
    maxLng = Math.max(maxLng, p.lng)
  }
  return { memo: false, trafficArea: trafficArea(minLat, minLng, maxLat, maxLng) }
}

/** Scores a point exactly as POST /score does at those coordinates (services/scoring.ts `scoreLocation`). */
export type PointScorer = (lat: number, lng: number) => Promise<ScoreResult>

/** The engine alone at a point (no geodata store: no street, counts or streets in sight), for callers without one. */
export const engineScorer =
  (weights: WeightProfile): PointScorer =>
  async (lat, lng) =>
    buildScoreResult({ lat, lng, precision: 'coordinates', address: coordinatesLabel(lat, lng) }, weights)

/**
 * How many distinct grid points, best by the grid's score, are re-scored by the scorer for each best point
 * asked: the grid's score is the engine without the store's per-point reads (the street at the point,
 * counted volumes, streets in sight, distance to the network), which can move a point's score by a few points.
 */
const RESCORED_PER_BEST = 3
const RESCORED_MIN = 12

/**
 * Scores the candidates and picks the best distinct places. The grid is scored by the engine (cheap, for
 * the heat map); the best distinct candidates are then re-scored by `scorePoint` (POST /score's service in
 * the worker), ranked by that score, and keep it, so a best point's score is what POST /score answers at
 * its coordinates; their grid points carry it too. Deterministic.
 */
export async function findNearby(
  centre: ScoreResult,
  candidates: ReturnType<typeof candidatePoints>,
  options: NearbyOptions,
  scorePoint: PointScorer = engineScorer(options.weights),
): Promise<NearbyResult> {
  const grid = gridFeatureOptions(candidates)
  const points = candidates.map((p): ScoredGridPoint => {
    const overallScore = isCentre(p) ? centre.overallScore : gridPointScore(p.lat, p.lng, options.weights, grid)
    return { lat: p.lat, lng: p.lng, east: p.east, north: p.north, overallScore, grade: gradeFor(overallScore) }
  })
  const shortlist = pickDistinct(points, rankOrder(points), options.spacingM, Math.max(RESCORED_MIN, options.limit * RESCORED_PER_BEST))
  // The centre is always a candidate (its result is already /score's), so the best point is never worse than it.
  const centreAt = points.findIndex(isCentre)
  if (centreAt >= 0 && !shortlist.includes(centreAt)) shortlist.push(centreAt)
  const results = await Promise.all(shortlist.map((i) => (isCentre(points[i]) ? centre : scorePoint(points[i].lat, points[i].lng))))
  const resultOf = new Map(shortlist.map((i, k) => [i, results[k]]))
  for (const [i, result] of resultOf) points[i] = { ...points[i], overallScore: result.overallScore, grade: result.grade }
  // Re-ranked by the scores just computed; distinct again (the centre joined the shortlist unchecked).
  const picked = pickDistinct(points, rankOrder(points, shortlist), options.spacingM, options.limit)
  const best = picked.map((i, rank): BestPoint => {
    const p = points[i]
    return {
      rank: rank + 1,
      distanceM: Math.round(distanceM(centre.lat, centre.lng, p.lat, p.lng)),
      bearingDeg: isCentre(p) ? 0 : Math.round(bearingDeg(centre.lat, centre.lng, p.lat, p.lng)) % 360,
      result: resultOf.get(i)!,
      east: p.east,
      north: p.north,
    }
  })
  return { centre, radiusM: options.radiusM, spacingM: options.spacingM, best, points }
}

const isCentre = (p: { east: number; north: number }) => p.east === 0 && p.north === 0

/** Highest score first; ties go to the point nearer the centre, then to lattice order. */
function rankOrder(points: readonly ScoredGridPoint[], among: readonly number[] = points.map((_, i) => i)): number[] {
  const d2 = (p: ScoredGridPoint) => p.east ** 2 + p.north ** 2
  return [...among].sort((a, b) => points[b].overallScore - points[a].overallScore || d2(points[a]) - d2(points[b]) || a - b)
}

/** The first `count` of `order` that are distinct places: two grid spacings apart, checked on the lattice so rounding cannot flip it. */
function pickDistinct(points: readonly ScoredGridPoint[], order: readonly number[], spacingM: number, count: number): number[] {
  const minLattice2 = (2 * spacingM) ** 2
  const picked: number[] = []
  for (const i of order) {
    if (picked.length >= count) break
    const p = points[i]
    if (picked.every((j) => (points[j].east - p.east) ** 2 + (points[j].north - p.north) ** 2 >= minLattice2)) picked.push(i)
  }
  return picked
}

/** The grid as GeoJSON points ([lng, lat]) with their score and grade, for any map library. */
export function gridFeatureCollection(points: ScoredGridPoint[]) {
  return {
    type: 'FeatureCollection' as const,
    features: points.map((p) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [p.lng, p.lat] as [number, number] },
      properties: { overallScore: p.overallScore, grade: p.grade },
    })),
  }
}

/**
 * A search around a city's centre point ranks an arbitrary grid (the place is known only to ±km):
 * refused with a 400 before any quota is charged. A postal area is small enough in cities to search.
 */
export function assertSearchableCentre(centre: ScoreResult): void {
  if (centre.precision !== 'city') return
  const message =
    `the centre "${centre.address}" was located only to a city (±${Math.round(centre.accuracyM / 1000)} km): ` +
    'give a street address, an intersection, a postal code or lat/lng to search around'
  throw new ApiError('BAD_REQUEST', message, { details: [{ path: 'address', message }] })
}

/**
 * The whole search: grid cap (400), locate the centre (geocoding once), charge the quota for the
 * points to score (`charge` throws 429 when they do not fit), then score.
 */
export async function searchNearby(
  env: Parameters<typeof scoreLocation>[0],
  location: LocationInput,
  options: NearbyOptions,
  charge: (units: number) => Promise<void>,
): Promise<NearbyResult> {
  assertGridSize(options.radiusM, options.spacingM)
  const centre = await scoreLocation(env, location, options.weights)
  assertSearchableCentre(centre)
  const candidates = candidatePoints(centre, options.radiusM, options.spacingM)
  await charge(nearbyQuotaUnits(candidates.length))
  return findNearby(centre, candidates, options, (lat, lng) => scoreLocation(env, { lat, lng }, options.weights))
}

/**
 * What each best point is called (services/reverse-geocoder.ts): the civic address within 15 m, else its street and
 * cross street, with the municipality; null where the geodata store knows neither. Read in parallel, one
 * store lookup per point; a failing store costs only the names.
 */
export function nameBestPoints(env: Parameters<typeof reverseGeocoderFor>[0], best: readonly BestPoint[]): Promise<(string | null)[]> {
  const reverse = reverseGeocoderFor(env)
  return Promise.all(best.map(async (b) => (await reverse.reverse(b.result.lat, b.result.lng, REVERSE_MAX_DISTANCE_M))?.address ?? null))
}
