// The traffic fit's pieces shared by research/fit-traffic.mjs: the weighted least squares with the class
// term fixed, the held-out evaluation (vehicles, audience and overall score against counted persons) and
// Toronto's spatial blocks. Sites come from traffic-sites.mjs.
import { hash, spearman } from './common.mjs'
import { leastSquares } from './stats.mjs'

// The class term enters with a fixed coefficient of 1 (the typical volume of the class, from count
// summaries that include local streets): count programmes count few local streets, and a class read
// from a street name or the bus-route proxy is noisy, so a fitted class slope is attenuated (0.53 with
// the street, 0.13 from coordinates, 2026-11-25) and sent a residential block in Calgary to 4,900/day.
// FIT_CLASS_SLOPE=1 fits it instead (for comparison). Each city weighs the same (Edmonton has 4× the sites
// of Vancouver).
export function fitSet(train, basis) {
  const fixed = process.env.FIT_CLASS_SLOPE !== '1'
  const use = train.filter((r) => r[basis])
  const perCity = new Map()
  for (const r of use) perCity.set(r.city, (perCity.get(r.city) ?? 0) + 1)
  const drop = (x) => (fixed ? [x[0], ...x.slice(2)] : x)
  const X = use.map((r) => drop(r[basis].x))
  const y = use.map((r) => r.y - (fixed ? r[basis].x[1] : 0))
  const w = use.map((r) => 1000 / perCity.get(r.city))
  if (process.env.FIT_POOLED_LEVELS === '1') {
    const b = leastSquares(X, y, w, 1e-3)
    return fixed ? [b[0], 1, ...b.slice(1)] : b
  }
  // Each city its own level (its counts' expansion factor and programme set it): the slopes are fitted on
  // the differences within each city; the intercept is the cities' mean level (each city weighs the same).
  const mean = new Map()
  for (const c of perCity.keys()) {
    const i = use.map((r, j) => (r.city === c ? j : -1)).filter((j) => j >= 0)
    mean.set(c, { x: X[0].map((_, k) => i.reduce((t, j) => t + X[j][k], 0) / i.length), y: i.reduce((t, j) => t + y[j], 0) / i.length })
  }
  const Xc = X.map((x, j) => [1, ...x.slice(1).map((v, k) => v - mean.get(use[j].city).x[k + 1])])
  const yc = y.map((v, j) => v - mean.get(use[j].city).y)
  const b = leastSquares(Xc, yc, w, 1e-3)
  const levels = [...mean.values()].map((c) => c.y - c.x.slice(1).reduce((t, v, k) => t + v * b[k + 1], 0))
  b[0] = levels.reduce((t, v) => t + v, 0) / levels.length
  return fixed ? [b[0], 1, ...b.slice(1)] : b
}
export const predict = (b, x) => x.reduce((t, v, i) => t + v * b[i], 0)

/**
 * Held-out figures of coefficients `b` on `test` (basis 'coordinates' or 'street'): ρ of the prediction against
 * the counts, and of audience.dailyPersons and the overall score against counted persons (vehicles × occupancy +
 * counted pedestrians), every other factor as the engine computes it. `weights`: a weight profile to compare.
 */
export function evaluate(m, test, b, basis, weights) {
  const t = test.filter((r) => r[basis])
  const pred = t.map((r) => predict(b, r[basis].x))
  const persons = t.map((r) => r.daily * m.VEHICLE_OCCUPANCY + (r.pedestrians ?? 0))
  const audience = []
  const overall = []
  const scores = [] // each site's factor scores (FACTOR_KEYS order): the overall score under other weights
  for (let i = 0; i < t.length; i++) {
    const v = t[i][basis]
    const level = 3000 * Math.exp(pred[i]) * m.outsideFitFactor(v.inputs.popDensity, 1)
    // x[1] is the streets' log-sum at an intersection, the busier street's term on a section.
    const [factor, sum] = t[i].intersection ? [level / v.sumOverMax, level] : [level, level * v.sumOverMax]
    audience.push(sum * m.VEHICLE_OCCUPANCY + v.features.pedestrian.value)
    const f = v.features
    const scored = m.scoreSignals({ ...f, vehicleTraffic: { ...f.vehicleTraffic, value: factor } }, weights)
    overall.push(scored.overallScore)
    scores.push(Object.values(scored.factorScores).map((x) => x.score))
  }
  return {
    n: t.length,
    rho: spearman(
      pred,
      t.map((r) => r.y),
    ),
    audience: spearman(audience, persons),
    overall: spearman(overall, persons),
    residuals: t.map((r, i) => r.y - pred[i]),
    pred,
    scores,
    persons,
  }
}

/** Spatial blocks of 0.02° × 0.03° (≈ 2.2 × 2.4 km in Toronto): no count shares a block with a held-out one. */
export const blockOf = (r) => `${Math.floor(r.lat / 0.02)},${Math.floor(r.lng / 0.03)}`

/** Blocks dealt to k folds in the order of an FNV-1a hash of the block, each to the fold with the fewest sites. */
export function blockFolds(rows, k = 5) {
  const sites = new Map()
  for (const r of rows) sites.set(blockOf(r), (sites.get(blockOf(r)) ?? 0) + 1)
  const order = [...sites.keys()].sort((a, b) => hash(a) - hash(b) || (a < b ? -1 : 1))
  const size = new Array(k).fill(0)
  const fold = new Map()
  for (const block of order) {
    const f = size.indexOf(Math.min(...size))
    fold.set(block, f)
    size[f] += sites.get(block)
  }
  return { foldOf: (r) => fold.get(blockOf(r)), size, blocks: order.length }
}
