// The default weights (issue 30 item 4; docs/methodology.md §5.14): every profile on the simplex in steps of 0.05
// with each factor ≥ 0.05 (27,132 profiles), kept only where every calibration check holds (the named places'
// bands and orderings of docs/decisions.md §4, test/scoring/calibration-places.ts) with every score 0.5 higher and
// 0.5 lower, then judged by how the overall score ranks counted persons on the left-out city (exposure-weights.mjs).
import { rhoOf } from './exposure-weights.mjs'

const STEP = 0.05
const MARGIN = 0.5

/** Every profile of `n` weights in steps of STEP, each at least STEP. */
function simplex(n) {
  const units = Math.round(1 / STEP)
  const out = []
  const walk = (prefix, left) => {
    if (prefix.length === n - 1) return void out.push([...prefix, left].map((u) => Math.round(u * STEP * 100) / 100))
    for (let u = 1; u <= left - (n - 1 - prefix.length); u++) walk([...prefix, u], left - u)
  }
  walk([], units)
  return out
}

/**
 * `factors`: { place(address), named(address), at(lat, lng) } → the seven factor scores (FACTOR_KEYS order), as the
 * calibration tests score them. Whether every check holds under weights `w`, every score moved by ±MARGIN.
 */
export function calibrationHolds(checks, factors, w) {
  const overall = (s) => Math.round(s.reduce((t, v, k) => t + v * w[k], 0) * 10) / 10
  return [-MARGIN, MARGIN].every((shift) => {
    const scores = {
      place: (a) => overall(factors.place(a)) + shift,
      named: (a) => overall(factors.named(a)) + shift,
      at: (lat, lng) => overall(factors.at(lat, lng)) + shift,
    }
    return checks.every((c) => c.failures(scores).length === 0)
  })
}

/**
 * The calibrated profiles, and per left-out city (keys "City basis") ρ against persons with `current` and with the
 * calibrated profile best on the other cities; `best`: the calibrated profile best on every city.
 */
export function defaultWeightsReport(evals, checks, factors, current) {
  const keys = Object.keys(evals)
  const calibrated = simplex(current.length).filter((w) => calibrationHolds(checks, factors, w))
  // Each profile's ρ on each city and basis, once (a Spearman ρ over thousands of sites is the costly step).
  const rhos = new Map([...calibrated, current].map((w) => [w, Object.fromEntries(keys.map((k) => [k, rhoOf(w, evals[k])]))]))
  const mean = (w, ks) => ks.reduce((t, k) => t + rhos.get(w)[k], 0) / ks.length
  const bestOn = (ks) => calibrated.reduce((b, w) => (mean(w, ks) > mean(b, ks) + 1e-9 ? w : b), calibrated[0])
  const cities = [...new Set(keys.map((k) => k.split(' ')[0]))]
  const perCity = Object.fromEntries(
    cities.map((city) => {
      const chosen = bestOn(keys.filter((k) => !k.startsWith(`${city} `)))
      return [city, { chosen, ...Object.fromEntries(keys.filter((k) => k.startsWith(`${city} `)).map((k) => [k, rhos.get(chosen)[k]])) }]
    }),
  )
  const ranked = calibrated.map((w) => ({ w, mean: mean(w, keys) })).sort((a, b) => b.mean - a.mean)
  const currentRank = ranked.findIndex((r) => r.w.every((v, i) => Math.abs(v - current[i]) < 1e-9))
  return { calibrated: calibrated.length, perCity, best: ranked[0], current: { rank: currentRank + 1, mean: mean(current, keys) } }
}
