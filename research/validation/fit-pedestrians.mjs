// The pedestrian model's fit and validation (called by research/fit-pedestrians.mjs; docs/methodology.md §2.3).
// Counts: Vancouver's intersection counts (PM peak hour ÷ 0.11) and Toronto's signal counts at intersections
// (8 hours × 1.5; mid-block signals are left out: one crosswalk, where every other count sums an
// intersection's crosswalks). Form (model/activity.ts), in logs:
//   ln pedestrians = ln scale + Σ exponent × ln(area input ÷ its reference) + e_near ln((1 + near stops) ÷ 2)
//                    + ln frontage(class) [+ e_poi ln((1 + POIs within 100 m) ÷ (1 + Can-ALE POIs ÷ 100))]
// Base model (every term but the local POIs): least squares on both cities, each weighing the same. An area
// elasticity fitted below 0 (more of a destination input, fewer walkers) is fixed at 0 and the rest refitted.
// Local POIs: Toronto has no POI source, so their exponent is fitted on Vancouver alone, on the base
// model's residuals (slope; its intercept is reported, not used: the term is ≈ 0 at a corner like its
// neighbourhood, so a city without POIs reads the base model's level).
// Validation: cross-city (fit on one, test on the other) and 5-fold spatial blocks (≥ 2 km) inside each
// city, the other city always in the training set (pedestrian-cv.mjs).
import { quantile, leastSquares } from './stats.mjs'
import { blockCrossValidate, blockOf, rho } from './pedestrian-cv.mjs'

const AREA = ['density', 'pois', 'intersections', 'transit']
// The frontage exponent is fixed at 1 (the class table of model/activity.ts), as the traffic model fixes its
// class term: the fit reads the class from coordinates (the bus-route proxy), so a fitted exponent is
// attenuated by that noise (0.48, 2026-11-28), and would lift a crescent whose address names its street ×1.4.
// FIT_PED_FRONTAGE=1 fits it instead, for comparison.
const FIT_FRONTAGE = process.env.FIT_PED_FRONTAGE === '1'
const BASE = [...AREA, 'nearStops', ...(FIT_FRONTAGE ? ['frontage'] : [])]

/** One site's model columns (logs of the engine's inputs ÷ its references), from the engine's own functions. */
export function pedestrianColumns(inputs, engine) {
  const REF = engine.PEDESTRIAN_REFERENCES
  const x = inputs
  return {
    density: Math.log(Math.max(x.popDensity, 1) / REF.density),
    pois: Math.log((x.poiCount1km + REF.poiOffset) / REF.pois),
    intersections: Math.log(Math.max(x.intersectionDensity, 1) / REF.intersections),
    transit: Math.log(1 + x.transit / REF.transit),
    nearStops: Math.log((1 + x.nearStops) / (1 + REF.nearStops)),
    frontage: Math.log(engine.pedestrianFrontage(x.roadClass)),
    localPois: x.localPois === undefined ? 0 : Math.log((1 + x.localPois) / (1 + x.poiCount1km / 100)),
  }
}

const fixedFrontage = (d) => (FIT_FRONTAGE ? 0 : d.x.frontage)
/** Base model on `train` (cities equally weighted): { lnScale, exponents }. */
function fitBase(train) {
  const perCity = new Map()
  for (const d of train) perCity.set(d.city, (perCity.get(d.city) ?? 0) + 1)
  let columns = BASE
  for (;;) {
    const b = leastSquares(
      train.map((d) => [1, ...columns.map((c) => d.x[c])]),
      train.map((d) => d.y - fixedFrontage(d)),
      train.map((d) => 1000 / perCity.get(d.city)),
      1e-3,
    )
    const exponents = Object.fromEntries(BASE.map((c) => [c, columns.includes(c) ? b[columns.indexOf(c) + 1] : 0]))
    const negative = AREA.filter((c) => exponents[c] < 0)
    if (negative.length === 0) return { lnScale: b[0], exponents }
    columns = columns.filter((c) => !negative.includes(c))
  }
}
const predictBase = (m) => (d) => m.lnScale + fixedFrontage(d) + BASE.reduce((s, c) => s + m.exponents[c] * d.x[c], 0)

/** The local-POI slope on the base model's residuals at the sites a POI source covers. */
function fitLocalPois(train, base) {
  const covered = train.filter((d) => d.covered)
  const predict = predictBase(base)
  const [intercept, slope] = leastSquares(
    covered.map((d) => [1, d.x.localPois]),
    covered.map((d) => d.y - predict(d)),
    undefined,
    1e-3,
  )
  return { intercept, slope }
}
const fitFull = (train) => {
  const base = fitBase(train)
  const poi = fitLocalPois(train, base)
  const p = predictBase(base)
  return (d) => p(d) + poi.slope * d.x.localPois
}
const fitBaseOnly = (train) => predictBase(fitBase(train))

/**
 * @param {any[]} sites { city, lat, lng, pedestrians, midblock?, inputs (PedestrianInputs), covered, engine } rows
 * @param {object} engine the engine's PEDESTRIAN_REFERENCES and pedestrianFrontage (so the fit and the model agree)
 */
export function fitPedestrians(sites, engine) {
  const data = sites.map((s) => ({
    ...s,
    block: blockOf(s),
    x: pedestrianColumns(s.inputs, engine),
    y: Math.log(Math.max(s.pedestrians, 1)),
    measured: s.pedestrians,
  }))
  const V = data.filter((d) => d.city === 'Vancouver')
  const all = data.filter((d) => d.city === 'Toronto')
  const T = all.filter((d) => !d.midblock)
  const f3 = (v) => v.toFixed(3)
  const report = {
    before: { vancouver: rho(V, (d) => d.engine), toronto: rho(T, (d) => d.engine), torontoAll: rho(all, (d) => d.engine) },
    vancouverToToronto: rho(T, fitBaseOnly(V)),
    vancouverToTorontoAll: rho(all, fitBaseOnly(V)),
    torontoToVancouver: rho(V, fitBaseOnly(T)),
    torontoBlocks: blockCrossValidate(T, V, fitBaseOnly),
    vancouverBlocksBase: blockCrossValidate(V, T, fitBaseOnly),
    vancouverBlocks: blockCrossValidate(V, T, fitFull),
  }
  const base = fitBase([...V, ...T])
  const poi = fitLocalPois([...V, ...T], base)
  // Residuals of the cross-city predictions (the honest spread for a city without counts).
  const residuals = [...T.map((d) => d.y - fitBaseOnly(V)(d)), ...V.map((d) => d.y - fitBaseOnly(T)(d))]
  const round = (v) => Number(v.toFixed(4))
  const model = {
    scale: round(Math.exp(base.lnScale)),
    exponents: {
      ...Object.fromEntries(BASE.map((c) => [c, round(base.exponents[c])])),
      frontage: FIT_FRONTAGE ? round(base.exponents.frontage) : 1,
      localPois: round(poi.slope),
    },
    residualP10: round(quantile(residuals, 0.1)),
    residualP90: round(quantile(residuals, 0.9)),
    fittedOn: `${V.length} Vancouver intersection counts and ${T.length} Toronto signalised intersections (local POIs: Vancouver)`,
  }
  console.log(
    `pedestrians: ${V.length} Vancouver sites (${V.filter((d) => d.covered).length} with POI data), ` +
      `${T.length} Toronto intersections (+ ${all.length - T.length} mid-block signals, left out of the fit)\n` +
      `  engine as bundled before this fit: Vancouver ${f3(report.before.vancouver)}, Toronto ${f3(report.before.toronto)} ` +
      `(with mid-block ${f3(report.before.torontoAll)})\n` +
      `  cross-city (no local POIs): Vancouver → Toronto ${f3(report.vancouverToToronto)} (with mid-block ` +
      `${f3(report.vancouverToTorontoAll)}), Toronto → Vancouver ${f3(report.torontoToVancouver)}\n` +
      `  blocks ≥ 2 km, 5 folds, the other city always in training: Toronto ${report.torontoBlocks.text}; ` +
      `Vancouver without local POIs ${report.vancouverBlocksBase.text}, with ${report.vancouverBlocks.text}\n` +
      `  model: scale ${model.scale}, exponents ${JSON.stringify(model.exponents)} (local-POI intercept ` +
      `${poi.intercept.toFixed(3)}, not used); cross-city residual p10 ${model.residualP10}, p90 ${model.residualP90}`,
  )
  return { model, report }
}
