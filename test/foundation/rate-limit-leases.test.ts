// Leased rate limits (docs/decisions.md §3): the user's Durable Object grants each isolate a lease of
// tokens, persisted before it is handed out; the isolate spends it without a round trip. Never more
// than the limit in a window or a month, across restarts; after a crash, under it by at most the
// leases then outstanding.
import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { app } from '../../src/app'
import { type GrantRequest, leaseCeiling } from '../../src/durable/rate-limiter'
import { forgetLeases, heldTokens, leaseStats, takeToken } from '../../src/lib/rate-leases'
import { call, createKey, expectError } from '../helpers/api'
import { PLAN_LIMITS } from '../../src/auth/plans'
import type { Principal } from '../../src/env'
import { consumeAiAllowance } from '../../src/services/ai/cost-guard'

const stubFor = (name: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name))
const minuteStart = Date.UTC(2026, 5, 15, 12, 0, 0)

/** Counting tests must not straddle a minute boundary. */
async function awayFromWindowEdge() {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute))
}

const statuses = (responses: { status: number }[]) => ({
  ok: responses.filter((r) => r.status === 200).length,
  limited: responses.filter((r) => r.status === 429).length,
})

async function monthUsage(userId: string) {
  return (await stubFor(`user:${userId}`).usage(Date.now())).used
}

describe('grants (the Durable Object)', () => {
  it('a slow key gets one token per grant; a busy key about 20 s of its traffic, at most a tenth of its limit', async () => {
    const stub = stubFor('grant-sizes')
    const slow: GrantRequest = { windowKey: 'slow', perMinute: 3000, want: 1, now: minuteStart + 10_000 }
    for (let i = 0; i < 5; i++) expect((await stub.grant({ ...slow, now: slow.now + i * 1000 })).tokens).toBe(1)
    // 300 tokens asked for by requests waiting at once: a pace of 300 in the last ~30 s, so leases of 200 (20 s of it).
    const busy: GrantRequest = { windowKey: 'busy', perMinute: 3000, want: 300, now: minuteStart + 10_000 }
    expect((await stub.grant(busy)).tokens).toBe(300)
    expect((await stub.grant({ ...busy, want: 1 })).tokens).toBe(200)
    // Never more than a tenth of the limit held by one isolate, whatever the pace or the requests waiting.
    expect((await stub.grant({ ...busy, want: 1000 })).tokens).toBe(leaseCeiling(3000))
    expect((await stub.grant({ ...busy, want: 1000, held: 250 })).tokens).toBe(50)
    expect((await stub.grant({ ...busy, want: 1000, held: 300 })).tokens).toBe(0)
    expect(leaseCeiling(3000)).toBe(300)
    // Three idle minutes later the key is slow again (its pace has decayed by e⁻⁶).
    expect((await stub.grant({ ...busy, want: 1, now: busy.now + 180_000 })).tokens).toBe(1)
  })

  it('never grants more than the limit in a minute, however many isolates ask at once', async () => {
    const stub = stubFor('grant-concurrent')
    const asks = await Promise.all(
      Array.from({ length: 40 }, () => stub.grant({ windowKey: 'k', perMinute: 60, want: 7, now: minuteStart + 5_000 })),
    )
    expect(asks.reduce((n, g) => n + g.tokens, 0)).toBe(60)
    expect(Math.max(...asks.map((g) => g.tokens))).toBe(leaseCeiling(60))
    expect(asks.filter((g) => g.refused === 'RATE_LIMITED').length).toBeGreaterThan(0)
  })

  it('a small monthly quota is granted exactly, in shrinking leases near its end', async () => {
    const stub = stubFor('grant-month')
    const req: GrantRequest = { windowKey: 'k', perMinute: 1000, monthlyQuota: 25, want: 100, now: minuteStart }
    const sizes: number[] = []
    for (let g = await stub.grant(req); g.tokens > 0; g = await stub.grant(req)) sizes.push(g.tokens)
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(25)
    expect(Math.max(...sizes)).toBe(2)
    expect(await stub.grant(req)).toMatchObject({ tokens: 0, refused: 'QUOTA_EXCEEDED' })
  })

  it('unspent tokens given back after their minute return their month units, not their minute', async () => {
    const stub = stubFor('grant-give-back')
    const req: GrantRequest = { windowKey: 'k', perMinute: 60, monthlyQuota: 100, want: 6, now: minuteStart + 1_000 }
    expect((await stub.grant(req)).tokens).toBe(6)
    const window = Math.floor(req.now / 60_000)
    const next = await stub.grant({ ...req, want: 1, now: minuteStart + 61_000, giveBack: { window, tokens: 4 } })
    expect(next.quota?.granted).toBe(6 - 4 + next.tokens)
    // Tokens of last month never come back into this one.
    const july = Date.UTC(2026, 6, 1, 0, 0, 30)
    const first = await stub.grant({ ...req, want: 1, now: july, giveBack: { window: Math.floor((july - 60_000) / 60_000), tokens: 3 } })
    expect(first.quota?.granted).toBe(first.tokens)
  })
})

describe('leases (the isolate)', () => {
  it('spends a lease locally and refuses past the limit without asking again', async () => {
    const ctx = { env }
    const req = { owner: 'lease-local', windowKey: 'k', perMinute: 60, monthlyQuota: 1000, now: minuteStart + 2_000 }
    const results = await Promise.all(Array.from({ length: 80 }, () => takeToken(req, ctx)))
    expect(results.filter((r) => r.allowed)).toHaveLength(60)
    expect(results.filter((r) => r.reason === 'RATE_LIMITED')).toHaveLength(20)
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.remaining)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expect((await stubFor('lease-local').usage(req.now)).used).toBe(60)
  })

  it('the month counts what was spent once leftover tokens are given back in the next minute', async () => {
    const ctx = { env }
    const req = { owner: 'lease-leftover', windowKey: 'k', perMinute: 60, monthlyQuota: 1000, now: minuteStart + 1_000 }
    // A busy minute, then 50 requests at once in the next: leases of 6, so some tokens are left over.
    await Promise.all(Array.from({ length: 60 }, () => takeToken(req, ctx)))
    const busy = { ...req, now: minuteStart + 61_000 }
    const admitted = (await Promise.all(Array.from({ length: 50 }, () => takeToken(busy, ctx)))).filter((r) => r.allowed).length
    expect(admitted).toBe(50)
    const stub = stubFor('lease-leftover')
    const leftover = (await stub.usage(busy.now)).used - 110
    expect(leftover).toBeGreaterThan(0)
    expect(leftover).toBeLessThanOrEqual(leaseCeiling(60))
    const later = await takeToken({ ...req, now: minuteStart + 121_000 }, ctx)
    expect(later.allowed).toBe(true)
    // Spent: 60 + 50 + 1. Granted: that, plus the new lease this isolate holds; the leftover came back.
    expect(later.quota!.used).toBe(111)
    expect((await stub.usage(busy.now)).used).toBe(111 + heldTokens(req))
  })

  it('a request a few ms behind one that opened the next minute is answered, in that minute', async () => {
    const ctx = { env }
    const req = { owner: 'lease-behind', windowKey: 'k', perMinute: 60, monthlyQuota: 1000 }
    expect((await takeToken({ ...req, now: minuteStart + 10_000 }, ctx)).allowed).toBe(true)
    // The next minute's first request asks for a lease; one still stamped in the old minute waits for it.
    const ahead = takeToken({ ...req, now: minuteStart + 60_100 }, ctx)
    const behind = takeToken({ ...req, now: minuteStart + 59_900 }, ctx)
    const hang = new Promise((resolve) => setTimeout(() => resolve('no answer within 3 s'), 3_000))
    const [a, b] = (await Promise.race([Promise.all([ahead, behind]), hang])) as Awaited<typeof ahead>[]
    expect(a?.allowed).toBe(true)
    expect(b?.allowed).toBe(true)
    expect(b?.reset).toBe(a?.reset)
    expect((await stubFor('lease-behind').usage(minuteStart)).used - 3).toBeLessThanOrEqual(leaseCeiling(60))
  })

  it('a key at sustained load makes fewer than one Durable Object call per 10 requests', async () => {
    const ctx = { env }
    const start = leaseStats().grants
    // Two minutes at 2,000 requests each (33 a second), one after another: a cold minute, then a busy one.
    for (let i = 0; i < 4000; i++) {
      const now = minuteStart + 120_000 + i * 30
      const result = await takeToken({ owner: 'lease-sustained', windowKey: 'k', perMinute: 3000, monthlyQuota: 5_000_000, now }, ctx)
      expect(result.allowed).toBe(true)
    }
    const calls = leaseStats().grants - start
    console.log(`sustained: ${calls} Durable Object calls for 4,000 requests`)
    expect(calls / 4000).toBeLessThanOrEqual(0.1)
    expect((await stubFor('lease-sustained').usage(minuteStart)).used - 4000).toBeLessThanOrEqual(leaseCeiling(3000))
  })
})

describe('the AI allowance', () => {
  it('is leased the same way: 130 concurrent AI calls of an Enterprise key → exactly its 120 a minute', async () => {
    const principal = { userId: 'ai-lease-user', keyId: 'ai-lease-key', plan: 'enterprise' } as Principal
    const allowance = PLAN_LIMITS.enterprise.aiRequestsPerMinute
    const now = minuteStart + 3_000
    const calls = await Promise.allSettled(Array.from({ length: allowance + 10 }, () => consumeAiAllowance({ env }, principal, now)))
    expect(calls.filter((c) => c.status === 'fulfilled')).toHaveLength(allowance)
    const refused = calls.filter((c): c is PromiseRejectedResult => c.status === 'rejected')
    expect(refused).toHaveLength(10)
    for (const { reason } of refused) expect(reason).toMatchObject({ code: 'RATE_LIMITED' })
  })
})

describe('over HTTP', () => {
  it('80 concurrent requests on a fresh 60/min key: exactly 60 admitted, 20 × 429, in a few Durable Object calls', async () => {
    const { key } = await createKey('free')
    const other = await createKey('free')
    await awayFromWindowEdge()
    // This isolate's Durable Object calls so far, read with another key (dev and test builds only).
    const grants = async () => {
      const res = await call('/api/v1/me', { key: other.key, headers: { 'x-debug-limiter-stats': '1' } })
      return Number(/grants=(\d+)/.exec(res.headers.get('x-debug-limiter-stats') ?? '')?.[1])
    }
    const before = await grants()
    const responses = await Promise.all(Array.from({ length: 80 }, () => call('/api/v1/me', { key })))
    const after = await grants()
    expect(statuses(responses)).toEqual({ ok: 60, limited: 20 })
    for (const res of responses.filter((r) => r.status === 429)) expectError(res, 429, 'RATE_LIMITED')
    // One token per grant while the key is slow, then leases as large as the requests waiting, up to 6
    // (a tenth of 60). `after` counts its own call too. The per-request limiter made 80 calls here.
    expect(after - before).toBeLessThan(80 / 2)
  })

  it('an isolate restart mid-minute never lets more than 60 through; it strands at most one lease', async () => {
    const { key, userId } = await createKey('free')
    await awayFromWindowEdge()
    const me = () => call('/api/v1/me', { key, app })
    const first = statuses(await Promise.all(Array.from({ length: 45 }, me)))
    // A new isolate: the leases this one held are gone, unspent. The Durable Object keeps nothing in
    // memory, so its own restarts change nothing (rate-limit-persistence.test.ts).
    forgetLeases()
    const second = statuses(await Promise.all(Array.from({ length: 40 }, me)))
    const admitted = first.ok + second.ok
    expect(first).toEqual({ ok: 45, limited: 0 })
    expect(admitted).toBeLessThanOrEqual(60)
    expect(admitted).toBeGreaterThanOrEqual(60 - leaseCeiling(60))
    expect(first.limited + second.limited).toBe(85 - admitted)
    expect(await monthUsage(userId)).toBe(60)
  })

  it('a small monthly quota is exact to the request', async () => {
    const { key, userId } = await createKey('free')
    expect((await call('/api/v1/me', { key })).status).toBe(200)
    const month = new Date().toISOString().slice(0, 7)
    await runInDurableObject(stubFor(`user:${userId}`), async (_instance, state) => {
      await state.storage.put(`month:${month}`, 995)
    })
    const responses = await Promise.all(Array.from({ length: 20 }, () => call('/api/v1/me', { key })))
    expect(statuses(responses)).toEqual({ ok: 5, limited: 15 })
    for (const res of responses.filter((r) => r.status === 429)) expectError(res, 429, 'QUOTA_EXCEEDED')
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-quota-remaining')))
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4])
    expect(await monthUsage(userId)).toBe(1000)
  })
})
