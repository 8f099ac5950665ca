import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { RateLimiter, type RateLimitRequest } from '../../src/durable/rate-limiter'

const at = Date.UTC(2026, 5, 15, 12, 0, 10)

/** A new RateLimiter over the same storage: what a restart, deploy or eviction leaves behind. */
async function afterRestart<T>(name: string, use: (limiter: RateLimiter) => Promise<T>): Promise<T> {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name))
  return runInDurableObject(stub, (_instance, state) => use(new RateLimiter(state, env)))
}

const stubFor = (name: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name))

describe('rate limiter state survives a restart', () => {
  it('a per-minute window filled before a restart stays full after it', async () => {
    const stub = stubFor('restart-minute')
    const req: RateLimitRequest = { windowKey: 'k1', perMinute: 5, now: at }
    for (let i = 0; i < 5; i++) expect((await stub.consume(req)).allowed).toBe(true)
    const after = await afterRestart('restart-minute', (limiter) => limiter.consume({ ...req, now: at + 20_000 }))
    expect(after.allowed).toBe(false)
    expect(after.reason).toBe('RATE_LIMITED')
    const nextMinute = await afterRestart('restart-minute', (limiter) => limiter.consume({ ...req, now: at + 60_000 }))
    expect(nextMinute.allowed).toBe(true)
    expect(nextMinute.remaining).toBe(4)
  })

  it('a partly used window keeps its count across a restart', async () => {
    const req: RateLimitRequest = { windowKey: 'k2', perMinute: 60, monthlyQuota: 1000, now: at }
    for (let i = 0; i < 3; i++) await stubFor('restart-partial').consume(req)
    const after = await afterRestart('restart-partial', (limiter) => limiter.consume(req))
    expect(after.remaining).toBe(56)
    expect(after.quota?.used).toBe(4)
  })
})

describe('charging several quota units in one request (batch, site finder)', () => {
  it('adds the extra units to the month only: the request counted once in its minute window', async () => {
    const stub = stubFor('units-charge')
    await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, now: at })
    const extra = await stub.consumeExtraUnits({ units: 24, monthlyQuota: 100, now: at })
    expect(extra).toMatchObject({ allowed: true, remaining: 75 })
    const next = await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, now: at })
    expect(next.remaining).toBe(8)
    expect(next.quota).toMatchObject({ used: 26, remaining: 74 })
  })

  it('refuses up front, charging nothing and giving back the metered unit, when the units do not fit', async () => {
    const stub = stubFor('units-refuse')
    await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, now: at })
    await stub.consumeExtraUnits({ units: 89, monthlyQuota: 100, now: at })
    await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, now: at })
    const refused = await stub.consumeExtraUnits({ units: 10, monthlyQuota: 100, now: at })
    expect(refused).toMatchObject({ allowed: false, remaining: 10 })
    expect((await stub.usage(at)).used).toBe(90)
    await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, now: at })
    const fits = await stub.consumeExtraUnits({ units: 9, monthlyQuota: 100, now: at })
    expect(fits).toMatchObject({ allowed: true, remaining: 0 })
  })
})
