// Fitting accuracyM (src/geo/geodata/accuracy.ts) on a calibration sample: pure functions over (error, term)
// pairs, used by scripts/calibrate-geocoder.mjs and tested in test/node/calibrate-accuracy.test.ts.

/** One calibration result: its error in metres and the raw term its radius is computed from. */
export interface TermSample {
  errorM: number
  termM: number
}

export interface TermFit {
  floorM: number
  k: number
  n: number
  /** share of the sample within max(floorM, k × termM) */
  holds: number
  meanM: number
}

const FLOOR_STEP_M = 5
const K_MAX = 20

/**
 * The (floor, k) with the smallest mean radius among those under which at least `target` of the
 * sample holds: for each floor on a 5 m grid, the smallest k (at least kMin) that covers enough of the
 * points the floor alone leaves out.
 */
export function fitTerm(samples: TermSample[], target: number, kMin = 0): TermFit {
  const n = samples.length
  const need = Math.ceil(target * n)
  const errors = samples.map((s) => s.errorM).sort((a, b) => a - b)
  const maxFloor = Math.max(FLOOR_STEP_M, Math.ceil((errors[Math.max(0, need - 1)] ?? 0) / FLOOR_STEP_M) * FLOOR_STEP_M)
  let best: TermFit | undefined
  for (let floorM = FLOOR_STEP_M; floorM <= maxFloor; floorM += FLOOR_STEP_M) {
    const byFloor = samples.filter((s) => s.errorM <= floorM).length
    const ratios = samples
      .filter((s) => s.errorM > floorM && s.termM > 0)
      .map((s) => s.errorM / s.termM)
      .sort((a, b) => a - b)
    const missing = need - byFloor
    if (missing > ratios.length) continue
    const k = Math.max(kMin, missing <= 0 ? 0 : ratios[missing - 1])
    if (k > K_MAX) continue
    const kRounded = Math.ceil(k * 100) / 100
    const radii = samples.map((s) => Math.max(floorM, kRounded * s.termM))
    const meanM = radii.reduce((a, b) => a + b, 0) / Math.max(1, n)
    if (!best || meanM < best.meanM) best = { floorM, k: kRounded, n, holds: shareWithin(samples, floorM, kRounded), meanM }
  }
  return best ?? { floorM: maxFloor, k: 1, n, holds: shareWithin(samples, maxFloor, 1), meanM: maxFloor }
}

export function shareWithin(samples: TermSample[], floorM: number, k: number): number {
  if (!samples.length) return NaN
  return samples.filter((s) => s.errorM <= Math.max(floorM, k * s.termM)).length / samples.length
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
