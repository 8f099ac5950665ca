// The geodata store's costs (issue 21 item 8), one run each:
//   1. geocode p50, warm: the worker's own geocoding code (parse, plan, resolve on the store's answer) per
//      held-out address, in-process on the committed artefacts (no D1 round trip: that is 3.);
//   2. cold start: the first POST /score (an address, then coordinates) of a fresh `wrangler dev`
//      with the store loaded;
//   3. sequential POST /score p50 for first-time addresses (D1 queries) and repeats (cached), and
//      coordinates (reverse street: cached cells after the first);
//   4. POST /score throughput (autocannon, coordinates in five cities), this tree and, with
//      --before DIR, another checkout (e.g. `git archive <commit> | tar -x -C DIR`) in the same run.
// Usage: npm run bench:geodata-store [-- --before /tmp/before --seconds 10 --requests 200]
import { existsSync, symlinkSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { committedRows, readArtefact, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { loadGeodata } from '../scripts/lib/geodata-load.mjs'
import { loadTs } from '../scripts/lib/load-ts.mjs'
import { hotPathLoad, ENDPOINTS } from './lib/hot-path-load.mjs'
import { createKeys, postScore, startServer } from './lib/server.mjs'

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    seconds: { type: 'string' },
    requests: { type: 'string' },
    'throughput-only': { type: 'boolean' },
  },
})
const seconds = Number(args.seconds ?? 10)
const requests = Number(args.requests ?? 200)
const pctl = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]

// 1. In-process geocoding on the artefacts.
const { memoryGeodata } = await loadTs('scripts/lib/geodata-memory.ts')
const { typed } = await loadTs('research/lib/validate-store.ts')
const manifest = readManifest()
const of = (kind) => manifest.artefacts.filter((a) => a.kind === kind)
const store = memoryGeodata(...committedRows())
const held = of('holdout').flatMap((a) => readArtefact(a))
const sample = Array.from({ length: 1000 }, (_, i) => held[(i * 7919) % held.length]).map(([number, street, city, province, postcode]) =>
  typed({ number, street, city, province, postcode }),
)
for (const text of sample) store.geocode(text) // warm: JIT, memos
const times = sample.map((text) => {
  const t = performance.now()
  store.geocode(text)
  return performance.now() - t
})
console.log(`1. geocode (parse + plan + resolve), warm, in-process, ${sample.length} held-out addresses:`)
console.log(`   p50 ${pctl(times, 0.5).toFixed(3)} ms, p90 ${pctl(times, 0.9).toFixed(3)} ms, p99 ${pctl(times, 0.99).toFixed(3)} ms`)

// 2 + 3. This tree under wrangler dev with the store loaded.
const after = await startServer({ beforeStart: (state) => loadGeodata({ persistTo: state }) })
try {
  const [key] = await createKeys(after, 'enterprise', 1)
  // createKeys has warmed the isolate (auth, D1, KV), not scoring: the first score still loads the geodata.
  const firstAddress = await postScore(after, key, { address: '100 Queen St W, Toronto, ON' })
  const firstCoords = await postScore(after, key, { lat: 45.4215, lng: -75.6972 })
  console.log(
    `2. first score after a cold start: address ${firstAddress.ms.toFixed(0)} ms (${firstAddress.precision}), ` +
      `then coordinates ${firstCoords.ms.toFixed(0)} ms`,
  )
  const texts = args['throughput-only'] ? [] : sample.slice(0, requests)
  const series = { 'address, first time': [], 'address, repeated': [], coordinates: [] }
  const precision = {}
  for (const text of texts) {
    const r = await postScore(after, key, { address: text })
    series['address, first time'].push(r.ms)
    precision[r.precision] = (precision[r.precision] ?? 0) + 1
  }
  for (const text of texts) series['address, repeated'].push((await postScore(after, key, { address: text })).ms)
  const points = held.slice(0, texts.length).map((r) => ({ lat: Number(r[5]) / 1e5, lng: Number(r[6]) / 1e5 }))
  for (const p of points) series.coordinates.push((await postScore(after, key, p)).ms)
  if (texts.length) {
    const seen = JSON.stringify(precision)
    console.log(`3. POST /api/v1/score, sequential, ${requests} each (precision of the first-time addresses: ${seen}):`)
    for (const [name, xs] of Object.entries(series))
      console.log(`   ${name.padEnd(22)} p50 ${pctl(xs, 0.5).toFixed(1)} ms, p90 ${pctl(xs, 0.9).toFixed(1)} ms`)
  }
  const load = await hotPathLoad(after)
  const a = await load.measure(ENDPOINTS.score, seconds)
  const line =
    `4. POST /score throughput (coordinates, ${seconds} s): this tree ${a.reqPerSec.toFixed(0)} req/s, ` +
    `${a.cpuMicros?.toFixed(0)} µs/req`
  console.log(line)
  if (args.before) {
    const dir = resolve(args.before)
    if (!existsSync(join(dir, 'node_modules'))) symlinkSync(resolve('node_modules'), join(dir, 'node_modules'))
    const before = await startServer({ cwd: dir })
    try {
      const [beforeKey] = await createKeys(before, 'enterprise', 1)
      const coldBefore = await postScore(before, beforeKey, { address: '100 Queen St W, Toronto, ON' })
      console.log(`   before: first score after a cold start ${coldBefore.ms.toFixed(0)} ms (${coldBefore.precision})`)
      const b = await (await hotPathLoad(before)).measure(ENDPOINTS.score, seconds)
      const change = ((100 * a.reqPerSec) / b.reqPerSec - 100).toFixed(1)
      console.log(`   before (${dir}): ${b.reqPerSec.toFixed(0)} req/s, ${b.cpuMicros?.toFixed(0)} µs/req; this tree ${change} %`)
    } finally {
      before.stop()
    }
  }
} catch (error) {
  console.error(`✖ ${error.stack ?? error}`)
  process.exitCode = 1
} finally {
  after.stop()
  process.exit()
}
