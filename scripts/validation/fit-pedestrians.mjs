// Pedestrian model fit (called by scripts/fit-traffic.mjs): Vancouver's intersection counts are the
// only pedestrian counts in the data, so a city cannot be left out; areas are instead: sites are
// grouped in ~2 km blocks and 30 % of the blocks (FNV-1a hash, fixed before any fit) are held out of
// the fit and give ρ. This is a held-out-area figure inside one city, not leave-one-city-out.
// Target: pedestrians crossing at the intersection per day (all crosswalks, PM peak hour ÷ the
// peak-hour share, scripts/validation/counts.mjs). Form (model/activity.ts):
// ln(pedestrians ÷ frontage(class)) = ln scale + Σ exponent × ln(input ÷ its reference).
// The area exponents (density, POIs, intersections, transit within 1 km) are the literature's: fitting
// them too ranked the held-out blocks worse (ρ 0.60 vs 0.66, 2026-11-25). Fitted on the training
// blocks: the scale and the exponent of the distance-weighted stops near the frontage (nearStopWeight),
// the one local input; the area inputs are 1 km measures and cannot tell two corners of a block apart.
// Inputs are chosen by 5-fold cross-validation by block inside the training blocks only (crossValidate):
// the held-out blocks are read once, for the chosen model (docs/methodology.md §2.3).
import { isHeldOut, spearman } from './common.mjs'
import { crossValidate, FOLDS, fitLocal, screenCandidates } from './pedestrian-cv.mjs'
import { quantile } from './stats.mjs'

const block = (r) => `${Math.floor(r.lat / 0.02)}:${Math.floor(r.lng / 0.03)}`

const LITERATURE = { density: 0.4, pois: 0.6, intersections: 0.5, transit: 0.5 }
/** The engine's area inputs as log ratios to its references (model/activity.ts PEDESTRIAN_REFERENCES). */
function areaInputs(f, census, REF) {
  return [
    Math.log(Math.max(f.populationDensity.value, 1) / REF.density),
    Math.log((f.poiDensity.value + REF.poiOffset) / REF.pois),
    Math.log(Math.max(census.intersectionDensity, 1) / REF.intersections),
    Math.log(1 + census.stopEquivalents / REF.transit),
  ]
}
const e = LITERATURE
const literature = (a) => e.density * a[0] + e.pois * a[1] + e.intersections * a[2] + e.transit * a[3]

/**
 * @param {any[]} rows counted sites with the engine's features at them
 * @param {{ pedestrianFrontage: (roadClass: number) => number, PEDESTRIAN_REFERENCES: Record<string, number>,
 *   nearStopWeight: Function, NEAR_STOP_MAX_M: number, transitStopPointsNear: Function }} engine
 *   the engine's own frontage, references and stop lookup (so the fit and the model cannot drift apart)
 */
export async function fitPedestrians(rows, engine) {
  const REF = engine.PEDESTRIAN_REFERENCES
  const data = rows.map((r) => {
    const f = r.coordinates.features
    const stops = engine.transitStopPointsNear(r.lat, r.lng, engine.NEAR_STOP_MAX_M)
    // 3.1's local input, for comparison: the count of stops within 200 m, its reference 2 stops.
    const within200 = stops.filter((s) => s.distanceM <= 200).length
    const area = areaInputs(f, r.coordinates.inputs, REF)
    const lnFrontage = Math.log(engine.pedestrianFrontage(f.roadClass.value))
    return {
      lnFrontage,
      offset: literature(area),
      near: Math.log((1 + engine.nearStopWeight(stops)) / (1 + REF.nearStops)),
      within200: Math.log((1 + within200) / 3),
      block: block(r),
      site: r,
      y: Math.log(Math.max(r.pedestrians, 1)) - lnFrontage,
      measured: r.pedestrians,
      engine: f.pedestrian.value,
      heldOut: isHeldOut(block(r)),
    }
  })
  const train = data.filter((d) => !d.heldOut)
  const test = data.filter((d) => d.heldOut)
  const rho = (set, p) =>
    spearman(
      set.map(p),
      set.map((d) => d.measured),
    )
  const [lnScale, nearExponent] = fitLocal(train, ['near'])
  const predict = (d) => lnScale + d.offset + nearExponent * d.near
  const heldResiduals = test.map((d) => d.y - predict(d))
  const round = (v) => Number(v.toFixed(4))
  const model = {
    scale: round(Math.exp(lnScale)),
    exponents: { ...LITERATURE, nearStops: round(nearExponent) },
    residualP10: round(quantile(heldResiduals, 0.1)),
    residualP90: round(quantile(heldResiduals, 0.9)),
    fittedOn: `${train.length} Vancouver intersection counts (${test.length} in held-out blocks)`,
  }
  console.log(
    `pedestrians, ${FOLDS}-fold cross-validation by block inside the ${train.length} training sites, out-of-fold ρ: ` +
      `stops near the frontage (e^(−d/100 m)) ${crossValidate(train, ['near']).text}; ` +
      `3.1's stops within 200 m ${crossValidate(train, ['within200']).text}; 3.0's area terms alone ${crossValidate(train, []).text}`,
  )
  if (process.env.FIT_PED_CANDIDATES === '1') await screenCandidates(train)
  console.log(
    `pedestrians: ${data.length} Vancouver sites, ${test.length} in held-out blocks (an area split in one city, not leave-one-city-out): ` +
      `held-out ρ area terms × frontage ${rho(test, (d) => d.offset + d.lnFrontage).toFixed(3)}, ` +
      `with the stops near the frontage ${rho(test, (d) => predict(d) + d.lnFrontage).toFixed(3)} ` +
      `(training blocks ${rho(train, (d) => predict(d) + d.lnFrontage).toFixed(3)}); ` +
      `engine as bundled ${rho(test, (d) => d.engine).toFixed(3)}; ` +
      `scale ${model.scale}, near-stops exponent ${model.exponents.nearStops}; held-out residual p10 ${model.residualP10}, ` +
      `p90 ${model.residualP90}, median ${quantile(heldResiduals, 0.5).toFixed(3)}`,
  )
  return { model }
}
