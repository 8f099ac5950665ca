import { DurableObject } from 'cloudflare:workers'

export interface RateLimitRequest {
  /** Which per-minute window to count in (an API key id, or the client IP for anonymous calls). */
  windowKey: string
  perMinute: number
  /** Monthly quota of the owner of this object; omitted for anonymous callers. */
  monthlyQuota?: number
  /** Report the windows without counting (CORS preflights: answered by the browser, not a request). */
  observe?: boolean
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

interface MinuteWindow {
  window: number
  count: number
}

const monthOf = (now: number) => new Date(now).toISOString().slice(0, 7)
const startOfNextMonth = (now: number) => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}
const minuteKey = (windowKey: string) => `minute:${windowKey}`
const monthKey = (now: number) => `month:${monthOf(now)}`

/**
 * One instance per user (or per anonymous client IP). A Durable Object processes its requests one
 * at a time, so counts are exact under concurrency: unlike KV counters, it never over-admits.
 * Per-minute windows are per API key (spec §8); the monthly quota is the user's, shared by all
 * of the user's keys, so extra keys do not multiply the quota.
 *
 * Both counters live in the object's SQLite storage, not only in memory, so a restart, deploy or
 * eviction mid-minute does not hand out a fresh window. They are read and written with the synchronous
 * KV API (`ctx.storage.kv`, same data as the async API): a check has no await, so no other request can
 * interleave with it, and each admitted request writes its new counts before returning. The write is
 * committed with the request's implicit transaction, and the output gate holds the answer until it is
 * durable, so an admitted request is never lost to a restart: exact within a run and across restarts.
 */
export class RateLimiter extends DurableObject {
  /** Counts one request if both windows have room; rejected requests are not counted. */
  async consume(req: RateLimitRequest): Promise<RateLimitResult> {
    const kv = this.ctx.storage.kv
    const window = Math.floor(req.now / 60_000)
    const reset = (window + 1) * 60
    const current = kv.get<MinuteWindow>(minuteKey(req.windowKey))
    const count = current && current.window === window ? current.count : 0

    let quota: RateLimitResult['quota']
    let used = 0
    if (req.monthlyQuota !== undefined) {
      used = kv.get<number>(monthKey(req.now)) ?? 0
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
    if (quota && quota.remaining < 1) {
      return { ...base, allowed: false, reason: 'QUOTA_EXCEEDED', remaining: req.perMinute - count, quota }
    }

    if (req.observe) return { ...base, allowed: true, remaining: req.perMinute - count, quota }
    kv.put(minuteKey(req.windowKey), { window, count: count + 1 } satisfies MinuteWindow)
    if (quota) {
      kv.put(monthKey(req.now), used + 1)
      quota = { ...quota, used: used + 1, remaining: Math.max(0, quota.limit - used - 1) }
    }
    return { ...base, allowed: true, remaining: req.perMinute - count - 1, quota }
  }

  /**
   * Extra monthly-quota units for a request the metering middleware has already counted once, when
   * only the route knows the cost after validating the body (batch: one unit per location; nearby:
   * one per 100 grid points). All or nothing: when `units` do not fit in what is left, nothing is
   * charged and the unit metered for this request is given back, so a refused request costs nothing.
   * The per-minute window is not touched: the request counts once there.
   */
  async consumeExtraUnits(req: { units: number; monthlyQuota: number; now: number }): Promise<ExtraUnitsResult> {
    const kv = this.ctx.storage.kv
    const key = monthKey(req.now)
    const used = kv.get<number>(key) ?? 0
    const remaining = Math.max(0, req.monthlyQuota - used)
    const reset = Math.floor(startOfNextMonth(req.now) / 1000)
    if (req.units > remaining) {
      const refunded = Math.max(0, used - 1)
      kv.put(key, refunded)
      return { allowed: false, limit: req.monthlyQuota, remaining: Math.max(0, req.monthlyQuota - refunded), reset }
    }
    kv.put(key, used + req.units)
    return { allowed: true, limit: req.monthlyQuota, remaining: remaining - req.units, reset }
  }

  /** This month's usage without counting a request (for /me and admin views). */
  async usage(now: number): Promise<{ month: string; used: number }> {
    return { month: monthOf(now), used: this.ctx.storage.kv.get<number>(monthKey(now)) ?? 0 }
  }
}
