#!/usr/bin/env node
// `npm run bench:geodata`: cost of the measured-data layer (src/geo/measured) on one core. Bundles it
// with esbuild exactly as the worker imports it (.bin files as binary), then reports per artefact:
// raw and gzip size, cold decode (first use in a fresh isolate: decode + index build), the first
// query after it, and warm queries per second on deterministic pseudo-random points in Canadian cities.
import { build } from 'esbuild'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const measured = join(root, 'src/geo/measured')
const outDir = mkdtempSync(join(tmpdir(), 'geodata-bench-'))
const entry = join(outDir, 'entry.ts')
const modules = readdirSync(measured).filter((f) => f.endsWith('.ts')).map((f) => join(measured, f))
writeFileSync(entry, modules.map((m) => `export * from ${JSON.stringify(m)}`).join('\n'))
await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'neutral', outfile: join(outDir, 'm.mjs'), logLevel: 'error', mainFields: ['module', 'main'], target: 'node20', loader: { '.bin': 'binary' } })
const m = await import(pathToFileURL(join(outDir, 'm.mjs')).href)
rmSync(outDir, { recursive: true, force: true })

const dataDir = join(root, 'src/geo/data')
console.log('artefact sizes (bytes):')
let rawTotal = 0
let gzTotal = 0
for (const f of readdirSync(dataDir).filter((f) => f.endsWith('.bin')).sort()) {
  const bytes = readFileSync(join(dataDir, f))
  const gz = gzipSync(bytes, { level: 9 }).length
  rawTotal += bytes.length
  gzTotal += gz
  console.log(`  ${f.padEnd(14)} raw ${String(bytes.length).padStart(9)}  gzip ${String(gz).padStart(9)}`)
}
console.log(`  ${'total'.padEnd(14)} raw ${String(rawTotal).padStart(9)}  gzip ${String(gzTotal).padStart(9)}`)

let seed = 7
const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32)
const CITIES = [[43.6487, -79.3806], [45.5017, -73.5673], [49.2827, -123.1207], [51.0447, -114.0719], [45.4215, -75.6972], [53.5461, -113.4938], [49.8951, -97.1384], [44.6488, -63.5752]]
const points = Array.from({ length: 20_000 }, (_, i) => {
  if (i % 10 === 9) return [42 + rand() * 12, -125 + rand() * 60] // anywhere, mostly rural
  const [lat, lng] = CITIES[i % CITIES.length]
  return [lat + (rand() - 0.5) * 0.2, lng + (rand() - 0.5) * 0.3]
})
const OTTAWA = points.map(([a, b], i) => [45.3 + (i % 97) / 97 * 0.2 + a * 0, -75.85 + ((i * 37) % 101) / 101 * 0.3 + b * 0])
const CALGARY = points.map((_, i) => [50.95 + ((i * 13) % 89) / 89 * 0.2, -114.2 + ((i * 29) % 83) / 83 * 0.3])

const lookups = [
  { artefact: 'census.bin', table: 'censusTable', query: 'censusAt', run: ([lat, lng]) => m.censusAt(lat, lng), pts: points },
  { artefact: 'stops.bin', table: 'stopTable', query: 'transitStopsNear 800 m', run: ([lat, lng]) => m.transitStopsNear(lat, lng, 800), pts: points },
  { artefact: 'stops.bin', query: 'transitStopPointsNear 150 m', run: ([lat, lng]) => m.transitStopPointsNear(lat, lng, 150), pts: points },
  { artefact: 'tracts.bin', table: 'tractTable', query: 'tractAt', run: ([lat, lng]) => m.tractAt(lat, lng), pts: points },
  { artefact: 'traffic.bin', table: 'trafficTable', query: 'countedSectionsNear 25 m', run: ([lat, lng]) => m.countedSectionsNear(lat, lng, 25), pts: CALGARY },
  { artefact: 'roads.bin', table: 'roadTable', query: 'nearestRoadSegment 150 m', run: ([lat, lng]) => m.nearestRoadSegment(lat, lng, 150), pts: OTTAWA },
  { artefact: 'roads.bin', query: 'roadNetworkCovers', run: ([lat, lng]) => m.roadNetworkCovers(lat, lng), pts: OTTAWA },
]
console.log('\ncold decode (decode + index, once per isolate), first query, warm queries/s:')
for (const l of lookups) {
  if (!m[l.query.split(' ')[0]]) { console.log(`  ${l.query}: not built yet`); continue }
  let decodeMs = '-'
  if (l.table) { const t0 = performance.now(); m[l.table](); decodeMs = (performance.now() - t0).toFixed(1) }
  const t1 = performance.now()
  l.run(l.pts[0])
  const firstMs = (performance.now() - t1).toFixed(2)
  for (let i = 0; i < 2000; i++) l.run(l.pts[i])
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const t = performance.now()
    for (const p of l.pts) l.run(p)
    best = Math.min(best, performance.now() - t)
  }
  const perSecond = Math.round(l.pts.length / (best / 1000))
  console.log(`  ${l.query.padEnd(28)} ${l.table ? `${l.artefact} decode ${decodeMs} ms, ` : ''}first ${firstMs} ms, ${perSecond.toLocaleString('en')}/s (${(1e6 / perSecond).toFixed(1)} µs)`)
}
