// Where a score stands (docs/methodology.md §9): the share of the street frontage sampled in the point's CMA,
// and in all covered CMAs, that scores lower with the same weights. Each sample keeps its seven factor scores, so
// any weights give the samples' own overall scores, computed as scoreSignals computes them (same order, same
// rounding): the percentile is exact over the sample for every weight profile; its only error is sampling.
import {
  cmaAt,
  PERCENTILE_NOT_COVERED_WHY,
  percentileCmas,
  percentileDefaultTables,
  percentileSamples,
  type PercentileSampleSet,
  type PercentTables,
  type ScoreWarning,
  warning,
} from '../geo/geodata'
import { DEFAULT_WEIGHTS, FACTOR_KEYS, type WeightProfile } from './weights'

export interface Percentiles {
  /** % of the CMA's sampled street frontage scoring lower; null where the CMA is not covered (a warning says why). */
  cma: number | null
  /** % of the frontage of every covered CMA scoring lower, each CMA weighted by its population. */
  national: number
  /** The CMA `cma` is within; null with `cma`. */
  cmaName: string | null
}

/**
 * A weight profile's percentiles, looked up by score: scores are tenths (0…1000), so each covered CMA gets its
 * percentage for every possible score, and so does the national mix. A lookup is then one array read, where a
 * binary search per CMA cost ~15 % of a memo-hit score (engine bench).
 */
/** byCma[c][tenths]: % of CMA c's samples scoring lower than tenths / 10; national: the same for the mix. */
export type ProfileTables = PercentTables
export const SCORE_STEPS = 1001
/** Tables per weight profile (a client reuses its profile: few distinct), oldest dropped first. */
const tablesByProfile = new Map<string, ProfileTables>()
const MAX_PROFILES = 32
/** The last profile asked for, by identity: a result's weights are one object (DEFAULT_WEIGHTS or the request's). */
let lastWeights: WeightProfile | undefined
let lastValues: number[] = []
let lastTables: ProfileTables | undefined
/** The object may have been changed since (a caller's own profile): its values must still be the ones tabled. */
function sameValues(weights: WeightProfile, values: readonly number[]): boolean {
  for (let j = 0; j < FACTOR_KEYS.length; j++) if (weights[FACTOR_KEYS[j]] !== values[j]) return false
  return true
}
const DEFAULT_VALUES = FACTOR_KEYS.map((k) => DEFAULT_WEIGHTS[k])

/** Each sample's overall score with these weights, in tenths, computed as scoreSignals computes it. */
function sampleScores(set: PercentileSampleSet, w: readonly number[]): Float64Array {
  const k = w.length
  const out = new Float64Array(set.n)
  for (let i = 0; i < set.n; i++) {
    let total = 0
    // tenths / 10 is factorScore's own value (it rounds to tenths the same way), summed in FACTOR_KEYS order.
    for (let j = 0; j < k; j++) total += (set.tenths[i * k + j] / 10) * w[j]
    out[i] = Math.round(total * 10) / 10
  }
  return out.sort()
}

/** The tables of one weight profile over these samples (the build ships the default profile's: no decode on a cold start). */
export function profileTables(sets: readonly PercentileSampleSet[], weights: WeightProfile): ProfileTables {
  const w = FACTOR_KEYS.map((k) => weights[k])
  const shares = sets.map((set) => {
    const sorted = sampleScores(set, w)
    const out = new Float64Array(SCORE_STEPS)
    for (let t = 0; t < SCORE_STEPS; t++) out[t] = countBelow(sorted, t / 10) / set.n
    return out
  })
  const population = sets.reduce((sum, set) => sum + set.population, 0)
  const national = new Uint8Array(SCORE_STEPS)
  for (let t = 0; t < SCORE_STEPS; t++)
    national[t] = percent(sets.reduce((sum, set, c) => sum + shares[c][t] * set.population, 0) / population)
  return { byCma: shares.map((share) => Uint8Array.from(share, percent)), national }
}

function tablesFor(weights: WeightProfile): ProfileTables {
  // The default profile's tables come with the build: most scores use it, and a cold isolate decodes 6 KB, not 93.
  if (weights === DEFAULT_WEIGHTS || sameValues(weights, DEFAULT_VALUES)) return percentileDefaultTables()
  if (lastTables && weights === lastWeights && sameValues(weights, lastValues)) return lastTables
  const w = FACTOR_KEYS.map((k) => weights[k])
  const key = w.join(',')
  let tables = tablesByProfile.get(key)
  if (!tables) {
    const samples = percentileSamples()
    if (samples.factors.join() !== FACTOR_KEYS.join()) throw new Error('percentile samples: factors differ from FACTOR_KEYS; rebuild')
    tables = profileTables(samples.cmas, weights)
    if (tablesByProfile.size >= MAX_PROFILES) tablesByProfile.delete(tablesByProfile.keys().next().value!)
    tablesByProfile.set(key, tables)
  }
  lastWeights = weights
  lastValues = w
  lastTables = tables
  return tables
}

/** How many of the sorted scores are strictly lower than `score`. */
export function countBelow(sorted: Float64Array, score: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid] < score) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** A share as a whole percentage, rounded down: "better than 92 %" never overstates. */
const percent = (share: number) => Math.floor(share * 100 + 1e-9)

export function percentilesAt(
  lat: number,
  lng: number,
  overallScore: number,
  weights: WeightProfile,
): { percentiles?: Percentiles; warning?: ScoreWarning } {
  const sets = percentileCmas()
  if (sets.length === 0) return {}
  const tables = tablesFor(weights)
  // An overall score is a whole number of tenths (scoreSignals rounds it so); clamp guards a caller's own value.
  const step = Math.min(SCORE_STEPS - 1, Math.max(0, Math.round(overallScore * 10)))
  const cmaName = cmaAt(lat, lng)?.name
  const national = tables.national[step]
  for (let c = 0; c < sets.length; c++)
    if (sets[c].name === cmaName) return { percentiles: { cma: tables.byCma[c][step], national, cmaName: cmaName } }
  return { percentiles: { cma: null, national, cmaName: null }, warning: notCoveredWarning(cmaName, sets, PERCENTILE_NOT_COVERED_WHY) }
}

/** One frozen warning per uncovered CMA (and one for no CMA): the message is the same for every point there. */
const warnings = new Map<string, ScoreWarning>()

function notCoveredWarning(
  cma: string | undefined,
  covered: readonly { name: string }[],
  why: Readonly<Record<string, string>>,
): ScoreWarning {
  const cached = warnings.get(cma ?? '')
  if (cached) return cached
  const names = covered.map((c) => c.name).join(', ')
  const where = cma
    ? `the street data of ${cma} ${why[cma] ? `hold ${why[cma]}, not its whole network` : 'are not in the percentile samples'}`
    : 'the point is in no census metropolitan area'
  const made = Object.freeze(
    warning('CMA_NOT_COVERED', `no percentile within the CMA: ${where}; percentiles.national compares with ${names}`),
  )
  warnings.set(cma ?? '', made)
  return made
}

/** The CMA's name for people: Statistics Canada's " - " between the cities of a CMA as an en dash. */
export const cmaLabel = (name: string) => name.replace(/ - /g, '–')

/** The percentiles in words, as the PDF report and the share page say them; undefined for a result that has none. */
export function percentileWords(p: Percentiles | null | undefined): string | undefined {
  if (!p) return undefined
  if (p.cma !== null && p.cmaName)
    return `Better than ${p.cma} % of ${cmaLabel(p.cmaName)} street frontage (${p.national} % across the covered metro areas)`
  return `Better than ${p.national} % of the street frontage of the covered metro areas (no distribution for this area)`
}
