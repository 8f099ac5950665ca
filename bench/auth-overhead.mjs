// Cost of auth + rate limiting: authenticated GET /api/v1/me vs public GET /healthz, same server, same run.
// Usage: npm run bench:auth [-- --seconds 10 --connections 10]
import autocannon from 'autocannon'
import { startServer, createKeys } from './lib/server.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const seconds = arg('seconds', 10)
const connections = arg('connections', 10)

const server = await startServer()
// Enterprise keys of separate users, rotated per request, so the measurement is of admitted requests (not 429s).
const keys = await createKeys(server, 'enterprise', 20)
let next = 0

async function run(title, path, withKey) {
  const result = await autocannon({
    url: `${server.base}${path}`,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => (withKey ? { ...req, headers: { ...req.headers, 'x-api-key': keys[next++ % keys.length] } } : req) }],
  })
  return { title, reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors }
}

try {
  await run('warm-up', '/healthz', false)
  const rows = [await run('GET /healthz (no auth)', '/healthz', false), await run('GET /api/v1/me (auth: KV + DO rate limit)', '/api/v1/me', true)]
  console.log(`\n${seconds}s per endpoint, ${connections} connections, wrangler dev (workerd) on 127.0.0.1\n`)
  console.table(rows.map((r) => ({ endpoint: r.title, 'req/s': r.reqPerSec, 'p50 ms': r.p50, 'p99 ms': r.p99, non2xx: r.non2xx, errors: r.errors })))
  console.log(`ratio /me ÷ /healthz throughput: ${(rows[1].reqPerSec / rows[0].reqPerSec).toFixed(2)}`)
} finally {
  server.stop()
  process.exit(0)
}
