// Where a score stands (docs/methodology.md §10): the share of the street frontage sampled in the point's CMA,
// and in all covered CMAs, that scores lower with the same weights. Each sample keeps its seven factor scores, so
// any weights give the samples' own overall scores, computed as scoreSignals computes them (same order, same
// rounding): the percentile is exact over the sample for every weight profile; its only error is sampling.
import { cmaAt, percentileSamples, warning, type PercentileSampleSet, type ScoreWarning } from '../geo/geodata'
import { FACTOR_KEYS, type WeightProfile } from './weights'

export interface Percentiles {
  /** % of the CMA's sampled street frontage scoring lower; absent where the CMA is not covered (a warning says why). */
  cma?: number
  /** % of the frontage of every covered CMA scoring lower, each CMA weighted by its population. */
  national: number
  /** The CMA `cma` is within. */
  cmaName?: string
}

/** Sorted overall scores of each covered CMA's samples, per weight profile (a client reuses its profile: few distinct). */
const sortedByProfile = new Map<string, Float64Array[]>()
const MAX_PROFILES = 32

function samplesFor(sets: readonly PercentileSampleSet[], weights: WeightProfile): Float64Array[] {
  const key = FACTOR_KEYS.map((k) => weights[k]).join(',')
  let sorted = sortedByProfile.get(key)
  if (sorted) return sorted
  const w = FACTOR_KEYS.map((k) => weights[k])
  const k = w.length
  sorted = sets.map((set) => {
    const out = new Float64Array(set.n)
    for (let i = 0; i < set.n; i++) {
      let total = 0
      // tenths / 10 is factorScore's own value (it rounds to tenths the same way), summed in FACTOR_KEYS order.
      for (let j = 0; j < k; j++) total += (set.tenths[i * k + j] / 10) * w[j]
      out[i] = Math.round(total * 10) / 10
    }
    return out.sort()
  })
  if (sortedByProfile.size >= MAX_PROFILES) sortedByProfile.delete(sortedByProfile.keys().next().value!)
  sortedByProfile.set(key, sorted)
  return sorted
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
  const samples = percentileSamples()
  if (samples.cmas.length === 0) return {}
  if (samples.factors.join() !== FACTOR_KEYS.join()) throw new Error('percentile samples: factors differ from FACTOR_KEYS; rebuild')
  const sorted = samplesFor(samples.cmas, weights)
  let weighted = 0
  let population = 0
  let inCma: number | undefined
  const cma = cmaAt(lat, lng)
  samples.cmas.forEach((set, i) => {
    const share = countBelow(sorted[i], overallScore) / set.n
    weighted += share * set.population
    population += set.population
    if (set.name === cma?.name) inCma = percent(share)
  })
  const percentiles: Percentiles = { national: percent(weighted / population) }
  if (inCma !== undefined) return { percentiles: { cma: inCma, ...percentiles, cmaName: cma!.name } }
  return { percentiles, warning: notCoveredWarning(cma?.name, samples.cmas, samples.notCovered) }
}

let coveredNames: string | undefined
function notCoveredWarning(
  cma: string | undefined,
  covered: readonly PercentileSampleSet[],
  why: Readonly<Record<string, string>>,
): ScoreWarning {
  coveredNames ??= covered.map((c) => c.name).join(', ')
  const names = coveredNames
  const where = cma
    ? `the street data of ${cma} ${why[cma] ? `hold ${why[cma]}, not its whole network` : 'are not in the percentile samples'}`
    : 'the point is in no census metropolitan area'
  return warning('CMA_NOT_COVERED', `no percentile within the CMA: ${where}; percentiles.national compares with ${names}`)
}

/** The CMA's name for people: Statistics Canada's " - " between the cities of a CMA as an en dash. */
export const cmaLabel = (name: string) => name.replace(/ - /g, '–')

/** The percentiles in words, as the PDF report and the share page say them; undefined for a result that has none. */
export function percentileWords(p: Percentiles | undefined): string | undefined {
  if (!p) return undefined
  if (p.cma !== undefined && p.cmaName)
    return `Better than ${p.cma} % of ${cmaLabel(p.cmaName)} street frontage (${p.national} % across the covered metro areas)`
  return `Better than ${p.national} % of the street frontage of the covered metro areas (no distribution for this area)`
}
