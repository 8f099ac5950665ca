// Pedestrian model fit (called by scripts/fit-traffic.mjs): Vancouver's intersection counts are the
// only pedestrian counts in the data, so a city cannot be left out; areas are instead: sites are
// grouped in ~2 km blocks and 30 % of the blocks (FNV-1a hash) are held out of the fit and give ρ.
// Target: pedestrians crossing at the intersection per day (all crosswalks, busiest counted hour ÷
// the peak-hour share, scripts/validation/counts.mjs). Form (model/activity.ts):
// ln(pedestrians ÷ frontage(class)) = ln scale + Σ exponent × ln(input ÷ its reference).
// Fitting the exponents as well ranked the held-out blocks worse than the literature exponents
// (ρ 0.60 vs 0.66, 2026-11-25): the literature exponents are kept and only the scale is fitted.
import { isHeldOut, spearman } from './common.mjs'
import { leastSquares, quantile } from './stats.mjs'

const block = (r) => `${Math.floor(r.lat / 0.02)}:${Math.floor(r.lng / 0.03)}`

const EXPONENTS = { density: 0.4, pois: 0.6, intersections: 0.5, transit: 0.5 }
/** The engine's inputs as log ratios to its references (model/activity.ts PEDESTRIAN_REFERENCES). */
function inputs(f, census, REF) {
  return [
    1,
    Math.log(Math.max(f.populationDensity.value, 1) / REF.density),
    Math.log((f.poiDensity.value + REF.poiOffset) / REF.pois),
    Math.log(Math.max(census.intersectionDensity, 1) / REF.intersections),
    Math.log(1 + census.stopEquivalents / REF.transit),
  ]
}
const literature = (x) => EXPONENTS.density * x[1] + EXPONENTS.pois * x[2] + EXPONENTS.intersections * x[3] + EXPONENTS.transit * x[4]

/**
 * @param {any[]} rows counted sites with the engine's features at them
 * @param {{ pedestrianFrontage: (roadClass: number) => number, PEDESTRIAN_REFERENCES: Record<string, number> }} engine
 *   the engine's own frontage and references (so the fit and the model cannot drift apart)
 */
export function fitPedestrians(rows, { pedestrianFrontage, PEDESTRIAN_REFERENCES }) {
  const data = rows.map((r) => {
    const f = r.coordinates.features
    return {
      x: inputs(f, r.coordinates.inputs, PEDESTRIAN_REFERENCES),
      y: Math.log(Math.max(r.pedestrians, 1) / pedestrianFrontage(f.roadClass.value)),
      measured: r.pedestrians,
      before: f.pedestrian.value,
      heldOut: isHeldOut(block(r)),
    }
  })
  const train = data.filter((d) => !d.heldOut)
  const test = data.filter((d) => d.heldOut)
  const b = leastSquares(
    train.map((d) => d.x),
    train.map((d) => d.y),
    undefined,
    1e-3,
  )
  const predict = (d) => d.x.reduce((s, v, i) => s + v * b[i], 0)
  const rhoHeld = spearman(
    test.map(predict),
    test.map((d) => d.measured),
  )
  const rhoBefore = spearman(
    test.map((d) => d.before),
    test.map((d) => d.measured),
  )
  // Final coefficients from every block; the interval from the held-out blocks' residuals.
  // Scale only (literature exponents): mean ln residual on the training blocks.
  const lnScale = train.reduce((s, d) => s + d.y - literature(d.x), 0) / train.length
  const heldResiduals = test.map((d) => d.y - lnScale - literature(d.x))
  const round = (v) => Number(v.toFixed(4))
  const model = {
    scale: round(Math.exp(lnScale)),
    exponents: EXPONENTS,
    residualP10: round(quantile(heldResiduals, 0.1)),
    residualP90: round(quantile(heldResiduals, 0.9)),
    fittedOn: `${train.length} Vancouver intersection counts (${test.length} in held-out blocks)`,
  }
  console.log(
    `pedestrians: ${data.length} Vancouver sites, ${test.length} in held-out blocks: ρ of the fitted exponents ${rhoHeld.toFixed(3)} ` +
      `(${b.map((v) => v.toFixed(2)).join(', ')}), literature exponents ${rhoBefore.toFixed(3)} (kept); scale ${model.scale}; held-out ` +
      `residual p10 ${model.residualP10}, p90 ${model.residualP90}, median ${quantile(heldResiduals, 0.5).toFixed(3)}`,
  )
  return { model }
}
