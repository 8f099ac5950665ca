import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { call, createKey, expectError } from '../helpers/api'

/** Counting tests must not straddle a minute boundary. */
async function awayFromWindowEdge() {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute))
}

describe('rate limiting per key (Durable Object)', () => {
  it('admits exactly `limit` of limit+20 concurrent requests; the rest get 429 with Retry-After', async () => {
    const { key } = await createKey('free')
    await awayFromWindowEdge()
    const responses = await Promise.all(Array.from({ length: 80 }, () => call('/api/v1/me', { key })))
    const ok = responses.filter((r) => r.status === 200)
    const limited = responses.filter((r) => r.status === 429)
    expect(ok).toHaveLength(60)
    expect(limited).toHaveLength(20)
    for (const res of limited) {
      expectError(res, 429, 'RATE_LIMITED')
      const retryAfter = Number(res.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0')
    }
    const remaining = ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b)
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i))
  })

  it('windows are per key: a second key of another user is unaffected', async () => {
    const a = await createKey('free')
    const b = await createKey('free')
    await awayFromWindowEdge()
    await Promise.all(Array.from({ length: 61 }, () => call('/api/v1/me', { key: a.key })))
    expect((await call('/api/v1/me', { key: a.key })).status).toBe(429)
    expect((await call('/api/v1/me', { key: b.key })).status).toBe(200)
  })

  it('sends the limit headers on 200, 4xx and 429 responses', async () => {
    const { key } = await createKey('pro')
    const ok = await call('/api/v1/me', { key })
    const notFound = await call('/api/v1/nope', { key })
    expectError(notFound, 404, 'NOT_FOUND')
    for (const res of [ok, notFound]) {
      expect(res.headers.get('x-ratelimit-limit')).toBe('300')
      expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0)
      const reset = Number(res.headers.get('x-ratelimit-reset'))
      expect(reset % 60).toBe(0)
      expect(reset).toBeGreaterThan(Date.now() / 1000)
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 60)
      expect(res.headers.get('x-quota-limit')).toBe('50000')
      expect(res.headers.get('x-request-id')).toMatch(/^req_/)
    }
    const unauthenticated = await call('/api/v1/me')
    expect(unauthenticated.status).toBe(401)
    expect(unauthenticated.headers.get('x-ratelimit-limit')).toBe('60')
  })

  it('limits callers without a valid key per IP (key guessing is throttled)', async () => {
    await awayFromWindowEdge()
    const ip = '198.51.100.77'
    const responses = await Promise.all(
      Array.from({ length: 65 }, () => call('/api/v1/me', { key: 'sk_live_guess', headers: { 'cf-connecting-ip': ip } })),
    )
    expect(responses.filter((r) => r.status === 401)).toHaveLength(60)
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5)
  })
})

describe('monthly quota', () => {
  it('returns 429 QUOTA_EXCEEDED once the month’s quota is used, with Retry-After to the 1st', async () => {
    const { key, userId } = await createKey('free')
    expect((await call('/api/v1/me', { key })).status).toBe(200)
    const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`))
    const month = new Date().toISOString().slice(0, 7)
    await runInDurableObject(stub, async (_instance, state) => {
      await state.storage.put(`month:${month}`, 999)
    })
    const last = await call('/api/v1/me', { key })
    expect(last.status).toBe(200)
    expect(last.headers.get('x-quota-remaining')).toBe('0')
    const over = await call('/api/v1/me', { key })
    const error = expectError(over, 429, 'QUOTA_EXCEEDED')
    expect(error.message).toMatch(/1000/)
    const now = new Date()
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000
    const retryAfter = Number(over.headers.get('retry-after'))
    expect(Math.abs(Date.now() / 1000 + retryAfter - nextMonth)).toBeLessThan(5)
  })

  // Found by `npm run soak` (docs/soak.md): /me answered from its key's last grant, so it missed what the
  // user's other keys and a batch's extra units used since, and read up to 120 units low.
  it('GET /me counts every unit the user used, also by other keys and batches since this key last asked', async () => {
    await awayFromWindowEdge()
    const first = await createKey('pro')
    const { admin } = await import('../helpers/api')
    const second = (await admin('/keys', { body: { email: first.email } })).json.key as string
    // A busy key holds a lease of several tokens: later requests are answered without asking the object.
    for (let i = 0; i < 12; i++) expect((await call('/api/v1/me', { key: first.key })).status).toBe(200)
    const locations = Array.from({ length: 7 }, (_, i) => ({ lat: 45.4 + i / 100, lng: -75.7 }))
    const batch = await call('/api/v1/score/batch', { key: second, body: { locations } })
    expect(batch.status).toBe(200)
    expect((await call('/api/v1/me', { key: second })).status).toBe(200)
    const me = await call('/api/v1/me', { key: first.key })
    // 12 + this one by the first key; 7 units for the batch and 1 for /me by the second.
    expect(me.json.usage.requests).toBe(13 + 7 + 1)
    expect(me.json.usage.remaining).toBe(50_000 - 21)
  })

  it('the quota is the user’s: all of a user’s keys draw on it', async () => {
    const first = await createKey('free')
    const { admin } = await import('../helpers/api')
    const second = await admin('/keys', { body: { email: first.email } })
    expect(second.status).toBe(201)
    const a = await call('/api/v1/me', { key: first.key })
    const b = await call('/api/v1/me', { key: second.json.key })
    expect(b.json.usage.requests).toBe(a.json.usage.requests + 1)
  })
})
