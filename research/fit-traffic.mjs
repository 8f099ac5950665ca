#!/usr/bin/env node
// `npm run fit:traffic`: fits the national vehicle-traffic model (src/geo/signals/model/traffic.ts) on the
// counts of Calgary, Edmonton, Vancouver and Toronto (scripts/geodata/counts.mjs) and reports
// leave-one-city-out Spearman ρ per city (fit on the other three, test on the fourth), a spatial block
// cross-validation inside Toronto, and the audience and overall score against counted persons
// (docs/methodology.md §2.3, §5.3). Each site is seen as POST /score sees it (traffic-sites.mjs): the
// located street and every street in sight on the committed geodata store, each street's volume from its
// class; an intersection count against the sum, a section count against the busier street. Every count is
// switched off, and so are Calgary's counted sections and speed-zone lookups (Calgary's speed zones stay as
// its street network). Two coefficient sets (`street`, `coordinates`) with residual quantiles (p10, p90 of
// ln(counted ÷ predicted), pooled over the left-out cities) for the audience interval. Each city weighs the
// same and keeps its own level (its counts' expansion factor; FIT_POOLED_LEVELS=1: one level). Writes
// src/geo/data/traffic-model.generated.ts. Options for comparison: FIT_STORE=none, FIT_CITIES=a,b,c,
// FIT_TORONTO=all, FIT_OWN_COORDINATES=1, FIT_CLASS_SLOPE=1.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { loadSrc, loadTs } from '../scripts/lib/load-ts.mjs'
import { dataDir, hasData, root, sectionIds, spearman } from './validation/common.mjs'
import { allCounts, edmontonYearChanges, TORONTO_VEHICLES_8H_TO_DAY, torontoCounts, VANCOUVER_K } from '../scripts/geodata/counts.mjs'
import { quantile } from './validation/stats.mjs'
import { blockFolds, evaluate, fitSet, predict } from './validation/traffic-fit.mjs'
import { fitStore, isIntersection, siteViews } from './validation/traffic-sites.mjs'
import { rhoOf, weightsReport } from './validation/exposure-weights.mjs'
import { defaultWeightsReport } from './validation/default-weights.mjs'

if (!hasData()) {
  console.log(`fit:traffic needs the raw data in ${dataDir}; skipped.`)
  process.exit(0)
}
const srcRoot = process.env.ENGINE_SRC ?? join(root, 'src') // another checkout's src, for experiments
const m = await loadSrc(
  {
    'geo/signals/index.ts': ['featuresAt'],
    'geo/signals/features.ts': ['transitInputsAt'],
    'geo/geodata/measured/index.ts': ['censusAt', 'transitStopPointsNear'],
    'geo/signals/model/traffic.ts': ['trafficModelInputs', 'outsideFitFactor', 'classTerm', 'logPriorAadt', 'logRunRatio', 'logRunKnots'],
    'geo/signals/model/exposure.ts': ['sameStreet'],
    'scoring/index.ts': ['scoreSignals', 'FACTOR_KEYS', 'DEFAULT_WEIGHTS', 'buildScoreResult'],
    'geo/geocode/index.ts': ['geocodeOffline'],
    'scoring/audience.ts': ['VEHICLE_OCCUPANCY'],
  },
  { srcRoot },
)

const store = fitStore()
const CITIES = ['Calgary', 'Edmonton', 'Vancouver', 'Toronto']
const rows = /** @type {any[]} */ ([...allCounts(), ...torontoCounts()])
const allSections = sectionIds(rows.filter((r) => r.section).map((r) => r.section))
const options = { excludeSections: allSections, speedZones: false, memo: false }
for (const r of rows) {
  Object.assign(r, await siteViews(m, store, r, options))
  r.intersection = isIntersection(r)
  // The model predicts ln(AADT ÷ 3,000 ÷ outsideFitFactor): the counted cities are metropolises (urbanScale 1).
  r.y = Math.log(r.daily / 3000) - Math.log(m.outsideFitFactor(r.point.inputs.popDensity, 1))
}

// One coefficient set, fitted where the class comes from the street (its name tells a crescent from a
// boulevard), serves points whose class is inferred from coordinates too: fitted on its own, the
// coordinates set's level is biased by what count programmes count (a counted site with no bus route is
// mostly an arterial without stops; among all roadside points it is mostly a local street: 79 % of
// Ottawa's road segments), and sent a local street 300 m off Deerfoot Trail to 2,800/day. Its ranks are
// nearly the same (the class enters fixed; FIT_OWN_COORDINATES=1 fits it for comparison).
// Toronto's signals are fitted on only where the network holds every street the count names: elsewhere the
// GTA file's hole (main roads without a line) hands the fit a side street's class for a main road's count, a
// defect of the input, not of the model (chosen by the input, never by the count; FIT_TORONTO=all for comparison).
// FIT_CITIES=Calgary,Edmonton,Vancouver: fit on those cities only (for comparison; every city is still reported).
// The run exponent (continuity, methodology §2.3): each street's class term moves by exponent × ln(run ÷ the class's
// typical run). It enters as a fixed offset, like the class, chosen from RUN_EXPONENTS by the mean ρ over the
// training cities (with the street), each left-out city or fold on the exponent chosen without it.
const RUN_EXPONENTS = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
const typicalRunM = store?.typicalRunM ?? [1, 1, 1, 1, 1, 1]
const logTypicalRun = m.logRunKnots(typicalRunM)
function useRunExponent(g) {
  for (const r of rows)
    for (const basis of ['coordinates', 'street']) {
      const v = r[basis]
      if (!v) continue
      const terms = v.runs.map(
        (st) => m.logPriorAadt(st.roadClass) - Math.log(3000) + g * m.logRunRatio(st.roadClass, st.runM, logTypicalRun),
      )
      const top = Math.max(...terms)
      const sum = terms.reduce((t, c) => t + Math.exp(c - top), 0)
      v.x[1] = r.intersection ? top + Math.log(sum) : top
      v.sumOverMax = sum
    }
}
const fitCities = new Set((process.env.FIT_CITIES ?? 'Calgary,Edmonton,Vancouver,Toronto').split(','))
const trainable = (r) => fitCities.has(r.city) && (r.city !== 'Toronto' || process.env.FIT_TORONTO === 'all' || r.street?.allNamedInSight)
const fitFor = (train, basis) => fitSet(train.filter(trainable), process.env.FIT_OWN_COORDINATES === '1' ? basis : 'street')
const BASES = ['coordinates', 'street']
const f3 = (v) => (Number.isFinite(v) ? v.toFixed(3) : '–')

/** The exponent whose fit on `train` ranks the training cities' counts best (mean ρ with the street); leaves it set. */
function chooseRunExponent(train) {
  let best = { g: 0, rho: -Infinity }
  const cities = [...new Set(train.map((r) => r.city))]
  for (const g of process.env.FIT_RUN_EXPONENT ? [Number(process.env.FIT_RUN_EXPONENT)] : RUN_EXPONENTS) {
    useRunExponent(g)
    const b = fitFor(train, 'street')
    const rho =
      cities
        .map((c) => train.filter((r) => r.city === c && r.street))
        .reduce(
          (t, sites) =>
            t +
            spearman(
              sites.map((r) => predict(b, r.street.x)),
              sites.map((r) => r.y),
            ),
          0,
        ) / cities.length
    if (rho > best.rho) best = { g, rho }
  }
  useRunExponent(best.g)
  return best.g
}

const loco = {}
const residuals = { street: [], coordinates: [] }
const chosenExponent = {}
for (const city of CITIES) {
  const test = rows.filter((r) => r.city === city)
  const train = rows.filter((r) => r.city !== city)
  loco[city] = {}
  chosenExponent[city] = chooseRunExponent(train)
  for (const basis of BASES) {
    const e = evaluate(m, test, fitFor(train, basis), basis)
    loco[city][basis] = e
    residuals[basis].push(...e.residuals)
  }
}
// Toronto by spatial blocks: fit on the three other cities and Toronto's other folds, test on the fold.
const toronto = rows.filter((r) => r.city === 'Toronto')
const folds = blockFolds(toronto)
const blockCv = { coordinates: { pred: [], y: [], rows: [] }, street: { pred: [], y: [], rows: [] }, folds: [] }
for (let k = 0; k < folds.size.length; k++) {
  const test = toronto.filter((r) => folds.foldOf(r) === k)
  const train = rows.filter((r) => r.city !== 'Toronto' || folds.foldOf(r) !== k)
  chooseRunExponent(train)
  const fold = {}
  for (const basis of BASES) {
    fold[basis] = evaluate(m, test, fitFor(train, basis), basis)
    blockCv[basis].rows.push(...test.filter((r) => r[basis]))
  }
  blockCv.folds.push(fold)
}
console.log(`fit:traffic — ${rows.length} counted sites (Vancouver peak hour ÷ K ${VANCOUVER_K}, Toronto 8 h × 1.9)`)
console.log(`store: ${store ? 'committed artefacts + Calgary speed zones' : 'none (FIT_STORE=none)'}`)
console.log(
  `run exponent chosen without each city: ${CITIES.map((c) => `${c} ${chosenExponent[c]}`).join(', ')}; ` +
    `typical runs by class 1–6 (m): ${typicalRunM.join(', ')}`,
)
console.log('leave-one-city-out (fit on the other three), Spearman ρ — coordinates / with the street:')
console.log('  city        n      vehicles         audience vs persons   overall vs persons')
for (const city of CITIES) {
  const l = loco[city]
  const pair = (k) => `${f3(l.coordinates[k])} / ${f3(l.street[k])}`
  console.log(
    `  ${city.padEnd(10)} ${String(l.coordinates.n).padStart(5)}  ${pair('rho')}    ${pair('audience')}        ${pair('overall')}`,
  )
}
const pooled = (basis) => {
  const all = blockCv.folds.flatMap((f) => f[basis].pred)
  const t = blockCv[basis].rows
  return {
    rho: spearman(
      all,
      t.map((r) => r.y),
    ),
    n: t.length,
  }
}
console.log(
  `Toronto, ${folds.size.length} folds of ${folds.blocks} blocks (sites ${folds.size.join(', ')}): per fold — coordinates / street`,
)
for (const [k, f] of blockCv.folds.entries())
  console.log(
    `  fold ${k}: vehicles ${f3(f.coordinates.rho)} / ${f3(f.street.rho)}  audience ${f3(f.coordinates.audience)} / ` +
      `${f3(f.street.audience)}  overall ${f3(f.coordinates.overall)} / ${f3(f.street.overall)}`,
  )
console.log(`  pooled out-of-fold vehicles ${f3(pooled('coordinates').rho)} / ${f3(pooled('street').rho)}`)
// The GTA file's hole: Toronto signals whose every named street has a centreline in sight, against the others.
for (const basis of BASES) {
  const l = loco.Toronto[basis]
  const t = toronto.filter((r) => r[basis])
  const part = (keep) => {
    const i = t.map((r, j) => (keep(r) ? j : -1)).filter((j) => j >= 0)
    return `${f3(
      spearman(
        i.map((j) => l.pred[j]),
        i.map((j) => t[j].y),
      ),
    )} (n ${i.length})`
  }
  console.log(
    `  Toronto LOCO ${basis}: all named streets in the network ${part((r) => r.street?.allNamedInSight)}, ` +
      `some missing ${part((r) => !r.street?.allNamedInSight)}`,
  )
}

// Item 4: the overall score against people passing, default weights and weights chosen on the other cities.
const defaults = m.FACTOR_KEYS.map((k) => m.DEFAULT_WEIGHTS[k])
const held = Object.fromEntries(CITIES.flatMap((c) => BASES.map((b) => [`${c} ${b}`, loco[c][b]])))
const show = (w) => m.FACTOR_KEYS.map((k, i) => `${k} ${w[i]}`).join(', ')
// Unconstrained, and with every factor kept at ≥ 0.05 (the score stays a sum of its seven factors).
for (const min of [0, 0.05]) {
  const weights = weightsReport(held, defaults, min)
  console.log(`overall score vs persons on the left-out city, weights ≥ ${min}: default → chosen on the other cities' sites`)
  for (const city of CITIES) {
    const pair = (b) => `${f3(weights.perCity[`${city} ${b}`].before)} → ${f3(weights.perCity[`${city} ${b}`].after)}`
    console.log(`  ${city.padEnd(10)} coordinates ${pair('coordinates')}   with the street ${pair('street')}`)
  }
  // Toronto's blocks with the weights chosen without Toronto (its two bases left out together).
  const withoutToronto = Object.fromEntries(Object.entries(held).filter(([k]) => !k.startsWith('Toronto')))
  const noToronto = weightsReport(withoutToronto, defaults, min).proposal
  for (const basis of BASES) {
    const e = { scores: blockCv.folds.flatMap((f) => f[basis].scores), persons: blockCv.folds.flatMap((f) => f[basis].persons) }
    console.log(
      `  Toronto blocks ${basis}: ${f3(weights.rhoOf(defaults, e))} → ${f3(weights.rhoOf(noToronto, e))} (chosen without Toronto)`,
    )
  }
  console.log(`  chosen without Toronto: ${show(noToronto)}`)
  console.log(`  proposal (chosen on all four cities): ${show(weights.proposal)}`)
}

// The default weights, searched among the profiles that keep every calibration check (default-weights.mjs). The
// named places are scored with the engine as bundled (its traffic model before this run writes a new one).
{
  const { CALIBRATION_CHECKS, scoreAddress } = await loadTs('test/scoring/calibration-places.ts')
  const factorsOf = (r) => m.FACTOR_KEYS.map((k) => r.factorScores[k].score)
  const located = (address, designators) => factorsOf(scoreAddress(m, address, designators))
  const memo = (f) => {
    const seen = new Map()
    return (...a) => (seen.has(a.join('|')) ? seen.get(a.join('|')) : seen.set(a.join('|'), f(...a)).get(a.join('|')))
  }
  const factors = {
    place: memo((a) => located(a, false)),
    named: memo((a) => located(a, true)),
    at: memo((lat, lng) => factorsOf(m.buildScoreResult({ lat, lng, address: `${lat}, ${lng}`, precision: 'coordinates' }))),
  }
  const report = defaultWeightsReport(held, CALIBRATION_CHECKS, factors, defaults)
  console.log(
    `default weights inside the calibration (${report.calibrated} profiles keep every check ±0.5): left-out city, ` +
      'the current defaults → the calibrated profile best on the other cities, coordinates / street',
  )
  for (const city of CITIES) {
    const r = report.perCity[city]
    const now = (b) => f3(rhoOf(defaults, held[`${city} ${b}`]))
    const then = (b) => f3(r[`${city} ${b}`])
    console.log(
      `  ${city.padEnd(10)} ${now('coordinates')} / ${now('street')} → ${then('coordinates')} / ${then('street')}  (${show(r.chosen)})`,
    )
  }
  console.log(`  best on all four cities: ${show(report.best.w)} (mean ρ ${f3(report.best.mean)})`)
  console.log(`  the current defaults: rank ${report.current.rank || '– (outside the calibration)'}, mean ρ ${f3(report.current.mean)}`)
}

const round = (v) => Number(v.toFixed(4))
const runExponent = chooseRunExponent(rows)
console.log(`  run exponent chosen on all four cities: ${runExponent}`)
const sets = {}
for (const basis of ['street', 'coordinates']) {
  sets[basis] = {
    coefficients: fitFor(rows, basis).map(round),
    residualP10: round(quantile(residuals[basis], 0.1)),
    residualP90: round(quantile(residuals[basis], 0.9)),
  }
  console.log(
    `  ${basis}: coefficients ${sets[basis].coefficients.join(', ')}; ` +
      `held-out residual p10 ${sets[basis].residualP10}, p90 ${sets[basis].residualP90}`,
  )
}

const changes = edmontonYearChanges()
sets.measured = { residualP10: round(quantile(changes, 0.1)), residualP90: round(quantile(changes, 0.9)) }
console.log(
  `  counted volume, year to year (Edmonton 2017 → 2019, ${changes.length} sites): ` +
    `p10 ${sets.measured.residualP10}, p90 ${sets.measured.residualP90}`,
)

const sources = [
  'calgary/traffic-volumes-2016.csv',
  'calgary/traffic-volumes-2017.csv',
  'calgary/traffic-volumes-2018.csv',
  'edmonton/aawdt.csv',
  'vancouver/tmc-counts.csv',
  'toronto/signal-counts-8h.csv',
]
const sha = (p) =>
  createHash('sha256')
    .update(readFileSync(join(dataDir, p)))
    .digest('hex')
    .slice(0, 12)
const counts = Object.fromEntries(CITIES.map((c) => [c, rows.filter((r) => r.city === c).length]))
const fitted = rows.filter(trainable)
const torontoFitted = fitted.filter((r) => r.city === 'Toronto').length
writeFileSync(
  join(srcRoot, 'geo/data/traffic-model.generated.ts'),
  `// Generated by research/fit-traffic.mjs: do not edit by hand. Counted sites: Calgary ${counts.Calgary} (sections, 2016–2018),
// Edmonton ${counts.Edmonton} (AAWDT 2019), Vancouver ${counts.Vancouver} (peak hour ÷ ${VANCOUVER_K}, all approaches),
// Toronto ${counts.Toronto} (8 hours × ${TORONTO_VEHICLES_8H_TO_DAY}, all approaches; ${torontoFitted} fitted on: every named street
// in the network). Geodata store ${readManifest().dataVersion}. Sources (SHA-256 prefix):
// ${sources.map((p) => `${p} ${sha(p)}`).join(', ')}.
// ln(AADT) = ln(3,000) + Σ coefficients[i] × inputs[i], inputs from trafficModelInputs(); residuals are ln(counted ÷ predicted)
// of the leave-one-city-out predictions (p10, p90). Per street in sight: an intersection's count is compared with the
// sum over its streets (audience.dailyVehicles), a section's with the busier street's volume (the vehicle factor).
export const TRAFFIC_MODEL = {
  fittedOn: '${fitted.length.toLocaleString('en-CA')} counted sites in Calgary, Edmonton, Vancouver and Toronto',
  street: ${JSON.stringify(sets.street)},
  coordinates: ${JSON.stringify(sets.coordinates)},
  // Continuity: the class term + exponent × ln(run ÷ typicalRunM[class]) (classes 1–6; store ${readManifest().dataVersion}).
  continuity: ${JSON.stringify({ exponent: runExponent, typicalRunM })},
  // ln(AAWDT 2019 ÷ 2017) of the same Edmonton sites: a counted volume's spread from year to year.
  measured: ${JSON.stringify(sets.measured)},
  inputs: [
    '1',
    'ln(typical AADT of the class) − ln(3,000) + continuity (coefficient fixed at 1)',
    'log10(nearest DA point, m) − 2 (clamped to 10 m–5 km)',
    'log10(intersections/km² + 1) − 1.6',
  ],
} as const
`,
)
