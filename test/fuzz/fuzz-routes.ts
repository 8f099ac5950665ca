import { describe, it, expect, beforeAll } from 'vitest'
import fc from 'fast-check'
import { env } from 'cloudflare:workers'
import { documentedRoutes } from '../helpers/routes'
import { ADMIN_TOKEN, call, createKey } from '../helpers/api'
import { bodyFor, contentType, pathParam, queryString, rawBody } from './arbitraries'

/**
 * Property: whatever arrives — wrong types, missing or extra fields, junk JSON, odd content types,
 * hostile path params and query strings — the API answers < 500, every 4xx is the error envelope,
 * and a rejected request changes no table. Runs per route: 15 with seed 32, or FUZZ_RUNS (total) / routes
 * with FUZZ_SEED.
 */
interface FuzzRoute {
  method: string
  path: string
  fields: string[]
}

const routes: FuzzRoute[] = documentedRoutes().map(({ method, path, definition }) => {
  const schema = (definition.request?.body?.content as any)?.['application/json']?.schema
  const shape = schema?.shape ?? schema?._def?.schema?.shape ?? schema?.def?.in?.shape ?? {}
  return { method, path, fields: Object.keys(shape) }
})

// `npm test` runs a fixed, reproducible sample (the same cases every run, so a failure replays
// as-is); FUZZ_RUNS (total over all routes) and FUZZ_SEED widen or vary it for a deep run.
const fuzzEnv = env as unknown as { FUZZ_RUNS?: string; FUZZ_SEED?: string }
const DEFAULT_RUNS_PER_ROUTE = 15
const DEFAULT_SEED = 32
const totalRuns = Number(fuzzEnv.FUZZ_RUNS || 0)
const runsPerRoute = totalRuns ? Math.max(1, Math.ceil(totalRuns / Math.max(1, routes.length))) : DEFAULT_RUNS_PER_ROUTE
const seed = fuzzEnv.FUZZ_SEED ? Number(fuzzEnv.FUZZ_SEED) : DEFAULT_SEED

async function tableCounts(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT " +
      "LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
  ).all<{ name: string }>()
  // One statement per table: D1 caps the number of terms in a compound SELECT.
  const counts = await env.DB.batch(tables.results.map(({ name }) => env.DB.prepare(`SELECT '${name}' AS t, COUNT(*) AS n FROM "${name}"`)))
  return counts
    .map((r) => {
      const row = r.results[0] as { t: string; n: number }
      return `${row.t}=${row.n}`
    })
    .join(',')
}

/**
 * Routes are fuzzed in shards, one test file each: a single workerd test isolate slows down and
 * eventually overflows its stack after a few thousand in-process requests, so no file sends that many.
 */
export function fuzzRoutes(shard: number, shards: number) {
  describe(`fuzz: routes, shard ${shard + 1}/${shards}`, () => {
    let userKey: string

    beforeAll(async () => {
      userKey = (await createKey('enterprise')).key
    })

    it('has routes to fuzz', () => {
      expect(routes.length).toBeGreaterThan(3)
    })

    const mine = routes.map((route, routeIndex) => [routeIndex, route] as const).filter(([i]) => i % shards === shard)

    for (const [routeIndex, route] of mine) {
      // One client IP per route: anonymous cases stay under the per-IP limit without spawning a limiter object per case.
      const clientIp = `198.18.${Math.floor(routeIndex / 250)}.${(routeIndex % 250) + 1}`
      it(`${route.method} ${route.path}`, async () => {
        // A fresh enterprise user per route keeps every case inside the per-minute limit.
        const key = route.path.startsWith('/admin/') ? '' : (await createKey('enterprise')).key || userKey
        await fc.assert(
          fc.asyncProperty(
            fc.record({
              params: fc.array(pathParam, { minLength: 4, maxLength: 4 }),
              query: queryString,
              body: bodyFor(route.fields),
              raw: fc.option(rawBody, { freq: 3 }),
              type: contentType,
              auth: fc.constantFrom('key', 'key', 'key', 'none', 'bad'),
            }),
            async (c) => {
              let i = 0
              const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(c.params[i++]))
              const url = new URL(`http://api.test${path}`)
              for (const [k, v] of Object.entries(c.query)) url.searchParams.set(k, v)
              const headers = new Headers({ 'cf-connecting-ip': clientIp })
              if (c.auth === 'key')
                route.path.startsWith('/admin/') ? headers.set('authorization', `Bearer ${ADMIN_TOKEN}`) : headers.set('x-api-key', key)
              if (c.auth === 'bad') headers.set('x-api-key', `sk_live_${'A'.repeat(38)}`)
              const hasBody = route.method !== 'GET'
              if (hasBody && c.type) headers.set('content-type', c.type)
              const body = hasBody ? (c.raw ?? JSON.stringify(c.body)) : undefined
              const before = await tableCounts()
              // Not contract-checked: the requests break the contract on purpose; the envelope is checked below.
              const res = await call(`${url.pathname}${url.search}`, {
                method: route.method,
                headers: Object.fromEntries(headers),
                rawBody: body,
                contract: false,
              })
              const { text } = res
              expect(res.status, `${route.method} ${url.pathname}${url.search} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500)
              if (res.status >= 400) {
                const json = JSON.parse(text)
                expect(json.error?.code, text.slice(0, 300)).toBeTypeOf('string')
                expect(json.error.requestId).toMatch(/^req_/)
                expect(await tableCounts(), `rejected ${route.method} ${url.pathname} wrote to D1`).toBe(before)
              }
            },
          ),
          { numRuns: runsPerRoute, seed },
        )
      }, 300_000)
    }
  })
}
