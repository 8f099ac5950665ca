#!/usr/bin/env node
// `npm run bench`: scoring throughput on one core. Bundles the pure engine with esbuild (installed
// with wrangler) so the numbers are for the same code the worker runs, then measures
//   1. engine only: raw signals + weights → factor scores, overall, grade
//   2. geocode + features + score: address text (or coordinates) → full score result
// on 10,000 varied Canadian inputs (coordinates never repeat; geocoded addresses land on FSA and
// place centroids, which repeat as they do in real traffic, so per-point memos hit), the same path on
// unique coordinates only (every lookup computed), and
//   3. the first score in a fresh process: module parse + lazy decode of the bundled data + one score
//      (what a cold Worker isolate pays once), for a Calgary point and for an Ottawa point (which also
//      reads the road network).
import { BIG_CITY_CENTRES } from './lib/cities.mjs'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleTs } from '../scripts/lib/load-ts.mjs'
import { seededRandom } from '../scripts/lib/seeded-random.mjs'

const outDir = mkdtempSync(join(tmpdir(), 'scoring-bench-'))
const engineBundle = await bundleTs(
  {
    'src/geo/geocode/index.ts': ['geocodeOffline'],
    'src/geo/signals/index.ts': ['featuresAt'],
    'src/geo/geodata/index.ts': ['geoStore'],
    'src/scoring/index.ts': ['scoreSignals', 'buildScoreResult', 'gradeFor', 'DEFAULT_WEIGHTS'],
  },
  { outfile: join(outDir, 'engine.mjs') },
)
const bundleUrl = pathToFileURL(engineBundle).href

// Cold start first, in fresh processes (median of 5), before this process warms anything up.
const coldScript = join(outDir, 'cold.mjs')
writeFileSync(
  coldScript,
  `
const [lat, lng] = process.argv.slice(2).map(Number)
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
const t0 = performance.now(), c0 = cpu()
const m = await import(${JSON.stringify(bundleUrl)})
const t1 = performance.now(), c1 = cpu()
m.buildScoreResult({ lat, lng, address: 'cold', precision: 'coordinates' })
const t2 = performance.now(), c2 = cpu()
console.log(JSON.stringify({ importMs: t1 - t0, firstScoreMs: t2 - t1, importCpuMs: c1 - c0, firstScoreCpuMs: c2 - c1 }))
`,
)
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
// Module parse here includes esbuild's base64 decode of the .bin data, which workerd does not do (its
// Data modules are raw ArrayBuffers); the first score (lazy decode of the tables and indexes it
// reaches) is what a cold isolate pays on its first request.
const coldFirsts = []
for (const [city, lat, lng] of /** @type {Array<[string, number, number]>} */ ([
  ['Calgary', 51.0447, -114.0719],
  ['Ottawa', 45.4215, -75.6972],
])) {
  const coldRun = () => execFileSync(process.execPath, [coldScript, String(lat), String(lng)], { encoding: 'utf8' })
  const colds = Array.from({ length: 5 }, () => JSON.parse(coldRun()))
  const coldFirst = median(colds.map((c) => c.firstScoreMs))
  const coldFirstCpu = median(colds.map((c) => c.firstScoreCpuMs))
  coldFirsts.push(coldFirst, coldFirstCpu)
  console.log(
    `cold start, ${city.padEnd(7)} (fresh process, median of 5)   module parse ${median(colds.map((c) => c.importMs)).toFixed(1)} ` +
      `ms (CPU ${median(colds.map((c) => c.importCpuMs)).toFixed(1)}) + first score (data decode ` +
      `+ indexes) ${coldFirst.toFixed(1)} ms (CPU ${coldFirstCpu.toFixed(1)}); target: first score ` +
      `< 100 ms`,
  )
}
const coldWorst = Math.max(...coldFirsts)

const m = await import(bundleUrl)
rmSync(outDir, { recursive: true, force: true })

// Deterministic pseudo-random inputs (LCG), so runs are comparable.
const rand = seededRandom(42)
const pick = (a) => a[Math.floor(rand() * a.length)]

const N = 10_000
const sig = (value) => ({ value, unit: 'u', method: 'bench', confidence: 'low' })
const signalSets = Array.from({ length: N }, () => ({
  vehicleTraffic: sig(50 + rand() * 60000),
  roadClass: sig(1 + rand() * 5),
  populationDensity: sig(rand() * 20000),
  income: sig(40000 + rand() * 90000),
  poiDensity: sig(rand() * 800),
  pedestrian: sig(rand() * 50000),
  transit: sig(rand() * 200),
}))

const streets = [
  'Queen St W',
  'Yonge St',
  'rue Sainte-Catherine O',
  'boul. Taschereau',
  'Maplewood Cres',
  'Main St',
  'Highway 7 E',
  'Range Road 232',
  'Robson St',
  'Portage Ave',
  'chemin de la Côte-des-Neiges',
  'Birchwood Crt',
  '8 Ave SW',
  'Rang 4',
]
const places = [
  'Toronto, ON',
  'Montréal, QC',
  'Vancouver, BC',
  'Calgary, AB',
  'Edmonton, AB',
  'Winnipeg, MB',
  'Halifax, NS',
  'Regina, SK',
  "St. John's, NL",
  'Charlottetown, PE',
  'Moncton, NB',
  'Whitehorse, YT',
  'Yellowknife, NT',
  'Iqaluit, NU',
  'Huntsville, ON',
  'Rimouski, QC',
  'Kelowna, BC',
]
const fsas = [...m.geoStore().fsaByCode.values()] // every FSA, urban and rural
const inputs = Array.from({ length: N }, (_, i) => {
  const kind = i % 4
  if (kind === 0) return { lat: 42 + rand() * 14, lng: -130 + rand() * 70 }
  const civic = 1 + Math.floor(rand() * 9000)
  if (kind === 1) {
    const f = pick(fsas)
    return { address: `${civic} ${pick(streets)}, ${f.code} ${Math.floor(rand() * 9)}A${Math.floor(rand() * 9)}` }
  }
  if (kind === 2) return { address: `${civic} ${pick(streets)}, ${pick(places)}` }
  return { address: `${pick(fsas).code.toLowerCase()} 1a1` }
})

// Wall-clock throughput, plus CPU-time throughput: on a shared machine other processes steal the
// core, so wall-clock can halve while the CPU time per score (what a Worker is billed for) holds.
// Three rounds; the best round is reported (least disturbed by other processes).
function time(label, fn, iterations) {
  for (let i = 0; i < Math.min(iterations, 2000); i++) fn(i) // warm-up
  let best = Infinity
  let bestCpu = Infinity
  for (let round = 0; round < 3; round++) {
    const cpu0 = process.cpuUsage()
    const start = process.hrtime.bigint()
    for (let i = 0; i < iterations; i++) fn(i)
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e9)
    const cpu = process.cpuUsage(cpu0)
    bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1e6)
  }
  const perSecond = iterations / best
  console.log(
    `${label.padEnd(34)} ${Math.round(perSecond).toLocaleString('en-CA').padStart(10)} scores/s ` +
      `  ${((best / iterations) * 1e6).toFixed(2).padStart(7)} µs/score   (${iterations.toLocaleString('en-CA')} ` +
      `inputs; CPU time ${Math.round(iterations / bestCpu).toLocaleString('en-CA')}/s)`,
  )
  return perSecond
}

m.geoStore() // index build is a one-off per isolate; report it separately
let failed = 0
const engine = time(
  'engine only',
  (i) => {
    const r = m.scoreSignals(signalSets[i % N], m.DEFAULT_WEIGHTS)
    m.gradeFor(r.overallScore)
  },
  N * 10,
)
// Coordinates get a new offset on every pass (1e-9° ≈ 0.1 mm), so a coordinate is never scored twice.
let pass = 0
const full = time(
  'geocode + features + score',
  (i) => {
    const input = inputs[i % N]
    if (i % N === 0) pass++
    if (input.address) {
      const g = m.geocodeOffline(input.address)
      if (!g) {
        failed++
        return
      }
      m.buildScoreResult({ lat: g.lat, lng: g.lng, address: g.address, precision: g.precision, street: g.street })
    } else {
      m.buildScoreResult({ lat: input.lat + pass * 1e-9, lng: input.lng, address: 'coords', precision: 'coordinates' })
    }
  },
  N,
)
// Every lookup computed: fresh coordinates, half anywhere, half within ~15 km of a big-city centre.
const CITIES = BIG_CITY_CENTRES.slice(0, 6)
time(
  'coordinates only, unique points',
  (i) => {
    const [lat, lng] =
      i % 2 === 0
        ? [42 + rand() * 14, -130 + rand() * 70]
        : [CITIES[i % CITIES.length][0] + (rand() - 0.5) * 0.3, CITIES[i % CITIES.length][1] + (rand() - 0.5) * 0.4]
    m.buildScoreResult({ lat, lng, address: 'coords', precision: 'coordinates' })
  },
  N,
)
console.log(
  `(geocode failures in the varied set: ${failed}; targets: engine ≥ 200,000/s, full ≥ 50,000/s, ` +
    `cold first score < 100 ms → ${engine >= 200000 && full >= 50000 && coldWorst < 100 ? 'met' : 'NOT met'})`,
)
