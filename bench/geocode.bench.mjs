// Cost of geocoding in POST /api/v1/score: address-precision requests vs coordinate requests at the
// same points, one request at a time, same wrangler dev run on 127.0.0.1 with the development
// address sample (Uptown Waterloo) loaded. "cold": each address for the first time (one D1 query;
// the cache write happens after the response); "warm": the same addresses again (isolate memory,
// else KV).
// Usage: npm run bench:geocode [-- --requests 400 --port 8813]
import { readFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { csvRecords } from '../scripts/lib/csv.mjs'
import { createKeys, postScore, startServer } from './lib/server.mjs'

const { values: opts } = cliArgs({ requests: { type: 'string', default: '400' }, port: { type: 'string' } })
const requests = Number(opts.requests)
const SAMPLE = 'scripts/data/addresses-waterloo-uptown.csv'
const rows = csvRecords(readFileSync(SAMPLE, 'utf8')).slice(1)
// Spread over the sample; deterministic order.
const picks = Array.from({ length: requests }, (_, i) => rows[(i * 7919) % rows.length])
/** @param {string[]} row number, street, city, … */
const addressOf = ([no, street, city]) => `${no} ${street}, ${city}, ON`

const server = await startServer({
  port: opts.port === undefined ? undefined : Number(opts.port),
  beforeStart: (state) => {
    const run = spawnSync(
      process.execPath,
      ['scripts/import-addresses.mjs', SAMPLE, '--local', '--source', 'bench-sample', '--persist-to', state],
      { encoding: 'utf8' },
    )
    if (run.status !== 0) throw new Error(`sample import failed: ${run.stderr || run.stdout}`)
  },
})
const keys = await createKeys(server, 'enterprise', 20)
let next = 0

const score = (body) => postScore(server, keys[next++ % keys.length], body)
const pctl = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]
}

try {
  for (let i = 0; i < 50; i++) await score({ lat: 43.465, lng: -80.5225 }) // warm-up: isolate, geodata indexes
  const series = {
    'coordinates (with cold)': [],
    'address (cold: D1 query)': [],
    'coordinates (with warm)': [],
    'address (warm: cached)': [],
  }
  const precisions = {}
  // Interleaved with coordinate requests at the same points so that machine noise hits both alike.
  // Cold first (each address once), then warm (the same addresses again: memory/KV cache).
  for (const row of picks) {
    series['coordinates (with cold)'].push((await score({ lat: Number(row[3]), lng: Number(row[4]) })).ms)
    const cold = await score({ address: addressOf(row) })
    series['address (cold: D1 query)'].push(cold.ms)
    precisions[cold.precision] = (precisions[cold.precision] ?? 0) + 1
  }
  for (const row of picks) {
    series['coordinates (with warm)'].push((await score({ lat: Number(row[3]), lng: Number(row[4]) })).ms)
    series['address (warm: cached)'].push((await score({ address: addressOf(row) })).ms)
  }
  console.log(`\nPOST /api/v1/score, ${requests} requests per series, sequential, wrangler dev on ${server.base}`)
  console.table(
    Object.entries(series).map(([name, xs]) => ({
      series: name,
      'p50 ms': pctl(xs, 0.5).toFixed(2),
      'p90 ms': pctl(xs, 0.9).toFixed(2),
      'p99 ms': pctl(xs, 0.99).toFixed(2),
    })),
  )
  for (const [coords, address] of [
    ['coordinates (with cold)', 'address (cold: D1 query)'],
    ['coordinates (with warm)', 'address (warm: cached)'],
  ]) {
    console.log(
      `${address}: p50 ${(pctl(series[address], 0.5) - pctl(series[coords], 0.5)).toFixed(2)} ms over coordinates (target ≤ 2 ms)`,
    )
  }
  console.log('precision of the geocoded requests:', precisions)
} finally {
  server.stop()
  process.exit(0)
}
