// The load both hot-path benches apply (bench:auth, bench:hot-path): autocannon against a server from
// startServer, Enterprise keys of separate users rotated per request (admitted requests, not 429s),
// and score bodies of coordinates spread over a few cities (no geocoding, not one cached answer).
import autocannon from 'autocannon'
import { createKeys } from './server.mjs'

const CITY_POINTS = [
  [45.4215, -75.6972],
  [51.0447, -114.0719],
  [43.6532, -79.3832],
  [49.2827, -123.1207],
  [45.5017, -73.5673],
]

export const ENDPOINTS = {
  healthz: { title: 'GET /healthz (no auth)', path: '/healthz' },
  me: { title: 'GET /api/v1/me (auth: KV + DO rate limit)', path: '/api/v1/me', withKey: true },
  score: { title: 'POST /api/v1/score (auth + validation + scoring)', path: '/api/v1/score', withKey: true, scoreBody: true },
}

/** A load generator for one server: `measure(endpoint, seconds)` runs autocannon and reads the worker's CPU. */
export async function hotPathLoad(server, { connections = 16, users = 20 } = {}) {
  const keys = await createKeys(server, 'enterprise', users)
  let nextKey = 0
  let nextPoint = 0
  /** @param {{ path: string, withKey?: boolean, scoreBody?: boolean }} endpoint */
  async function measure({ path, withKey, scoreBody }, seconds) {
    const cpuBefore = server.workerCpuSeconds()
    const result = await autocannon({
      url: server.base + path,
      connections,
      duration: seconds,
      method: scoreBody ? 'POST' : 'GET',
      requests: [
        {
          setupRequest: (req) => {
            const headers = { ...req.headers }
            if (withKey) headers['x-api-key'] = keys[nextKey++ % keys.length]
            if (!scoreBody) return { ...req, headers }
            const [lat, lng] = CITY_POINTS[nextPoint++ % CITY_POINTS.length]
            return {
              ...req,
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ lat, lng }),
            }
          },
        },
      ],
    })
    const cpuAfter = server.workerCpuSeconds()
    return {
      reqPerSec: result.requests.average,
      // The worker's own CPU per request (its workerd process, not wrangler's proxy): steadier than req/s.
      cpuMicros: cpuBefore === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    }
  }
  return { measure, keys }
}
