import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, Principal, RateLimitResult } from '../env'
import { ApiError } from '../errors'
import { ANONYMOUS_REQUESTS_PER_MINUTE, PLAN_LIMITS, type PlanLimits } from '../auth/plans'
import { limiterOwner, rateLimiterFor } from '../lib/rate-limiter'
import { heldByOwner, heldTokens, leaseContext, leaseStats, takeToken } from '../lib/rate-leases'
import { setResponseHeaders } from '../lib/response-headers'

export interface RateLimitOptions {
  anonymousPerMinute?: number
  /** Paths answered without counting or headers: liveness probes must not depend on the limiter. */
  unmetered?: string[]
  /** Injected clock, for tests. */
  now?: () => number
}

const limitsOf = (limits: PlanLimits) => ({ perMinute: limits.requestsPerMinute, monthlyQuota: limits.monthlyQuota })

function setHeaders(c: Context<AppEnv>, r: RateLimitResult) {
  const headers: [string, string][] = [
    ['X-RateLimit-Limit', String(r.limit)],
    ['X-RateLimit-Remaining', String(r.remaining)],
    ['X-RateLimit-Reset', String(r.reset)],
  ]
  if (r.quota) headers.push(['X-Quota-Limit', String(r.quota.limit)], ['X-Quota-Remaining', String(r.quota.remaining)])
  setResponseHeaders(c, headers)
}

/** Dev and test only, on request: this isolate's Durable Object calls and metered requests so far (bench:hot-path). */
const STATS_HEADER = 'x-debug-limiter-stats'
const wantsStats = (c: Context<AppEnv>) =>
  (c.env.ENVIRONMENT === 'development' || c.env.ENVIRONMENT === 'test') && c.req.header(STATS_HEADER) !== undefined

/**
 * Counts every request, whatever answers it (a route, a 404/405/413/415, a CORS preflight, the admin
 * API): per API key plus the user's monthly quota for callers with a valid key, per client IP for
 * everyone else. Tokens come from leases that the Durable Object of the user or IP grants to this
 * isolate (lib/rate-leases.ts): never more than the limit, no round trip for most requests. Runs first
 * and stamps the limit headers on the final response; `enforceRateLimit` (after CORS, so a 429 is
 * readable by browsers) turns an exhausted window into the 429. Needs the principal resolved by `auth` first.
 */
export const meterRequests = (options: RateLimitOptions = {}): MiddlewareHandler<AppEnv> => {
  const anonymousPerMinute = options.anonymousPerMinute ?? ANONYMOUS_REQUESTS_PER_MINUTE
  const unmetered = new Set(options.unmetered ?? [])
  const now = options.now ?? Date.now
  return async (c, next) => {
    if (unmetered.has(c.req.path)) return next()
    const principal = c.get('principal')
    const observe = c.req.method === 'OPTIONS'
    let result: RateLimitResult
    if (principal) {
      const limits = PLAN_LIMITS[principal.plan]
      const take = { owner: limiterOwner.user(principal.userId), windowKey: principal.keyId, ...limitsOf(limits), observe, now: now() }
      result = await takeToken(take, leaseContext(c))
    } else {
      // Cloudflare sets CF-Connecting-IP itself and overwrites any value a client sends.
      const ip = c.req.header('cf-connecting-ip') ?? 'unknown'
      const take = { owner: limiterOwner.ip(ip), windowKey: 'anonymous', perMinute: anonymousPerMinute, observe, now: now() }
      result = await takeToken(take, leaseContext(c))
    }
    c.set('rateLimit', result)
    await next()
    // A route may have charged extra quota units (consumeQuotaUnits): stamp the final count.
    setHeaders(c, c.get('rateLimit') ?? result)
    if (wantsStats(c)) {
      const { grants, takes } = leaseStats()
      c.header('X-Debug-Limiter-Stats', `grants=${grants} takes=${takes}`)
    }
  }
}

/**
 * Charges a request that costs more than one monthly quota unit (batch: one per location; nearby:
 * one per 100 grid points, on top of the request itself). The middleware has already counted the
 * request once in the per-minute window and once in the quota; this adds `totalUnits - 1`. A request
 * that does not fit in what is left is refused up front with 429 QUOTA_EXCEEDED, stating the count
 * needed, and is not charged at all.
 */
export async function consumeQuotaUnits(c: Context<AppEnv>, principal: Principal, totalUnits: number, what: string): Promise<void> {
  if (totalUnits <= 1) return
  const limits = PLAN_LIMITS[principal.plan]
  const stub = rateLimiterFor(c.env, principal.userId)
  const now = Date.now()
  const result = await stub.consumeExtraUnits({ units: totalUnits - 1, monthlyQuota: limits.monthlyQuota, now })
  // meterRequests stamps the quota headers on the final response from this value; as there, the month
  // units this isolate still holds for the key (leased, unspent) count as remaining.
  const metered = c.get('rateLimit')
  if (metered?.quota) {
    const held = heldTokens({ owner: limiterOwner.user(principal.userId), windowKey: principal.keyId, ...limitsOf(limits) })
    const remaining = Math.min(result.limit, result.remaining + held)
    c.set('rateLimit', { ...metered, quota: { ...metered.quota, used: result.limit - remaining, remaining } })
  }
  if (!result.allowed) {
    const retryAfter = String(Math.max(1, result.reset - Math.floor(now / 1000)))
    throw new ApiError(
      'QUOTA_EXCEEDED',
      `${what} needs ${totalUnits} quota units; ${result.remaining} remain this month (it resets on the 1st, UTC)`,
      {
        details: [{ path: 'quota', message: `needed ${totalUnits}, remaining ${result.remaining}` }],
        headers: { 'Retry-After': retryAfter, 'X-Quota-Limit': String(result.limit), 'X-Quota-Remaining': String(result.remaining) },
      },
    )
  }
}

/**
 * The user's month as of this request, for GET /me: the Durable Object's count less the units this isolate
 * holds leased for any of the user's keys. A request's own quota view comes from its key's last grant, which
 * misses what the user's other keys and the extra units of batches and searches used since (the soak run
 * found /me 30–120 units low after a busy minute); this one asks the object. Exact while one isolate serves
 * the user; with several, low by what the others hold. The X-Quota-* headers keep the request's own view
 * (the month as its token left it: concurrent requests each see their own count).
 */
export async function monthUsage(c: Context<AppEnv>, principal: Principal): Promise<RateLimitResult['quota']> {
  const { monthlyQuota } = PLAN_LIMITS[principal.plan]
  const now = Date.now()
  const { month, used: granted } = await rateLimiterFor(c.env, principal.userId).usage(now)
  const used = Math.min(monthlyQuota, Math.max(0, granted - heldByOwner(limiterOwner.user(principal.userId))))
  const d = new Date(now)
  const reset = Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000)
  return { limit: monthlyQuota, used, remaining: monthlyQuota - used, month, reset }
}

/** 429 when the request's window or quota is used up (rejected requests were not counted). */
export const enforceRateLimit = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const result = c.get('rateLimit')
  if (result && !result.allowed) {
    const at = Math.floor(Date.now() / 1000)
    const quotaHit = result.reason === 'QUOTA_EXCEEDED' && result.quota
    const resetAt = quotaHit ? result.quota!.reset : result.reset
    const retryAfter = String(Math.max(1, resetAt - at))
    throw quotaHit
      ? new ApiError('QUOTA_EXCEEDED', `Monthly quota of ${result.quota!.limit} requests used up; it resets on the 1st (UTC)`, {
          headers: { 'Retry-After': retryAfter },
        })
      : new ApiError('RATE_LIMITED', `Rate limit of ${result.limit} requests per minute exceeded`, {
          headers: { 'Retry-After': retryAfter },
        })
  }
  await next()
}

/** 401 for /api calls without a valid key, sent after the attempt was counted against the IP. */
export const requireApiKey = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const failure = c.get('authFailure')
  if (failure) throw new ApiError('UNAUTHORIZED', failure)
  await next()
}
