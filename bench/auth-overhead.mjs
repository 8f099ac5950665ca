// Cost of auth + rate limiting on the hot path: authenticated GET /api/v1/me and POST /api/v1/score
// against public GET /healthz, same server, same run.
// Usage: npm run bench:auth [-- --seconds 10 --connections 16]
import autocannon from 'autocannon'
import { option } from '../scripts/lib/cli.mjs'
import { startServer, createKeys } from './lib/server.mjs'

const seconds = Number(option('--seconds', '10'))
const connections = Number(option('--connections', '16'))

const server = await startServer()
// Enterprise keys of separate users, rotated per request, so the measurement is of admitted requests (not 429s).
const keys = await createKeys(server, 'enterprise', 20)
let next = 0
// Coordinates (no geocoding), spread over a few cities so the score is not one cached answer.
const points = [
  [45.4215, -75.6972],
  [51.0447, -114.0719],
  [43.6532, -79.3832],
  [49.2827, -123.1207],
  [45.5017, -73.5673],
]
let nextPoint = 0

async function run(title, path, { withKey = false, method = 'GET', body } = {}) {
  const cpuBefore = server.workerCpuSeconds()
  const result = await autocannon({
    url: `${server.base}${path}`,
    connections,
    duration: seconds,
    method,
    requests: [
      {
        setupRequest: (req) => {
          const headers = { ...req.headers }
          if (withKey) headers['x-api-key'] = keys[next++ % keys.length]
          if (!body) return { ...req, headers }
          headers['content-type'] = 'application/json'
          return { ...req, method, headers, body: JSON.stringify(body()) }
        },
      },
    ],
  })
  const cpuAfter = server.workerCpuSeconds()
  return {
    title,
    // The worker's own CPU per request (its workerd process; wrangler's proxy is not counted): steadier
    // than req/s on a shared machine.
    cpuMicros: cpuBefore === null ? null : Math.round(((cpuAfter - cpuBefore) * 1e6) / result.requests.total),
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

try {
  await run('warm-up', '/healthz')
  const scoreBody = () => {
    const [lat, lng] = points[nextPoint++ % points.length]
    return { lat, lng }
  }
  const healthz = await run('GET /healthz (no auth)', '/healthz')
  const me = await run('GET /api/v1/me (auth: KV + DO rate limit)', '/api/v1/me', { withKey: true })
  const score = await run('POST /api/v1/score (auth + validation + scoring)', '/api/v1/score', {
    withKey: true,
    method: 'POST',
    body: scoreBody,
  })
  const rows = [healthz, me, score]
  console.log(`\n${seconds}s per endpoint, ${connections} connections, wrangler dev (workerd) on 127.0.0.1\n`)
  console.table(
    rows.map((r) => ({
      endpoint: r.title,
      'req/s': r.reqPerSec,
      'worker CPU µs/req': r.cpuMicros ?? 'n/a',
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
