import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { RateLimiter, type GrantRequest } from '../../src/durable/rate-limiter'

const at = Date.UTC(2026, 5, 15, 12, 0, 10)

/** A new RateLimiter over the same storage: what a restart, deploy or eviction leaves behind. */
async function afterRestart<T>(name: string, use: (limiter: RateLimiter) => T | Promise<T>): Promise<T> {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name))
  return runInDurableObject(stub, (_instance, state) => use(new RateLimiter(state, env)))
}

const stubFor = (name: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(name))

describe('rate limiter state survives a restart', () => {
  it('a per-minute window granted before a restart stays granted after it', async () => {
    const stub = stubFor('restart-minute')
    const req: GrantRequest = { windowKey: 'k1', perMinute: 5, want: 1, now: at }
    for (let i = 0; i < 5; i++) expect((await stub.grant(req)).tokens).toBe(1)
    const after = await afterRestart('restart-minute', (limiter) => limiter.grant({ ...req, now: at + 20_000 }))
    expect(after).toMatchObject({ tokens: 0, refused: 'RATE_LIMITED', granted: 5 })
    const nextMinute = await afterRestart('restart-minute', (limiter) => limiter.grant({ ...req, now: at + 60_000 }))
    expect(nextMinute).toMatchObject({ tokens: 1, granted: 1 })
  })

  it('a lagging clock never reopens a minute that has already ended', async () => {
    const stub = stubFor('clock-lag')
    const req: GrantRequest = { windowKey: 'k', perMinute: 2, want: 1, now: at + 60_000 }
    expect((await stub.grant(req)).tokens).toBe(1)
    const lagging = await stub.grant({ ...req, now: at })
    expect(lagging).toMatchObject({ tokens: 1, window: Math.floor((at + 60_000) / 60_000), granted: 2 })
    expect((await stub.grant(req)).refused).toBe('RATE_LIMITED')
  })

  it('a partly used window keeps its count across a restart', async () => {
    const req: GrantRequest = { windowKey: 'k2', perMinute: 60, monthlyQuota: 1000, want: 1, now: at }
    for (let i = 0; i < 3; i++) await stubFor('restart-partial').grant(req)
    const after = await afterRestart('restart-partial', (limiter) => limiter.grant(req))
    expect(after.granted).toBe(4)
    expect(after.quota?.granted).toBe(4)
  })
})

describe('charging several quota units in one request (batch, site finder)', () => {
  const one: GrantRequest = { windowKey: 'k', perMinute: 10, monthlyQuota: 100, want: 1, now: at }

  it('adds the extra units to the month only: the request counted once in its minute window', async () => {
    const stub = stubFor('units-charge')
    await stub.grant(one)
    const extra = await stub.consumeExtraUnits({ units: 24, monthlyQuota: 100, now: at })
    expect(extra).toMatchObject({ allowed: true, remaining: 75 })
    const next = await stub.grant(one)
    expect(next.granted).toBe(2)
    expect(next.quota).toMatchObject({ granted: 26 })
  })

  it('refuses up front, charging nothing and giving back the metered unit, when the units do not fit', async () => {
    const stub = stubFor('units-refuse')
    await stub.grant(one)
    await stub.consumeExtraUnits({ units: 89, monthlyQuota: 100, now: at })
    await stub.grant(one)
    const refused = await stub.consumeExtraUnits({ units: 10, monthlyQuota: 100, now: at })
    expect(refused).toMatchObject({ allowed: false, remaining: 10 })
    expect((await stub.usage(at)).used).toBe(90)
    await stub.grant(one)
    const fits = await stub.consumeExtraUnits({ units: 9, monthlyQuota: 100, now: at })
    expect(fits).toMatchObject({ allowed: true, remaining: 0 })
  })
})
