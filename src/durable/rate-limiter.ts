import { DurableObject } from 'cloudflare:workers'

/** The most a lease may hold: a tenth of the minute's limit (at least 1), so one isolate never holds the minute. */
export const leaseCeiling = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 10))

/** Time constant of a key's pace: an exponentially decaying count of its grants, about its last 30 s of tokens. */
export const PACE_SECONDS = 30

/** Below this pace (about 6 requests in the last 30 s) a key is slow: 1 token per grant. */
export const SLOW_PACE = 6

/**
 * Lease size: 1 token while the key is slow, so its counts and headers stay exact request by request;
 * once it is busy, about 20 s of its recent traffic (`pace × 2/3`). At least the requests waiting for a
 * token, at most `leaseCeiling` (a tenth of the minute's limit).
 */
export const leaseSize = (perMinute: number, want: number, pace: number) =>
  Math.min(leaseCeiling(perMinute), Math.max(1, want, pace < SLOW_PACE ? 1 : Math.floor((pace * 2) / 3)))

export interface GrantRequest {
  /** Which per-minute window to count in (an API key id, `ai:<key id>`, or `anonymous` in a client IP's object). */
  windowKey: string
  perMinute: number
  /** Monthly quota of the owner of this object; omitted for anonymous callers and the AI allowance. */
  monthlyQuota?: number
  /** Tokens wanted now: the requests waiting for one (at least 1), or 0 to read the windows without a grant. */
  want: number
  /** Unspent tokens the asking isolate still holds in this minute: what it may hold in all stays within `leaseCeiling`. */
  held?: number
  /**
   * Unspent tokens of this isolate's earlier lease, whose minute has ended: the minute's share is gone
   * with the minute, their month units come back (only within the same month).
   */
  giveBack?: { window: number; tokens: number }
  now: number
}

export interface Grant {
  /** Tokens handed out now: each admits one request in `window` and carries one unit of the month. */
  tokens: number
  /** The minute (Unix ms / 60,000) the tokens belong to. */
  window: number
  /** Unix seconds at which that minute ends. */
  reset: number
  /** Granted in this minute so far, to every isolate, this grant included (never above `perMinute`). */
  granted: number
  /** Why no token was granted. */
  refused?: 'RATE_LIMITED' | 'QUOTA_EXCEEDED'
  /** The month as granted so far (spent plus still leased), this grant included. */
  quota?: { limit: number; granted: number; month: string; reset: number }
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
  /** Tokens granted in `window`. */
  count: number
  /** The key's pace (tokens granted, decaying with PACE_SECONDS) as of `paceAt` (Unix ms). */
  pace?: number
  paceAt?: number
}

const monthOf = (now: number) => new Date(now).toISOString().slice(0, 7)
const startOfNextMonth = (now: number) => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}
const minuteKey = (windowKey: string) => `minute:${windowKey}`
const monthKey = (now: number) => `month:${monthOf(now)}`

/**
 * One instance per user (or per anonymous client IP). It grants leases of tokens to isolates
 * (src/lib/rate-leases.ts spends them): a Durable Object processes its calls one at a time, so what it
 * grants never exceeds the limit in a minute window or the month, whatever the concurrency. Per-minute
 * windows are per API key (spec §8); the monthly quota is the user's, shared by all of the user's keys.
 *
 * Grants are counted, not spends: a token counts from the moment it is handed out. Both counters live in
 * the object's SQLite storage, read and written with the synchronous KV API (`ctx.storage.kv`): a grant
 * has no await, so no other call interleaves with it, and the write commits with the call's implicit
 * transaction. The output gate holds the answer until that write is durable, so a token is persisted
 * before any isolate can spend it: a restart, deploy or eviction never hands out a window twice. What a
 * crash can do is strand tokens leased but not yet spent: under-admission, bounded by the outstanding
 * leases (each at most `leaseCeiling`), never over-admission (docs/decisions.md §3).
 */
export class RateLimiter extends DurableObject {
  grant(req: GrantRequest): Grant {
    const kv = this.ctx.storage.kv
    const stored = kv.get<MinuteWindow>(minuteKey(req.windowKey))
    // A window never moves backwards: an isolate whose clock lags counts in the minute already open.
    const window = Math.max(Math.floor(req.now / 60_000), stored?.window ?? 0)
    const decay = Math.exp(-Math.max(0, req.now - (stored?.paceAt ?? req.now)) / (PACE_SECONDS * 1000))
    const pace = (stored?.pace ?? 0) * decay
    const minute: MinuteWindow = { window, count: stored?.window === window ? stored.count : 0, pace, paceAt: req.now }
    const grant: Grant = { tokens: 0, window, reset: (window + 1) * 60, granted: minute.count }

    let monthLeft = Number.POSITIVE_INFINITY
    if (req.monthlyQuota !== undefined) {
      let used = kv.get<number>(monthKey(req.now)) ?? 0
      const back = req.giveBack
      if (back && back.tokens > 0 && monthOf(back.window * 60_000) === monthOf(req.now)) {
        used = Math.max(0, used - back.tokens)
        kv.put(monthKey(req.now), used)
      }
      monthLeft = Math.max(0, req.monthlyQuota - used)
      grant.quota = { limit: req.monthlyQuota, granted: used, month: monthOf(req.now), reset: Math.floor(startOfNextMonth(req.now) / 1000) }
    }
    if (req.want < 1) return grant
    if (minute.count >= req.perMinute) return { ...grant, refused: 'RATE_LIMITED' }
    if (monthLeft < 1) return { ...grant, refused: 'QUOTA_EXCEEDED' }

    // What the isolate holds counts against the ceiling. Near the end of the month, leases shrink so that
    // what other isolates hold stays a small share of what is left.
    const room = Math.min(leaseCeiling(req.perMinute) - (req.held ?? 0), req.perMinute - minute.count)
    const monthShare = Math.min(monthLeft, Math.max(1, Math.floor(monthLeft / 10)))
    const tokens = Math.max(0, Math.min(leaseSize(req.perMinute, req.want, pace), room, monthShare))
    kv.put(minuteKey(req.windowKey), { ...minute, count: minute.count + tokens, pace: pace + tokens } satisfies MinuteWindow)
    grant.tokens = tokens
    grant.granted = minute.count + tokens
    if (grant.quota) {
      grant.quota.granted += tokens
      kv.put(monthKey(req.now), grant.quota.granted)
    }
    return grant
  }

  /**
   * Extra monthly-quota units for a request the metering middleware has already counted once, when
   * only the route knows the cost after validating the body (batch: one unit per location; nearby:
   * one per 100 grid points). All or nothing: when `units` do not fit in what is left, nothing is
   * charged and the unit metered for this request is given back, so a refused request costs nothing.
   * The per-minute window is not touched: the request counts once there. Not leased: these requests
   * are few and each carries many units.
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

  /** This month's units granted (spent, or leased and not yet spent), for tests and admin views. */
  async usage(now: number): Promise<{ month: string; used: number }> {
    return { month: monthOf(now), used: this.ctx.storage.kv.get<number>(monthKey(now)) ?? 0 }
  }
}
