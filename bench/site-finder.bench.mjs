#!/usr/bin/env node
// npm run bench:site-finder [-- --http]: CPU and wall time of the site finder and of batch scoring,
// with the worker's own code bundled by esbuild (installed with wrangler):
//   1. POST /score/nearby at radius 1,000 m / spacing 25 m (5,025 grid points): search + response JSON,
//      search only, and search only in downtown Calgary (counted traffic sections)
//   2. the SVG heat map of the same search
//   3. POST /score/batch with 1,000 varied addresses: JSON in → rows → response JSON, and CSV in → CSV out
// CPU time is what a Worker is billed for and what the targets are about (nearby < 50 ms, batch < 200 ms);
// on a shared machine wall time also counts time other processes took. Median and best of N runs.
// --http also times the real endpoints through `wrangler dev` (wall time per request, loopback only;
// add --base http://127.0.0.1:8787 to use a running `npm run dev`).
import { cliArgs } from '../scripts/lib/cli.mjs'
import { loadSrc } from '../scripts/lib/load-ts.mjs'

const { values: opts } = cliArgs({ http: { type: 'boolean', default: false }, base: { type: 'string' } })
import { seededRandom } from '../scripts/lib/seeded-random.mjs'

// papaparse's Node-stream mode is unused, and 'stream' does not exist on the neutral platform.
const m = await loadSrc(
  {
    'services/nearby.ts': ['searchNearby', 'gridFeatureCollection', 'nearbyQuotaUnits'],
    'services/batch.ts': ['scoreBatch'],
    'services/batch-csv.ts': ['parseBatchCsv', 'formatBatchCsv'],
    'views/nearby-svg.ts': ['nearbySvg'],
    'scoring/index.ts': ['DEFAULT_WEIGHTS'],
    'geo/geodata/index.ts': ['geoStore'],
  },
  { external: ['stream'] },
)

const env = {} // no GEOCODER_URL: the bundled offline geocoder, as deployed by default
const free = async () => {}

async function measure(label, runs, fn) {
  for (let i = 0; i < 3; i++) await fn(i) // warm-up (JIT, lazily built indexes)
  const cpu = []
  const wall = []
  let detail = ''
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    detail = await fn(i)
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]
  const f = (x) => x.toFixed(1).padStart(6)
  console.log(
    `${label.padEnd(44)} CPU median ${f(median(cpu))} ms, best ${f(Math.min(...cpu))} ms   wall ` +
      `median ${f(median(wall))} ms, best ${f(Math.min(...wall))} ms   ${detail}`,
  )
}

m.geoStore()
const CENTRES = [
  '50 Rideau St, Ottawa, ON K1N 9J7',
  '100 Queen St W, Toronto, ON M5H 2N2',
  '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4',
  '900 Granville St, Vancouver, BC V6Z 1L2',
]
const nearbyOptions = { radiusM: 1000, spacingM: 25, limit: 5, weights: m.DEFAULT_WEIGHTS }
let lastSearch
await measure('nearby 1,000 m / 25 m (search + JSON)', 20, async (i) => {
  const r = await m.searchNearby(env, { address: CENTRES[i % CENTRES.length] }, nearbyOptions, free)
  const body = JSON.stringify({
    centre: r.centre,
    best: r.best.map((b) => ({ rank: b.rank, distanceM: b.distanceM, bearingDeg: b.bearingDeg, result: b.result })),
    grid: m.gridFeatureCollection(r.points),
  })
  lastSearch = r
  return (
    `${r.points.length.toLocaleString('en-CA')} points, ${m.nearbyQuotaUnits(r.points.length)} ` +
    `quota units, ${(body.length / 1024).toFixed(0)} KiB JSON`
  )
})
await measure('nearby 1,000 m / 25 m (search only)', 20, async (i) => {
  const r = await m.searchNearby(env, { address: CENTRES[i % CENTRES.length] }, nearbyOptions, free)
  return `${r.points.length.toLocaleString('en-CA')} points`
})
// Calgary is the one city with counted traffic sections: every grid point also measures the sections
// within 2 km (same-road and same-street counts), so its grids cost more than the four centres above.
await measure('nearby 1,000 m / 25 m Calgary (search only)', 10, async () => {
  const r = await m.searchNearby(env, { lat: 51.0447, lng: -114.0719 }, nearbyOptions, free)
  return `${r.points.length.toLocaleString('en-CA')} points`
})
await measure('nearby heat map SVG (render only)', 20, async () => `${(m.nearbySvg(lastSearch).length / 1024).toFixed(0)} KiB SVG`)

// Deterministic varied addresses (LCG): civic number + street + a postal code or a city.
const rand = seededRandom(7)
const pick = (a) => a[Math.floor(rand() * a.length)]
const streets = [
  'Queen St W',
  'Yonge St',
  'rue Sainte-Catherine O',
  'boul. Taschereau',
  'Maplewood Cres',
  'Main St',
  'Rideau St',
  'Robson St',
  'Portage Ave',
  'chemin de la Côte-des-Neiges',
  '8 Ave SW',
  'Rang 4',
]
const places = [
  'Toronto, ON',
  'Montréal, QC',
  'Vancouver, BC',
  'Calgary, AB',
  'Ottawa, ON K1N 9J7',
  'Winnipeg, MB',
  'Halifax, NS',
  'Québec, QC G1R 4P5',
  "St. John's, NL",
  'Trois-Rivières, QC',
  'Moncton, NB',
  'Kelowna, BC V1Y 1A1',
]
const locations = Array.from({ length: 1000 }, (_, i) => ({
  id: `site-${i}`,
  address: `${1 + Math.floor(rand() * 9000)} ${pick(streets)}, ${pick(places)}`,
}))
const csv = `id,address\r\n${locations.map((l) => `${l.id},"${l.address}"`).join('\r\n')}\r\n`

await measure('batch 1,000 addresses (JSON in, JSON out)', 10, async () => {
  const rows = await m.scoreBatch(env, locations, m.DEFAULT_WEIGHTS, free)
  const failed = rows.filter((r) => r.error).length
  const body = JSON.stringify({ count: rows.length, succeeded: rows.length - failed, failed, quotaUnits: rows.length, results: rows })
  return `${failed} row errors, ${(body.length / 1024).toFixed(0)} KiB JSON`
})
await measure('batch 1,000 addresses (CSV in, CSV out)', 10, async () => {
  const out = m.formatBatchCsv(await m.scoreBatch(env, m.parseBatchCsv(csv), m.DEFAULT_WEIGHTS, free))
  return `${(csv.length / 1024).toFixed(0)} KiB in, ${(out.length / 1024).toFixed(0)} KiB out`
})

if (opts.http) {
  // --base http://127.0.0.1:PORT reuses a running `npm run dev` (its enterprise demo key); else a throwaway server.
  const { startServer, createKeys } = await import('./lib/server.mjs')
  const server = opts.base ? { base: opts.base, stop: () => {} } : await startServer()
  const { readFileSync } = await import('node:fs')
  const [key] = opts.base
    ? [process.env.API_KEY ?? JSON.parse(readFileSync('.dev-keys.json', 'utf8')).enterprise]
    : await createKeys(server, 'enterprise', 1)
  const post = (path, body) =>
    fetch(`${server.base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const timeHttp = async (label, runs, send) => {
    const times = []
    for (let i = 0; i < runs + 2; i++) {
      const t0 = performance.now()
      const res = await send(i)
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`${label}: ${res.status}`)
      if (i >= 2) times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    console.log(
      `${`HTTP ${label}`.padEnd(44)} wall median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(6)} ` +
        `ms, best ${times[0].toFixed(1).padStart(6)} ms (wrangler dev, loopback)`,
    )
  }
  await timeHttp('nearby 1,000 m / 25 m', 10, (i) =>
    post('/score/nearby', { address: CENTRES[i % CENTRES.length], ...nearbyOptions, weights: undefined }),
  )
  await timeHttp('batch 1,000 addresses (JSON)', 5, () => post('/score/batch', { locations }))
  server.stop()
}
