// Cost of auth + rate limiting on the hot path: authenticated GET /api/v1/me and POST /api/v1/score
// against public GET /healthz, same server, same run. `npm run bench:hot-path` breaks the cost down.
// Usage: npm run bench:auth [-- --seconds 10 --connections 16 --port 8793]
import { cliArgs } from '../scripts/lib/cli.mjs'
import { ENDPOINTS, hotPathLoad } from './lib/hot-path-load.mjs'
import { startServer } from './lib/server.mjs'

const { values: opts } = cliArgs({
  seconds: { type: 'string', default: '10' },
  connections: { type: 'string', default: '16' },
  port: { type: 'string' },
})
const seconds = Number(opts.seconds)
const connections = Number(opts.connections)
const port = opts.port

const server = await startServer({ port: port && Number(port) })
try {
  const load = await hotPathLoad(server, { connections })
  await load.measure(ENDPOINTS.healthz, seconds) // warm-up
  const rows = []
  for (const endpoint of [ENDPOINTS.healthz, ENDPOINTS.me, ENDPOINTS.score])
    rows.push({ ...endpoint, ...(await load.measure(endpoint, seconds)) })
  const [healthz, me, score] = rows
  console.log(`\n${seconds}s per endpoint, ${connections} connections, wrangler dev (workerd) on 127.0.0.1\n`)
  console.table(
    rows.map((r) => ({
      endpoint: r.title,
      'req/s': Math.round(r.reqPerSec),
      'worker CPU µs/req': r.cpuMicros === null ? 'n/a' : Math.round(r.cpuMicros),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    })),
  )
  console.log(`ratio /me ÷ /healthz throughput: ${(me.reqPerSec / healthz.reqPerSec).toFixed(2)}`)
  console.log(`ratio /score ÷ /healthz throughput: ${(score.reqPerSec / healthz.reqPerSec).toFixed(2)}`)
} finally {
  await server.stop()
  process.exit(0)
}
