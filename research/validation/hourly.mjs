#!/usr/bin/env node
// Validates the day-part model (src/scoring/hourly.ts) against Vancouver's turning-movement counts
// (../shared/data/vancouver/tmc-counts.csv): does the predicted AM/PM peak-hour ratio rank the counted one?
// Nothing in the hourly model is fitted to these counts (its profiles are published ones), so every
// count is held out; the ρ is also given on a 30 % subset of 1 km spatial blocks (hashed), and per block
// group, with a block bootstrap for its spread. Usage: npm run validate:hourly
import { cliArgs } from '../../scripts/lib/cli.mjs'
import { importTs } from '../../scripts/lib/load-ts.mjs'
import { hasData, hash, readCsv, spearman } from './common.mjs'
import { fitLocalMix } from './hourly-fit.mjs'

if (!hasData()) {
  console.log('validate:hourly: ../shared/data is absent (set SHARED_DATA_DIR); nothing to validate.')
  process.exit(0)
}
const { values: args } = cliArgs(
  { fit: { type: 'boolean' }, diagnose: { type: 'boolean' } },
  { usage: 'npm run validate:hourly [-- --fit] [--diagnose]' },
)
const lib = await importTs(
  { 'src/scoring/engine.ts': ['buildScoreResult'], 'src/scoring/hourly.ts': ['SHARES', 'throughShare'] },
  { platform: 'node' },
)

// One site per position: the mean AM and PM peak hours of its counts since 2000 (older counts predate the
// POIs and road classes the model reads).
const sites = new Map()
for (const r of readCsv('vancouver/tmc-counts.csv')) {
  if (!r.lat || !r.coord_source.startsWith('city') || Number(r.date.slice(0, 4)) < 2000) continue
  const s = sites.get(r.site_id) ?? {
    id: r.site_id,
    name: r.intersection,
    lat: +r.lat,
    lng: +r.lng,
    av: [],
    pv: [],
    ap: [],
    pp: [],
    days: [],
  }
  if (+r.am_vehicles > 0 && +r.pm_vehicles > 0) {
    s.av.push(+r.am_vehicles)
    s.pv.push(+r.pm_vehicles)
  }
  if (r.am_pedestrians !== '' && r.pm_pedestrians !== '' && +r.am_pedestrians + +r.pm_pedestrians >= 20) {
    s.ap.push(+r.am_pedestrians)
    s.pp.push(+r.pm_pedestrians)
  }
  s.days.push(r)
  sites.set(r.site_id, s)
}
const sum = (a) => a.reduce((x, y) => x + y, 0)
const peak = (hourly, from, to) => Math.max(...hourly.slice(from, to))
// The count periods: AM peak hour starting 06–08 h, PM 16–19 h (../shared/data/README.md).
const ratio = (hourly) => peak(hourly, 6, 10) / peak(hourly, 16, 20)

const rows = []
for (const s of sites.values()) {
  const r = lib.buildScoreResult({ lat: s.lat, lng: s.lng, address: s.name, precision: 'coordinates' })
  const h = r.audience.hourly
  const block = `${Math.floor(s.lat / 0.009)}:${Math.floor(s.lng / 0.0138)}` // ≈ 1 km cells at 49° N
  rows.push({
    ...s,
    block,
    heldOutBlock: hash(block) % 10 < 3,
    centrality: h.centrality,
    streets: r.audience.streets.length
      ? r.audience.streets.map((x) => ({ roadClass: x.roadClass, w: x.dailyVehicles / r.audience.dailyVehicles }))
      : [{ roadClass: r.factorScores.roadClass.raw.value, w: 1 }],
    predV: ratio(h.vehicles),
    predP: h.pedestrians.some((x) => x > 0) ? ratio(h.pedestrians) : NaN,
    countV: s.av.length ? sum(s.av) / sum(s.pv) : NaN,
    countP: s.ap.length && sum(s.pp) > 0 ? sum(s.ap) / sum(s.pp) : NaN,
  })
}

function rho(list, pred, count) {
  const ok = list.filter((r) => Number.isFinite(r[pred]) && Number.isFinite(r[count]))
  return {
    n: ok.length,
    rho: spearman(
      ok.map((r) => r[pred]),
      ok.map((r) => r[count]),
    ),
  }
}
function blockBootstrap(list, pred, count, rounds = 400) {
  const blocks = [...new Set(list.map((r) => r.block))]
  const byBlock = new Map(blocks.map((b) => [b, list.filter((r) => r.block === b)]))
  let seed = 7
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return seed / 2 ** 32
  }
  const out = []
  for (let i = 0; i < rounds; i++) {
    const sample = blocks.flatMap(() => byBlock.get(blocks[Math.floor(rand() * blocks.length)]))
    out.push(rho(sample, pred, count).rho)
  }
  out.sort((a, b) => a - b)
  return [out[Math.floor(rounds * 0.05)], out[Math.floor(rounds * 0.95)]]
}
const f = (x) => (Number.isFinite(x) ? x.toFixed(3) : 'n/a')
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1]

console.log(
  `Vancouver sites: ${rows.length} (city positions, counts since 2000), ${new Set(rows.map((r) => r.block)).size} blocks of ≈ 1 km`,
)
for (const [label, pred, count] of [
  ['vehicles AM/PM', 'predV', 'countV'],
  ['pedestrians AM/PM', 'predP', 'countP'],
]) {
  const all = rho(rows, pred, count)
  const held = rho(
    rows.filter((r) => r.heldOutBlock),
    pred,
    count,
  )
  const [lo, hi] = blockBootstrap(rows, pred, count)
  console.log(
    `${label}: ρ all ${f(all.rho)} (n ${all.n}; block-bootstrap 90 % ${f(lo)}…${f(hi)}); ` +
      `held-out 30 % of blocks ${f(held.rho)} (n ${held.n})`,
  )
}
for (const { name, test } of [
  { name: 'suburban (centrality 0)', test: (r) => r.centrality === 0 },
  { name: 'mixed', test: (r) => r.centrality > 0 && r.centrality < 0.5 },
  { name: 'downtown (≥ 0.5)', test: (r) => r.centrality >= 0.5 },
]) {
  const g = rows.filter(test)
  const v = g.filter((r) => Number.isFinite(r.countV))
  const p = g.filter((r) => Number.isFinite(r.countP) && Number.isFinite(r.predP))
  console.log(
    `  ${name}: ${g.length} sites; vehicles AM/PM predicted median ${f(median(v.map((r) => r.predV)))}, ` +
      `counted ${f(median(v.map((r) => r.countV)))}; pedestrians predicted ${f(median(p.map((r) => r.predP)))}, ` +
      `counted ${f(median(p.map((r) => r.countP)))}`,
  )
}
// What one count says of another at the same intersection: the first and the last count since 2000 of the
// sites counted twice or more, their AM/PM ratios ranked against each other. No model of place can rank a site's
// counted ratio better than a second count of that very site does (the rest is the day, not the place).
const retest = (am, pm, ok) => {
  const pairs = []
  for (const s of sites.values()) {
    const days = s.days.filter(ok).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    if (days.length < 2) continue
    const [a, b] = [days[0], days[days.length - 1]]
    pairs.push([+a[am] / +a[pm], +b[am] / +b[pm]])
  }
  return {
    n: pairs.length,
    rho: spearman(
      pairs.map((p) => p[0]),
      pairs.map((p) => p[1]),
    ),
  }
}
const vRetest = retest('am_vehicles', 'pm_vehicles', (r) => +r.am_vehicles > 0 && +r.pm_vehicles > 0)
const pRetest = retest('am_pedestrians', 'pm_pedestrians', (r) => +r.pm_pedestrians > 0 && +r.am_pedestrians + +r.pm_pedestrians >= 20)
console.log(
  `one count against another of the same site (first and last since 2000): vehicles AM/PM ρ ${f(vRetest.rho)} (n ${vRetest.n}), ` +
    `pedestrians ${f(pRetest.rho)} (n ${pRetest.n})`,
)
if (args.fit) {
  const train = rows.filter((r) => !r.heldOutBlock && Number.isFinite(r.countV))
  const best = fitLocalMix(lib, train)
  console.log(
    `fit on ${train.length} sites of the training blocks: ρ ${f(best.rho)}`,
    JSON.stringify({ suburban: best.suburban, downtown: best.downtown }),
  )
}
if (args.diagnose) {
  // What the model's two inputs can rank at best, either sign: ρ of the counted ratios with centrality and road class.
  for (const r of rows)
    r.roadClass = lib.buildScoreResult({
      lat: r.lat,
      lng: r.lng,
      address: r.name,
      precision: 'coordinates',
    }).factorScores.roadClass.raw.value
  for (const input of ['centrality', 'roadClass'])
    console.log(`  ρ(${input}, counted): vehicles ${f(rho(rows, input, 'countV').rho)}, pedestrians ${f(rho(rows, input, 'countP').rho)}`)
}
