// The AI allowance of the plan table (PLAN_LIMITS[plan].aiRequestsPerMinute) on every AI route: each call
// counts, whether the provider answers well or not, and the next one past the allowance is 429. The
// route list comes from the OpenAPI registry, so a new AI route fails here until it has a body below.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { documentedRoutes } from '../helpers/routes'
import { PLAN_LIMITS } from '../../src/auth/plans'
import { aiCall, chatCompletion, OPENAI_ENV } from './support'

afterEach(() => vi.restoreAllMocks())

let scoreResult: unknown
beforeAll(async () => {
  const { key } = await createKey('free')
  scoreResult = (await call('/api/v1/score', { key, body: { lat: 45.4257, lng: -75.6919 } })).json
})

/** A valid request body per AI route, keyed by path below /api/v1. */
const BODIES: Record<string, () => unknown> = {
  '/ai/query': () => ({ query: 'Where should a bakery in Ottawa put a sign?' }),
  '/ai/weights': () => ({ businessDescription: 'A bakery on a busy street' }),
  '/ai/recommend': () => ({ scoreResult }),
}

describe('AI allowance from the plan table, on every AI route', () => {
  it('every documented AI route has a body here', () => {
    const aiRoutes = documentedRoutes()
      .filter((r) => r.path.startsWith('/api/v1/ai/'))
      .map((r) => `${r.method} ${r.path.slice('/api/v1'.length)}`)
    expect(aiRoutes.sort()).toEqual(
      Object.keys(BODIES)
        .map((path) => `POST ${path}`)
        .sort(),
    )
  })

  it.each(Object.keys(BODIES))("%s: the free plan's allowance, then 429 with Retry-After", async (path) => {
    const { key } = await createKey('free')
    const allowance = PLAN_LIMITS.free.aiRequestsPerMinute
    // The allowance is per clock minute: start with time to spare, so the minute cannot turn between the calls.
    const left = 60_000 - (Date.now() % 60_000)
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50))
    // An answer that fits no AI route: the provider is reached (the call counts), the answer is refused.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => chatCompletion({ unexpected: true }))
    for (let i = 0; i < allowance; i++) {
      expect((await aiCall(path, { key, body: BODIES[path](), env: OPENAI_ENV })).status, `call ${i + 1}`).not.toBe(429)
    }
    const limited = await aiCall(path, { key, body: BODIES[path](), env: OPENAI_ENV })
    expect(expectError(limited, 429, 'RATE_LIMITED').message).toContain(`AI limit of ${allowance}`)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })
})
