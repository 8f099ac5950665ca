#!/usr/bin/env node
// `npm run fit:transit`: fits the transit factor's model on the 2011 DA transit commute shares and writes
// src/geo/data/transit-model.generated.ts (docs/methodology.md §2.1 transit, §5.5).
//   logit(share) = b₀ + b₁ ln(1 + stop equivalents) + b₂ ln(persons/km²)
// with the engine's own inputs at each DA point (features.ts transitInputsAt: 2022 GTFS stops in walk bands
// averaged with Can-ALE's 2016 1 km count, rapid-transit departures; IDW density), ordinary least squares.
// Held out of the fit, fixed before it: the DAs of the held-out Ontario FSAs (research/validation/
// postal-areas.mjs) and the held-out DAs of validate:geodata (isHeldOut(dauid)). Also written:
//   - areaDas: how many nearest DAs a postal-code position stands for (the median DA count of the
//     training Ontario urban FSAs), and each of the geocoder's FSA positions measured ahead with it
//     (postal-areas.generated.ts, geo/signals/model/postal-area.ts: a postal code then costs one table read);
//   - curveKnots: the transit factor's curve moved onto the share by quantiles, so each old knot's score
//     goes to the share of the DA at the same rank among training urban DAs (≥ 1,000 persons/km²): a factor
//     score keeps its meaning (median urban DA 59, 90th percentile 72), and 0 is a place with no stop at
//     100 persons/km². src/scoring/factors.ts copies them (a test keeps the two equal).
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadSrc } from '../scripts/lib/load-ts.mjs'
import { dataDir, hasData, isHeldOut, readCsv, root, spearman } from './validation/common.mjs'
import { ontarioDas, ontarioPostalAreas } from './validation/postal-areas.mjs'
import { leastSquares } from './validation/stats.mjs'

if (!hasData()) {
  console.log(`fit:transit needs the raw data in ${dataDir} (set SHARED_DATA_DIR); skipped.`)
  process.exit(0)
}
const srcRoot = process.env.ENGINE_SRC ?? join(root, 'src') // another checkout's src, for experiments and the test
const m = await loadSrc(
  {
    'geo/signals/features.ts': ['transitInputsAt'],
    'geo/signals/model/postal-area.ts': ['measurePostalArea'],
    'geo/geodata/store.ts': ['geoStore'],
  },
  { srcRoot },
)

const onDas = ontarioDas()
const areas = ontarioPostalAreas(onDas) // also assigns each Ontario DA its FSA
const heldFsas = new Set(areas.filter((a) => a.heldOut).map((a) => a.fsa))
const inHeldFsa = new Set(onDas.filter((d) => heldFsas.has(d.fsa)).map((d) => d.dauid))

const points = new Map(readCsv('da2016/da2016-canale.csv').map((r) => [r.dauid, r]))
const das = []
for (const r of readCsv('da2016/commute-2011-da.csv')) {
  const p = points.get(r.dauid)
  if (r.in_da2016 !== '1' || !(Number(r.all_modes_rate) > 0) || !p || p.pop_density_1km === '') continue
  das.push({
    dauid: r.dauid,
    lat: Number(p.lat),
    lng: Number(p.lng),
    share: Number(r.transit_rate),
    held: inHeldFsa.has(r.dauid) || isHeldOut(r.dauid),
    stopEquivalents: 0, // set below from the engine's own inputs (transitInputsAt)
    popDensity: 0,
  })
}
for (const d of das) Object.assign(d, m.transitInputsAt(d.lat, d.lng))
const train = das.filter((d) => !d.held)
const test = das.filter((d) => d.held)

const inputs = (d) => [1, Math.log(1 + Math.max(d.stopEquivalents, 0)), Math.log(Math.max(d.popDensity, 1))]
const logit = (p) => Math.log(p / (1 - p))
// Shares clipped to 0.3 %–90 %: a DA with no transit commuter has a share of 0, whose logit is −∞.
const beta = leastSquares(
  train.map(inputs),
  train.map((d) => logit(Math.min(0.9, Math.max(0.003, d.share)))),
).map((b) => Number(b.toFixed(4)))
const shareOf = (stopEquivalents, popDensity) => {
  const eta = inputs({ stopEquivalents, popDensity }).reduce((s, x, i) => s + x * beta[i], 0)
  return 100 / (1 + Math.exp(-eta))
}
const rho = (list, f) =>
  spearman(
    list.map(f),
    list.map((d) => d.share),
  ).toFixed(3)

// Postal areas: the median DA count of the training urban FSAs.
const sizes = areas
  .filter((a) => !a.heldOut && a.fsa[1] !== '0')
  .map((a) => a.das)
  .sort((a, b) => a - b)
const areaDas = sizes[sizes.length >> 1]

// The curve by quantiles over training urban DAs.
const urban = train.filter((d) => d.popDensity >= 1000)
const stopsSorted = urban.map((d) => d.stopEquivalents).sort((a, b) => a - b)
const sharesSorted = urban.map((d) => shareOf(d.stopEquivalents, d.popDensity)).sort((a, b) => a - b)
const OLD_KNOTS = [
  [3, 22],
  [8, 44],
  [16, 59],
  [33, 72],
  [70, 86],
  [150, 100],
]
const round2 = (x) => Math.round(x * 100) / 100
const curveKnots = [[round2(shareOf(0, 100)), 0]]
for (const [stops, score] of OLD_KNOTS) {
  let below = 0
  while (below < stopsSorted.length && stopsSorted[below] <= stops) below++
  const q = Math.min(sharesSorted.length - 1, Math.max(0, below - 1))
  const share = Math.max(round2(sharesSorted[q]), curveKnots[curveKnots.length - 1][0] + 0.01)
  curveKnots.push([round2(share), score])
}

console.log(
  `fit:transit — ${train.length} training DAs, ${test.length} held out (${inHeldFsa.size} in held-out Ontario FSAs); ` +
    `coefficients ${beta.join(', ')}\n` +
    `  held-out DAs: ρ(model, transit share) ${rho(test, (d) => shareOf(d.stopEquivalents, d.popDensity))}, ` +
    `stop equivalents alone ${rho(test, (d) => d.stopEquivalents)}; ` +
    `training ${rho(train, (d) => shareOf(d.stopEquivalents, d.popDensity))}\n` +
    `  postal areas stand for their ${areaDas} nearest DAs; curve ${JSON.stringify(curveKnots)}`,
)

const sources = ['da2016/commute-2011-da.csv', 'da2016/da2016-canale.csv', 'fsa/fsa-statcan-2021-centroids.csv', 'income/ct-2021.geojsonl']
const manifest = sources.map((p) => {
  const bytes = readFileSync(join(dataDir, p))
  const rows = bytes.toString('utf8').split('\n').filter(Boolean).length - (p.endsWith('.csv') ? 1 : 0)
  return `// ${p}: SHA-256 ${createHash('sha256').update(bytes).digest('hex')}, ${rows} rows`
})
writeFileSync(
  join(srcRoot, 'geo/data/transit-model.generated.ts'),
  `// Generated by research/fit-transit.mjs: do not edit by hand. Sources:
${manifest.join('\n')}
// logit(2011 transit commute share) = coefficients · [1, ln(1 + stop equivalents), ln(persons/km²)], fitted on
// ${train.length} DAs (${test.length} held out: the DAs of the held-out Ontario FSAs and validate:geodata's held-out DAs).
export const TRANSIT_MODEL = {
  coefficients: ${JSON.stringify(beta)},
  /** a postal-code position stands for this many nearest DAs (median of the training urban Ontario FSAs) */
  areaDas: ${areaDas},
  /** the transit curve's knots (% share → score), copied by scoring/factors.ts */
  curveKnots: ${JSON.stringify(curveKnots)},
  fittedOn: '${train.length} DAs with 2011 commute data; held-out DAs ρ ${rho(test, (d) => shareOf(d.stopEquivalents, d.popDensity))}',
} as const
`,
)

// Every FSA position of the geocoder, measured ahead (the same function the engine falls back to).
const positions = new Map()
for (const f of [...m.geoStore().fsaByCode.values()].sort((a, b) => (a.code < b.code ? -1 : 1))) {
  const k = `${f.lat}|${f.lng}`
  if (positions.has(k)) continue
  const a = m.measurePostalArea(f.lat, f.lng, areaDas)
  // No DA within 25 km (remote FSAs): a row of zeros, so the engine does not search again.
  positions.set(k, [f.lat, f.lng, a?.das ?? 0, a?.popDensity ?? 0, a?.transitStops1km ?? '', a?.income ?? '', a?.tracts ?? 0].join('|'))
}
writeFileSync(
  join(srcRoot, 'geo/data/postal-areas.generated.ts'),
  `// Generated by research/fit-transit.mjs: do not edit by hand. The area of each FSA position of the geocoder
// (geo/data/fsa.generated.ts): its ${areaDas} nearest DA points (census.bin) and their 2021 tracts (tracts.bin).
// Row: lat|lng|DAs|geometric-mean persons/km²|mean Can-ALE 2016 stops within 1 km|median tract income|tracts (empty: none)
export const POSTAL_AREAS_TEXT = ${JSON.stringify([...positions.values()].join('\n'))}
`,
)
console.log(`  ${positions.size} FSA positions measured ahead (postal-areas.generated.ts)`)
