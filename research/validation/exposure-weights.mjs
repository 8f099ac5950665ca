// Weights for the overall score judged by how it ranks people passing (issue 30 item 4; docs/methodology.md
// §5.3). Each site's seven factor scores are fixed by the held-out traffic prediction (traffic-fit.mjs
// evaluate), so the overall score under any weights is Σ w_k × score_k. Weights are chosen on the training
// cities only (mean Spearman ρ against counted persons, each city the same) and read on the left-out city.
import { spearman } from './common.mjs'

const STEP = 0.05

export const rhoOf = (w, e) =>
  spearman(
    e.scores.map((s) => s.reduce((t, v, k) => t + v * w[k], 0)),
    e.persons,
  )

/**
 * Coordinate search on the simplex in steps of 0.05 from `start`: move one step of weight from one factor
 * to another while the mean ρ over `evals` (one a city) rises, no weight below `min`. Deterministic (fixed order,
 * strict gain).
 */
export function chooseWeights(evals, start, min = 0) {
  let w = [...start]
  let best = evals.reduce((t, e) => t + rhoOf(w, e), 0) / evals.length
  for (let round = 0; round < 200; round++) {
    let moved = false
    for (let from = 0; from < w.length; from++)
      for (let to = 0; to < w.length; to++) {
        if (from === to || w[from] < min + STEP - 1e-9) continue
        const next = [...w]
        next[from] = Math.round((next[from] - STEP) * 100) / 100
        next[to] = Math.round((next[to] + STEP) * 100) / 100
        const score = evals.reduce((t, e) => t + rhoOf(next, e), 0) / evals.length
        if (score > best + 1e-4) {
          w = next
          best = score
          moved = true
        }
      }
    if (!moved) break
  }
  return w
}

/**
 * Per left-out city: ρ of the overall score against persons with the default weights and with weights
 * chosen on the other cities; and the weights chosen on every city (the proposal). `evals`: city → evaluation.
 */
export function weightsReport(evals, defaults, min = 0) {
  const cities = Object.keys(evals)
  const perCity = {}
  for (const city of cities) {
    // A key is "City basis": both bases of the left-out city are left out of the choice.
    const chosen = chooseWeights(
      cities.filter((c) => c.split(' ')[0] !== city.split(' ')[0]).map((c) => evals[c]),
      defaults,
      min,
    )
    perCity[city] = { before: rhoOf(defaults, evals[city]), after: rhoOf(chosen, evals[city]), chosen }
  }
  const proposal = chooseWeights(
    cities.map((c) => evals[c]),
    defaults,
    min,
  )
  return { perCity, proposal, rhoOf }
}
