// Fitting accuracyM (src/geo/geodata/accuracy.ts) on a calibration sample: pure functions over (error, term)
// pairs, used by scripts/calibrate-geocoder.mjs and tested in test/node/calibrate-accuracy.test.ts.

import { type AccuracyDetail, type LocalWeights, localTermM } from '../../src/geo/geodata/accuracy'

/** One calibration result: its error in metres, the raw term its radius is computed from, and its city. */
export interface TermSample {
  errorM: number
  termM: number
  /** the neighbourhood (neighbours' span, civic numbers between them) for the terms that know it */
  detail?: AccuracyDetail
  /** the city: the fit holds the target in each city with at least `minGroup` results (the rest pooled) */
  group?: string
}

export interface TermFit extends LocalWeights {
  floorM: number
  k: number
  n: number
  /** share of the sample within max(floorM, k × localTermM) */
  holds: number
  meanM: number
  /** the share held in each city constrained by the fit (`other` pools the smaller ones) */
  groups: { group: string; n: number; holds: number }[]
}

export interface FitOptions {
  /** the smallest k allowed */
  kMin?: number
  /** cities with at least this many results (and the rest pooled, if as many) must each hold the target */
  minGroup?: number
}

const FLOOR_STEP_M = 5
const K_MAX = 20
/** Weights of the neighbourhood tried (localTermM): per metre of the neighbours' span, per metre per number, past the numbers. */
const SPAN_WEIGHTS = [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2]
const PER_NUMBER_WEIGHTS = [0, 1, 2, 4, 8]
const BEYOND_WEIGHTS = [0, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2]

/**
 * The (weights, floor, k) with the smallest mean radius among those under which at least `target` of the
 * sample holds, and of each city's results that are numerous enough: for each pair of weights and each
 * floor on a 5 m grid, the smallest k (at least kMin) that covers enough of the points the floor alone
 * leaves out, overall and in every such city.
 */
export function fitTerm(samples: TermSample[], target: number, { kMin = 0, minGroup = Infinity }: FitOptions = {}): TermFit {
  const n = samples.length
  const sets = [samples, ...groupsOf(samples, minGroup).map((g) => g.members)]
  const hasSpan = samples.some((s) => s.detail?.spanM)
  const hasBeyond = samples.some((s) => s.detail?.beyondM)
  const grid = (hasSpan ? SPAN_WEIGHTS : [0]).flatMap((spanWeight) =>
    (hasSpan ? PER_NUMBER_WEIGHTS : [0]).flatMap((perNumberWeight) =>
      (hasBeyond ? BEYOND_WEIGHTS : [0]).map((beyondWeight) => ({ spanWeight, perNumberWeight, beyondWeight })),
    ),
  )
  const maxFloor = Math.max(FLOOR_STEP_M, ...sets.map((set) => roundUp(errorAtRank(set, Math.ceil(target * set.length)))))
  let best: Omit<TermFit, 'holds' | 'groups' | 'n'> | undefined
  for (const weights of grid) {
    const terms = new Map(samples.map((s) => [s, localTermM(weights, s.termM, s.detail)]))
    for (let floorM = FLOOR_STEP_M; floorM <= maxFloor; floorM += FLOOR_STEP_M) {
      const k = Math.max(kMin, ...sets.map((set) => smallestK(set, terms, floorM, target)))
      if (k > K_MAX) continue
      const kRounded = Math.ceil(k * 1000) / 1000
      const meanM = samples.reduce((a, s) => a + Math.max(floorM, kRounded * terms.get(s)!), 0) / Math.max(1, n)
      if (!best || meanM < best.meanM) best = { ...weights, floorM, k: kRounded, meanM }
    }
  }
  best ??= { spanWeight: 0, perNumberWeight: 0, beyondWeight: 0, floorM: maxFloor, k: 1, meanM: maxFloor }
  const held = (set: TermSample[]) => shareWithin(set, best!.floorM, best!.k, best)
  return {
    ...best,
    n,
    holds: held(samples),
    groups: groupsOf(samples, minGroup).map((g) => ({ group: g.group, n: g.members.length, holds: held(g.members) })),
  }
}

/** The smallest k with at least `target` of the set within max(floorM, k × term); Infinity when none. */
function smallestK(set: TermSample[], terms: Map<TermSample, number>, floorM: number, target: number): number {
  const missing = Math.ceil(target * set.length) - set.filter((s) => s.errorM <= floorM).length
  if (missing <= 0) return 0
  const ratios = set
    .filter((s) => s.errorM > floorM && terms.get(s)! > 0)
    .map((s) => s.errorM / terms.get(s)!)
    .sort((a, b) => a - b)
  return missing > ratios.length ? Infinity : ratios[missing - 1]
}

/** Each city with at least minGroup results, then the others pooled as `other` when they are as many. */
function groupsOf(samples: TermSample[], minGroup: number): { group: string; members: TermSample[] }[] {
  if (!Number.isFinite(minGroup)) return []
  const byGroup = new Map<string, TermSample[]>()
  for (const s of samples) {
    if (s.group === undefined) continue
    const list = byGroup.get(s.group)
    if (list) list.push(s)
    else byGroup.set(s.group, [s])
  }
  const big = [...byGroup].filter(([, m]) => m.length >= minGroup).map(([group, members]) => ({ group, members }))
  const rest = [...byGroup].filter(([, m]) => m.length < minGroup).flatMap(([, m]) => m)
  return rest.length >= minGroup ? [...big, { group: 'other', members: rest }] : big
}

const errorAtRank = (set: TermSample[], rank: number) => set.map((s) => s.errorM).sort((a, b) => a - b)[Math.max(0, rank - 1)] ?? 0
const roundUp = (m: number) => Math.ceil(m / FLOOR_STEP_M) * FLOOR_STEP_M

export function shareWithin(samples: TermSample[], floorM: number, k: number, weights?: LocalWeights): number {
  if (!samples.length) return NaN
  const term = (s: TermSample) => (weights ? localTermM(weights, s.termM, s.detail) : s.termM)
  return samples.filter((s) => s.errorM <= Math.max(floorM, k * term(s))).length / samples.length
}

/** The smallest k (to 0.05) with errorM ≤ k × radiusM for at least `target` of the sample. */
export function fitScale(samples: { errorM: number; radiusM: number }[], target: number): number {
  const ratios = samples.map((s) => s.errorM / Math.max(1, s.radiusM)).sort((a, b) => a - b)
  if (!ratios.length) return 1
  const k = ratios[Math.min(ratios.length - 1, Math.ceil(target * ratios.length) - 1)]
  return Math.max(0.05, Math.ceil(k * 20) / 20)
}

/** The q-quantile of a list of distances (nearest rank). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}
