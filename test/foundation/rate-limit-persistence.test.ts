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

describe('charging several quota units in one request', () => {
  it('counts once per minute and `units` times against the monthly quota', async () => {
    const stub = stubFor('units-charge')
    const result = await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, units: 25, now: at })
    expect(result.allowed).toBe(true)
    expect(result.remaining).toBe(9)
    expect(result.quota).toMatchObject({ used: 25, remaining: 75 })
  })

  it('refuses up front, charging nothing, when units exceed the quota left', async () => {
    const stub = stubFor('units-refuse')
    await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, units: 90, now: at })
    const refused = await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, units: 11, now: at })
    expect(refused).toMatchObject({ allowed: false, reason: 'QUOTA_EXCEEDED', remaining: 9 })
    expect(refused.quota).toMatchObject({ used: 90, remaining: 10 })
    const fits = await stub.consume({ windowKey: 'k', perMinute: 10, monthlyQuota: 100, units: 10, now: at })
    expect(fits.allowed).toBe(true)
    expect(fits.quota).toMatchObject({ used: 100, remaining: 0 })
  })
})
