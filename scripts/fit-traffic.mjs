#!/usr/bin/env node
// `npm run fit:traffic`: fits the national vehicle-traffic model (src/geo/signals/model/traffic.ts) on the
// counted sites of Calgary, Edmonton and Vancouver (scripts/validation/counts.mjs) and reports
// leave-one-city-out Spearman ρ per city (fit on the other two, test on the third): the honest figure
// for a city without counts (docs/methodology.md §2.3).
// Two coefficient sets: `street` (the class comes from the street's name and type, or a street
// network) and `coordinates` (the class is the bus-route proxy). Every count is switched off and so
// are Calgary's speed zones, so each site is seen as a point in a city without counts. Inputs come
// from trafficModelInputs() (the engine's own code). FIT_STORE_STREET=1 gives a site `from coordinates`
// the street the geodata store finds there, as POST /score does (the worker's locateStreet on the
// committed artefacts): in the counted cities, the street of a civic address point (Vancouver only;
// Calgary's store streets are left out, their class comes from the counts and zones switched off here),
// for comparison (docs/methodology.md §2.3). Each city weighs the same in the fit (Edmonton
// has 4× the sites of Vancouver). Residual quantiles (p10, p90 of ln(counted ÷ predicted), pooled over
// the left-out cities) give the audience interval. Writes src/geo/data/traffic-model.generated.ts.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { committedRows } from './lib/geodata-artefacts.mjs'
import { importTs, loadSrc } from './lib/load-ts.mjs'
import { dataDir, hasData, root, sectionIds, spearman } from './validation/common.mjs'
import { allCounts, edmontonYearChanges, VANCOUVER_K } from './validation/counts.mjs'
import { leastSquares, quantile } from './validation/stats.mjs'

if (!hasData()) {
  console.log(`fit:traffic needs the raw data in ${dataDir}; skipped.`)
  process.exit(0)
}
const srcRoot = process.env.ENGINE_SRC ?? join(root, 'src') // another checkout's src, for experiments
const m = await loadSrc(
  {
    'geo/signals/index.ts': ['featuresAt'],
    'geo/signals/features.ts': ['transitInputsAt'],
    'geo/geodata/measured/index.ts': ['censusAt'],
    'geo/signals/model/traffic.ts': ['trafficModelInputs', 'outsideFitFactor'],
    'scoring/index.ts': ['scoreSignals'],
    'scoring/audience.ts': ['VEHICLE_OCCUPANCY'],
  },
  { srcRoot },
)

/** With FIT_STORE_STREET=1: the street POST /score would pass for a coordinate (loading the store costs a few seconds). */
async function storeStreets() {
  const s = await importTs(
    { 'scripts/lib/geodata-memory.ts': ['memoryGeodata'], 'src/services/street-store.ts': ['scoringStreet'] },
    { platform: 'node' },
  )
  // Calgary's store pieces carry the counts' classes: held out. FIT_STORE_STREET=network puts back its
  // speed zones alone (class from the posted speed, no count): Calgary as a city with a street network
  // and no counts, what Toronto, Ottawa and Montréal's networks give there.
  const [addresses, streets] = committedRows((a) => a.source !== 'calgary')
  if (process.env.FIT_STORE_STREET === 'network') {
    const b = await importTs(
      { 'scripts/lib/geodata-store-streets.ts': ['calgaryStreetRows', 'sortPieces', 'pieceFields'] },
      { platform: 'node' },
    )
    const zones = b.calgaryStreetRows(readFileSync(join(dataDir, 'calgary/speed-limits.csv'), 'utf8'), '').rows
    for (const r of b.sortPieces(zones)) streets.push({ source: 'calgary', fields: b.pieceFields(r).map(String) })
  }
  // No count rows (committedRows' third list): a site would take its own count (the store's measured
  // lookup, services/count-store.ts) instead of a prediction. Counts are off in the fit, as Calgary's sections are.
  const store = s.memoryGeodata(addresses, streets)
  return async (lat, lng) => s.scoringStreet(await store.locate(lat, lng))
}
const streetAt = ['1', 'network'].includes(process.env.FIT_STORE_STREET ?? '') ? await storeStreets() : undefined

const CITIES = ['Calgary', 'Edmonton', 'Vancouver']
const rows = /** @type {any[]} */ (allCounts())
const allSections = sectionIds(rows.filter((r) => r.section).map((r) => r.section))
const options = { excludeSections: allSections, speedZones: false, memo: false }
for (const r of rows) {
  const census = m.censusAt(r.lat, r.lng, { memo: false })
  const at = (street) => {
    const f = m.featuresAt({ lat: r.lat, lng: r.lng, precision: 'coordinates', ...(street && { street }) }, options)
    const inputs = {
      popDensity: f.populationDensity.value,
      nearestDaM: census?.nearestDaM,
      intersectionDensity: census?.intersectionDensity1km ?? 0,
      // the pedestrian model's transit input (the transit factor's raw value is the commute share since 3.x)
      stopEquivalents: m.transitInputsAt(r.lat, r.lng).stopEquivalents,
    }
    return { x: m.trafficModelInputs(inputs, f.roadClass.value), pedestrians: f.pedestrian.value, features: f, inputs }
  }
  r.coordinates = at(streetAt && (await streetAt(r.lat, r.lng)))
  r.street = r.street ? at(r.street) : undefined
  // The model predicts ln(AADT ÷ 3,000 ÷ outsideFitFactor): the counted cities are metropolises (urbanScale 1).
  r.y = Math.log(r.daily / 3000) - Math.log(m.outsideFitFactor(r.coordinates.inputs.popDensity, 1))
}

// The class term enters with a fixed coefficient of 1 (the typical volume of the class, from count
// summaries that include local streets): count programmes count few local streets, and a class read
// from a street name or the bus-route proxy is noisy, so a fitted class slope is attenuated (0.53 with
// the street, 0.13 from coordinates, 2026-11-25) and sent a residential block in Calgary to 4,900/day.
// FIT_CLASS_SLOPE=1 fits it instead (for comparison).
// One coefficient set, fitted where the class comes from the street (its name tells a crescent from a
// boulevard), serves points whose class is inferred from coordinates too: fitted on its own, the
// coordinates set's level is biased by what count programmes count (a counted site with no bus route is
// mostly an arterial without stops; among all roadside points it is mostly a local street: 79 % of
// Ottawa's road segments), and sent a local street 300 m off Deerfoot Trail to 2,800/day. Its ranks are
// nearly the same (the class enters fixed; FIT_OWN_COORDINATES=1 fits it for comparison).
const fitFor = (train, basis) => fitSet(train, process.env.FIT_OWN_COORDINATES === '1' ? basis : 'street')
const fitSet = (train, basis) => {
  const fixed = process.env.FIT_CLASS_SLOPE !== '1'
  const use = train.filter((r) => r[basis])
  const perCity = new Map(CITIES.map((c) => [c, use.filter((r) => r.city === c).length]))
  const drop = (x) => (fixed ? [x[0], ...x.slice(2)] : x)
  const b = leastSquares(
    use.map((r) => drop(r[basis].x)),
    use.map((r) => r.y - (fixed ? r[basis].x[1] : 0)),
    use.map((r) => 1000 / perCity.get(r.city)),
    1e-3,
  )
  return fixed ? [b[0], 1, ...b.slice(1)] : b
}
const predict = (b, x) => x.reduce((s, v, i) => s + v * b[i], 0)

const loco = {}
const residuals = { street: [], coordinates: [] }
for (const city of CITIES) {
  const test = rows.filter((r) => r.city === city)
  const train = rows.filter((r) => r.city !== city)
  loco[city] = { n: test.length }
  for (const basis of ['coordinates', 'street']) {
    const b = fitFor(train, basis)
    const t = test.filter((r) => r[basis])
    const pred = t.map((r) => predict(b, r[basis].x))
    loco[city][basis] = spearman(
      pred,
      t.map((r) => r.y),
    )
    for (let i = 0; i < t.length; i++) residuals[basis].push(t[i].y - pred[i])
    // Exposure on the left-out city: people passing (vehicles × occupancy + counted pedestrians where
    // counted) against the audience and the overall score, with this city's traffic predicted by the
    // model fitted without it (every other factor as the engine computes it).
    const persons = t.map((r) => r.daily * m.VEHICLE_OCCUPANCY + (r.pedestrians ?? 0))
    const vehicles = t.map((r, i) => 3000 * Math.exp(pred[i]) * m.outsideFitFactor(r[basis].inputs.popDensity, 1))
    const audience = t.map((r, i) => vehicles[i] * m.VEHICLE_OCCUPANCY + r[basis].features.pedestrian.value)
    const overall = t.map((r, i) => {
      const f = r[basis].features
      return m.scoreSignals({ ...f, vehicleTraffic: { ...f.vehicleTraffic, value: vehicles[i] } }).overallScore
    })
    loco[city][`${basis}Audience`] = spearman(audience, persons)
    loco[city][`${basis}Overall`] = spearman(overall, persons)
  }
  // The engine as bundled now (its generated model; measured lookups off) on the same sites.
  loco[city].engineCoordinates = spearman(
    test.map((r) => r.coordinates.features.vehicleTraffic.value),
    test.map((r) => r.daily),
  )
  const named = test.filter((r) => r.street)
  loco[city].named = named.length
  loco[city].engineStreet = spearman(
    named.map((r) => r.street.features.vehicleTraffic.value),
    named.map((r) => r.daily),
  )
}
const round = (v) => Number(v.toFixed(4))
const sets = {}
for (const basis of ['street', 'coordinates']) {
  sets[basis] = {
    coefficients: fitFor(rows, basis).map(round),
    residualP10: round(quantile(residuals[basis], 0.1)),
    residualP90: round(quantile(residuals[basis], 0.9)),
  }
}
console.log(`fit:traffic — ${rows.length} counted sites (Vancouver peak hour ÷ K ${VANCOUVER_K})`)
console.log('leave-one-city-out Spearman ρ (fit on the other two cities):')
for (const city of CITIES) {
  const l = loco[city]
  console.log(
    `  ${city.padEnd(10)} n ${String(l.n).padStart(5)}  from coordinates ${l.coordinates.toFixed(3)}  ` +
      `with the street ${l.street.toFixed(3)} (n ${l.named})` +
      `   (engine as bundled, in-sample: ${l.engineCoordinates.toFixed(3)} / ${l.engineStreet.toFixed(3)})`,
  )
}
console.log('exposure on the left-out city, ρ against people passing (from coordinates / with the street):')
for (const city of CITIES) {
  const l = loco[city]
  const pair = (k) => `${l[`coordinates${k}`].toFixed(3)} / ${l[`street${k}`].toFixed(3)}`
  console.log(`  ${city.padEnd(10)} audience.dailyPersons ${pair('Audience')}  overallScore (default weights) ${pair('Overall')}`)
}
for (const basis of ['street', 'coordinates'])
  console.log(
    `  ${basis}: coefficients ${sets[basis].coefficients.join(', ')}; ` +
      `held-out residual p10 ${sets[basis].residualP10}, p90 ${sets[basis].residualP90}`,
  )

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
]
const sha = (p) =>
  createHash('sha256')
    .update(readFileSync(join(dataDir, p)))
    .digest('hex')
    .slice(0, 12)
const counts = Object.fromEntries(CITIES.map((c) => [c, rows.filter((r) => r.city === c).length]))
writeFileSync(
  join(srcRoot, 'geo/data/traffic-model.generated.ts'),
  `// Generated by scripts/fit-traffic.mjs: do not edit by hand. Counted sites: Calgary ${counts.Calgary} (sections, 2016–2018),
// Edmonton ${counts.Edmonton} (AAWDT 2019), Vancouver ${counts.Vancouver} (peak hour ÷ ${VANCOUVER_K}). Sources (SHA-256 prefix):
// ${sources.map((p) => `${p} ${sha(p)}`).join(', ')}.
// ln(AADT) = ln(3,000) + Σ coefficients[i] × inputs[i], inputs from trafficModelInputs(); residuals are ln(counted ÷ predicted)
// of the leave-one-city-out predictions (p10, p90).
export const TRAFFIC_MODEL = {
  fittedOn: '${rows.length.toLocaleString('en-CA')} counted sites in Calgary, Edmonton and Vancouver',
  street: ${JSON.stringify(sets.street)},
  coordinates: ${JSON.stringify(sets.coordinates)},
  // ln(AAWDT 2019 ÷ 2017) of the same Edmonton sites: a counted volume's spread from year to year.
  measured: ${JSON.stringify(sets.measured)},
  inputs: [
    '1',
    'ln(typical AADT of the class) − ln(3,000) (coefficient fixed at 1)',
    'log10(nearest DA point, m) − 2 (clamped to 10 m–5 km)',
    'log10(intersections/km² + 1) − 1.6',
  ],
} as const
`,
)
