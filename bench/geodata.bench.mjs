#!/usr/bin/env node
// `npm run bench:geodata`: cost of the measured-data layer (src/geo/geodata/measured) on one core. Bundles it
// with esbuild; each .bin import becomes the file's bytes read from disk, as the worker gets its Data
// modules (esbuild's base64 'binary' loader would add a decode and garbage the worker never has).
// Reports per artefact: raw and gzip size; cold decode (first use in a fresh process, after a GC:
// decode + index build) and the first query after it, each in its own child process; and warm
// queries per second on deterministic pseudo-random points. Times are wall-clock and CPU (the
// machine may be shared: the CPU time is the steadier figure).
import { BIG_CITY_CENTRES } from './lib/cities.mjs'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { bundleTs, repoRoot as root } from '../scripts/lib/load-ts.mjs'
import { seededRandom } from '../scripts/lib/seeded-random.mjs'

const outDir = mkdtempSync(join(tmpdir(), 'geodata-bench-'))
const bundle = await bundleTs(
  { 'src/geo/geodata/measured/index.ts': '*', 'src/geo/geodata/measured/internals.ts': '*' },
  { outfile: join(outDir, 'm.mjs'), platform: 'node', bin: 'disk' },
)

const dataDir = join(root, 'src/geo/data')
console.log('artefact sizes (bytes):')
let rawTotal = 0
let gzTotal = 0
for (const f of readdirSync(dataDir)
  .filter((f) => f.endsWith('.bin'))
  .sort()) {
  const bytes = readFileSync(join(dataDir, f))
  const gz = gzipSync(bytes, { level: 9 }).length
  rawTotal += bytes.length
  gzTotal += gz
  console.log(`  ${f.padEnd(18)} raw ${String(bytes.length).padStart(9)}  gzip ${String(gz).padStart(9)}`)
}
console.log(`  ${'total'.padEnd(18)} raw ${String(rawTotal).padStart(9)}  gzip ${String(gzTotal).padStart(9)}`)

// Cold: a fresh process per case. `decode` builds the table; `query` is the first lookup after it.
const COLD = [
  ['census.bin', 'm.censusTable()', 'm.censusAt(45.4215, -75.6972)'],
  ['stops.bin', 'm.stopTable()', 'm.transitStopsNear(45.4215, -75.6972, 800)'],
  ['tracts.bin', 'm.tractTable()', 'm.tractAt(45.4215, -75.6972)'],
  ['traffic.bin', 'm.trafficTable()', 'm.countedSectionsNear(51.0447, -114.0719, 25)'],
  [
    'first point, all lookups',
    '0',
    'm.censusAt(45.4215, -75.6972); m.transitStopsNear(45.4215, -75.6972, 800); m.transitStopPointsNear(45.4215, ' +
      '-75.6972, 150); m.tractAt(45.4215, -75.6972); m.countedSectionsNear(45.4215, -75.6972, 25)',
  ],
]
const timed = (code) =>
  `(() => { const c = process.cpuUsage(); const t = performance.now(); ${code}; return [performance.now() ` +
  `- t, (process.cpuUsage(c).user + process.cpuUsage(c).system) / 1000] })()`
console.log('\ncold, fresh process each (wall / CPU ms): decode + index, then the first query')
for (const [label, decode, query] of COLD) {
  const script =
    `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); globalThis.gc(); const ` +
    `d = ${timed(decode)}; const q = ${timed(query)}; console.log(JSON.stringify([d, q]))`
  const [[dWall, dCpu], [qWall, qCpu]] = JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' }),
  )
  const f = (x) => x.toFixed(1).padStart(6)
  console.log(`  ${label.padEnd(26)} decode ${f(dWall)} / ${f(dCpu)}   first query ${f(qWall)} / ${f(qCpu)}`)
}

const m = await import(pathToFileURL(bundle).href)
rmSync(outDir, { recursive: true, force: true })
const rand = seededRandom(7)
const CITIES = BIG_CITY_CENTRES
const N = 20_000
const canada = Array.from({ length: N }, (_, i) => {
  if (i % 10 === 9) return [42 + rand() * 12, -125 + rand() * 60] // anywhere, mostly rural
  const [lat, lng] = CITIES[i % CITIES.length]
  return [lat + (rand() - 0.5) * 0.2, lng + (rand() - 0.5) * 0.3]
})
const calgary = Array.from({ length: N }, () => [50.95 + rand() * 0.2, -114.2 + rand() * 0.3])

/** @type {Array<[string, number[][], (point: number[], i: number) => unknown]>} */
const WARM = [
  ['censusAt', canada, ([lat, lng]) => m.censusAt(lat, lng)],
  ['transitStopsNear 800 m', canada, ([lat, lng]) => m.transitStopsNear(lat, lng, 800)],
  ['transitStopPointsNear 150 m', canada, ([lat, lng]) => m.transitStopPointsNear(lat, lng, 150)],
  ['tractAt', canada, ([lat, lng]) => m.tractAt(lat, lng)],
  ['countedSectionsNear 25 m (Calgary)', calgary, ([lat, lng]) => m.countedSectionsNear(lat, lng, 25)],
  ['countedSectionsNear 25 m (Canada)', canada, ([lat, lng]) => m.countedSectionsNear(lat, lng, 25)],
]
console.log('\nwarm queries on one core (best of 3 rounds of 20,000 points; CPU time):')
for (const [label, points, run] of WARM) {
  for (let i = 0; i < 2000; i++) run(points[i], i)
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const c = process.cpuUsage()
    for (let i = 0; i < points.length; i++) run(points[i], i)
    const used = process.cpuUsage(c)
    best = Math.min(best, (used.user + used.system) / 1e6)
  }
  const perSecond = Math.round(points.length / best)
  console.log(`  ${label.padEnd(36)} ${perSecond.toLocaleString('en').padStart(12)}/s  ${(1e6 / perSecond).toFixed(2).padStart(6)} µs`)
}
