#!/usr/bin/env node
// Where POST /score spends the worker's CPU: starts `wrangler dev` (throwaway state) with its inspector,
// drives authenticated POST /score (the bench:hot-path load: 16 connections, coordinates of five cities)
// while the V8 sampling profiler of the worker's isolate runs, and prints the functions and source files
// with the most self time. Writes the raw profile (open it in Chrome DevTools) when `--out` is given.
// Usage: npm run bench:profile-score [-- --seconds 10 --port 8801 --inspector-port 9801 --out /tmp/score.cpuprofile]
import { cliArgs } from '../scripts/lib/cli.mjs'
import { ENDPOINTS, hotPathLoad } from './lib/hot-path-load.mjs'
import { inspectIsolate, printProfile } from './lib/profile.mjs'
import { startServer } from './lib/server.mjs'

const { values: opts } = cliArgs({
  seconds: { type: 'string', default: '10' },
  port: { type: 'string' },
  'inspector-port': { type: 'string', default: '9801' },
  out: { type: 'string' },
  endpoint: { type: 'string', default: 'score' },
})
const seconds = Number(opts.seconds)
const port = opts.port
const inspectorPort = Number(opts['inspector-port'])
const out = opts.out
const endpointName = opts.endpoint

const server = await startServer({ port: port && Number(port), inspectorPort })
try {
  const load = await hotPathLoad(server)
  await load.measure(ENDPOINTS[endpointName], 3) // warm-up: JIT, caches, lease sizes
  const inspector = await inspectIsolate(inspectorPort)
  await inspector.startProfile(200)
  const measured = await load.measure(ENDPOINTS[endpointName], seconds)
  const profile = await inspector.stopProfile(out)
  inspector.close()
  console.log(`\n${Math.round(measured.reqPerSec)} req/s, worker CPU ${Math.round(measured.cpuMicros ?? 0)} µs/request (profiler on)`)
  printProfile(profile)
} finally {
  await server.stop()
  process.exit(0)
}
