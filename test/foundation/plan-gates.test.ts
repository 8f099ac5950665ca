// The plan table (src/auth/plans.ts) decides every feature gate: each gated route answers 403 to exactly
// the plans whose table row lacks its feature, and no other route answers 403 to the cheapest plan. Its
// request rate and monthly quota apply to every authenticated route (the AI allowance: test/ai/allowance.test.ts).
import { describe, it, expect } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { documentedRoutes } from '../helpers/routes'
import { app } from '../../src/app'
import { FEATURES, hasFeature, PLAN_LIMITS, PLANS, type Feature } from '../../src/auth/plans'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, UNKNOWN_ID)
const bodyFor = (method: string) => (['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined)

const apiRoutes = documentedRoutes().filter(
  (r) => r.path.startsWith('/api/v1/') && (r.definition as { security?: unknown[] }).security?.length !== 0,
)
/** The gates as mounted: each requireFeature() handler carries its feature (src/middleware/plan-gate.ts). */
const gates = new Map(
  app.routes
    .filter((r) => (r.handler as { feature?: Feature }).feature)
    .map((r) => [`${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`, (r.handler as unknown as { feature: Feature }).feature]),
)
const featureOf = (route: { method: string; path: string }) => gates.get(`${route.method} ${route.path}`)
const gated = apiRoutes.flatMap((r) => {
  const feature = featureOf(r)
  return feature ? [{ ...r, feature }] : []
})

describe('plan table: feature gates', () => {
  it('every feature of the table gates at least one route, and every gate is a documented route', () => {
    expect(gated).toHaveLength(gates.size)
    expect([...new Set(gated.map((r) => r.feature))].sort()).toEqual([...FEATURES].sort())
  })

  it.each(PLANS)('%s: a gated route answers 403 exactly when the plan lacks its feature', async (plan) => {
    const { key } = await createKey(plan)
    for (const route of gated) {
      const res = await call(concrete(route.path), { key, method: route.method, body: bodyFor(route.method) })
      if (hasFeature(plan, route.feature)) expect(res.status, `${route.method} ${route.path}`).not.toBe(403)
      else expect(expectError(res, 403, 'FORBIDDEN').message).toMatch(/requires the \w+ plan or above/)
    }
  })

  // Every status carries the headers, 429 included (the free plan's per-minute limit can run out over this many routes).
  it.each(PLANS)("%s: every authenticated route answers with the table's request rate and monthly quota", async (plan) => {
    const { key } = await createKey(plan)
    for (const route of apiRoutes) {
      const res = await call(concrete(route.path), { key, method: route.method, body: bodyFor(route.method) })
      const name = `${route.method} ${route.path} (${res.status})`
      expect(res.headers.get('x-ratelimit-limit'), name).toBe(String(PLAN_LIMITS[plan].requestsPerMinute))
      expect(res.headers.get('x-quota-limit'), name).toBe(String(PLAN_LIMITS[plan].monthlyQuota))
    }
  })

  it('no route outside the table’s gates answers 403 to the cheapest plan', async () => {
    const { key } = await createKey(PLANS[0])
    const ungated = apiRoutes.filter((r) => !featureOf(r))
    expect(ungated.length).toBeGreaterThan(20)
    for (const route of ungated) {
      const res = await call(concrete(route.path), { key, method: route.method, body: bodyFor(route.method) })
      expect(res.status, `${route.method} ${route.path}`).not.toBe(403)
    }
  })
})
