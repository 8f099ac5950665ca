import { DurableObject } from 'cloudflare:workers'

export interface RateLimitRequest {
  /** Which per-minute window to count in (an API key id, or the client IP for anonymous calls). */
  windowKey: string
  perMinute: number
  /** Monthly quota of the owner of this object; omitted for anonymous callers. */
  monthlyQuota?: number
  now: number
}

export interface RateLimitResult {
  allowed: boolean
  reason?: 'RATE_LIMITED' | 'QUOTA_EXCEEDED'
  limit: number
  remaining: number
  /** Unix seconds at which the current minute window ends. */
  reset: number
  quota?: { limit: number; used: number; remaining: number; month: string; reset: number }
}

export interface ExtraUnitsResult {
  allowed: boolean
  limit: number
  /** Units left this month after the call (after the refund when refused). */
  remaining: number
  /** Unix seconds at which the month ends. */
  reset: number
}

const monthOf = (now: number) => new Date(now).toISOString().slice(0, 7)
const startOfNextMonth = (now: number) => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}

/**
 * One instance per user (or per anonymous client IP). A Durable Object processes its requests one
 * at a time, so counts are exact under concurrency: unlike KV counters, it never over-admits.
 * Per-minute windows are per API key (spec §8); the monthly quota is the user's, shared by all
 * of the user's keys, so extra keys do not multiply the quota.
 */
export class RateLimiter extends DurableObject {
  private minuteWindows = new Map<string, { window: number; count: number }>()

  /** Counts one request if both windows have room; rejected requests are not counted. */
  async consume(req: RateLimitRequest): Promise<RateLimitResult> {
    const window = Math.floor(req.now / 60_000)
    const reset = (window + 1) * 60
    const current = this.minuteWindows.get(req.windowKey)
    const count = current && current.window === window ? current.count : 0

    let quota: RateLimitResult['quota']
    let used = 0
    const monthKey = `month:${monthOf(req.now)}`
    if (req.monthlyQuota !== undefined) {
      used = (await this.ctx.storage.get<number>(monthKey)) ?? 0
      quota = {
        limit: req.monthlyQuota,
        used,
        remaining: Math.max(0, req.monthlyQuota - used),
        month: monthOf(req.now),
        reset: Math.floor(startOfNextMonth(req.now) / 1000),
      }
    }

    const base = { limit: req.perMinute, reset }
    if (count >= req.perMinute) {
      return { ...base, allowed: false, reason: 'RATE_LIMITED', remaining: 0, quota }
    }
    if (quota && used >= quota.limit) {
      return { ...base, allowed: false, reason: 'QUOTA_EXCEEDED', remaining: req.perMinute - count, quota }
    }

    this.minuteWindows.set(req.windowKey, { window, count: count + 1 })
    if (quota) {
      // Output gates hold the response until this write is durable, so a count is never lost.
      await this.ctx.storage.put(monthKey, used + 1)
      quota = { ...quota, used: used + 1, remaining: Math.max(0, quota.limit - used - 1) }
    }
    return { ...base, allowed: true, remaining: req.perMinute - count - 1, quota }
  }

  /**
   * Extra monthly quota units for a request the middleware has already counted once (batch: one
   * unit per location; nearby: one per 100 grid points). All or nothing: when `units` do not fit in
   * what is left, nothing is charged and the unit the middleware counted for this request is given
   * back, so a refused request costs nothing. The per-minute window is not touched.
   * Merge note: issue 13 adds a `units` count to the per-request check; once it lands, re-point
   * consumeQuotaUnits() in src/middleware/rate-limit.ts at it and drop this method.
   */
  async consumeExtraUnits(req: { units: number; monthlyQuota: number; now: number }): Promise<ExtraUnitsResult> {
    const monthKey = `month:${monthOf(req.now)}`
    const used = (await this.ctx.storage.get<number>(monthKey)) ?? 0
    const remaining = Math.max(0, req.monthlyQuota - used)
    const reset = Math.floor(startOfNextMonth(req.now) / 1000)
    if (req.units > remaining) {
      const refunded = Math.max(0, used - 1)
      await this.ctx.storage.put(monthKey, refunded)
      return { allowed: false, limit: req.monthlyQuota, remaining: Math.max(0, req.monthlyQuota - refunded), reset }
    }
    await this.ctx.storage.put(monthKey, used + req.units)
    return { allowed: true, limit: req.monthlyQuota, remaining: remaining - req.units, reset }
  }

  /** This month's usage without counting a request (for /me and admin views). */
  async usage(now: number): Promise<{ month: string; used: number }> {
    const month = monthOf(now)
    return { month, used: (await this.ctx.storage.get<number>(`month:${month}`)) ?? 0 }
  }
}
