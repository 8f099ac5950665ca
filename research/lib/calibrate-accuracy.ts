// Fitting accuracyM (src/geo/geodata/accuracy.ts) on a calibration sample: pure functions over (error, term)
// pairs, used by research/calibrate-geocoder.mjs and tested in test/geo/accuracy.unit.test.ts.

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
  /** the share held in each city constrained by the fit (POOLED: the smaller ones together) */
  groups: { group: string; n: number; holds: number }[]
}

/** What a set of n results must hold: a flat share of them, or a count (e.g. heldNeeded's statistical bound). */
export type Requirement = number | ((n: number) => number)

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
export function fitTerm(samples: TermSample[], target: Requirement, { kMin = 0, minGroup = Infinity }: FitOptions = {}): TermFit {
  const n = samples.length
  const sets = [samples, ...groupsOf(samples, minGroup).map((g) => g.members)]
  const need = (set: TermSample[]) => (typeof target === 'number' ? Math.ceil(target * set.length) : target(set.length))
  const hasSpan = samples.some((s) => s.detail?.spanM)
  const hasBeyond = samples.some((s) => s.detail?.beyondM)
  const grid = (hasSpan ? SPAN_WEIGHTS : [0]).flatMap((spanWeight) =>
    (hasSpan ? PER_NUMBER_WEIGHTS : [0]).flatMap((perNumberWeight) =>
      (hasBeyond ? BEYOND_WEIGHTS : [0]).map((beyondWeight) => ({ spanWeight, perNumberWeight, beyondWeight })),
    ),
  )
  const maxFloor = Math.max(FLOOR_STEP_M, ...sets.map((set) => roundUp(errorAtRank(set, need(set)))))
  let best: Omit<TermFit, 'holds' | 'groups' | 'n'> | undefined
  for (const weights of grid) {
    const terms = new Map(samples.map((s) => [s, localTermM(weights, s.termM, s.detail)]))
    for (let floorM = FLOOR_STEP_M; floorM <= maxFloor; floorM += FLOOR_STEP_M) {
      const k = Math.max(kMin, ...sets.map((set) => smallestK(set, terms, floorM, need(set))))
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

/** The smallest k with at least `needed` of the set within max(floorM, k × term); Infinity when none. */
function smallestK(set: TermSample[], terms: Map<TermSample, number>, floorM: number, needed: number): number {
  const missing = needed - set.filter((s) => s.errorM <= floorM).length
  if (missing <= 0) return 0
  const ratios = set
    .filter((s) => s.errorM > floorM && terms.get(s)! > 0)
    .map((s) => s.errorM / terms.get(s)!)
    .sort((a, b) => a - b)
  return missing > ratios.length ? Infinity : ratios[missing - 1]
}

/** Each city with at least minGroup results, then the others pooled (POOLED) when they are as many. */
export const POOLED = 'smaller groups pooled'
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
  // Named apart from a caller's own `other` (the validation's small cities), which stays a group of its own.
  return rest.length >= minGroup ? [...big, { group: POOLED, members: rest }] : big
}

/**
 * The share a validation group of `futureN` results will at least hold, with one-sided confidence z
 * (1.645: 95 %), when `held` of `n` calibration results hold: the Wilson lower bound of held / n on the
 * effective size of the difference between the two shares, 1 / (1/n + 1/futureN). Both samples' sampling
 * error counts: the calibration's (how well the fold knows the share) and the validation group's own.
 */
export function coverageBound(held: number, n: number, futureN: number, z = 1.645): number {
  if (!n || !futureN) return 0
  const m = 1 / (1 / n + 1 / futureN)
  const p = held / n
  const z2 = z * z
  return (p + z2 / (2 * m) - z * Math.sqrt((p * (1 - p)) / m + z2 / (4 * m * m))) / (1 + z2 / m)
}

/**
 * A Requirement: the smallest count of n calibration results (drawn as `folds` folds) whose coverageBound for
 * a validation group of one fold's size (n / folds) reaches `goal`; n + 1 (unreachable) when even all do not.
 */
export function heldNeeded(goal: number, folds: number, z = 1.645): (n: number) => number {
  return (n) => {
    for (let held = Math.ceil(goal * n); held <= n; held++) if (coverageBound(held, n, n / folds, z) >= goal) return held
    return n + 1
  }
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
