// The isolate's side of the rate limits: leases of tokens granted by the owner's RateLimiter Durable
// Object (src/durable/rate-limiter.ts), spent here without a round trip. docs/decisions.md §3 gives
// the bounds: never over the limit, under it after a crash by at most the leases then outstanding.
import type { Env, RateLimitResult } from '../env'
import type { Grant } from '../durable/rate-limiter'
import { limiterStub } from './rate-limiter'

export interface TakeRequest {
  /** The Durable Object's name: `user:<id>` (quota shared by the user's keys) or `ip:<address>`. */
  owner: string
  windowKey: string
  perMinute: number
  monthlyQuota?: number
  /** Report the lease without spending a token (CORS preflights). */
  observe?: boolean
  now: number
}

/** Where a renewal runs: the bindings, and the request's `waitUntil` so that a renewal outlives its request. */
export interface LeaseContext {
  env: Pick<Env, 'RATE_LIMITER'>
  waitUntil?: (promise: Promise<unknown>) => void
}

/** A request's lease context: its bindings, and `waitUntil` where the runtime gives an execution context. */
export function leaseContext(c: { env: LeaseContext['env']; readonly executionCtx: ExecutionContext }): LeaseContext {
  try {
    const ctx = c.executionCtx
    return { env: c.env, waitUntil: (promise) => ctx.waitUntil(promise) }
  } catch {
    return { env: c.env }
  }
}

interface Lease {
  window: number
  /** Unspent tokens of `window`. */
  left: number
  /** The grant that last filled this lease (granted counts as of then). */
  last?: Grant
  /** Tokens held right after the last grant that gave some: more than 1 means a busy key, renewed ahead. */
  size: number
  /** The Durable Object refused in `window`: answer refusals locally until `closedUntil`. */
  closed?: Grant['refused']
  closedUntil?: number
  inflight?: Promise<void>
  waiting: number
}

/** A refused month is asked again after this long: other isolates may give units back (their leases' ends). */
const QUOTA_RECHECK_MS = 1_000
/** Bounds memory under many keys or client IPs: the oldest leases go first (their tokens are then lost). */
const MAX_LEASES = 10_000
/** A waiter that sees no answer this long starts its own renewal (the one it waited on may be gone with its request). */
const RENEWAL_PATIENCE_MS = 5_000

const leases = new Map<string, Lease>()
/** Counters for `npm run bench:hot-path` (DO calls per request); read through `leaseStats`. */
const stats = { takes: 0, grants: 0 }
export const leaseStats = () => ({ ...stats })

/** Forgets every lease, as a new isolate starts: their unspent tokens are lost (tests of restarts). */
export function forgetLeases(): void {
  leases.clear()
}

type LeaseName = Pick<TakeRequest, 'owner' | 'windowKey' | 'perMinute' | 'monthlyQuota'>
// The limits are part of the name: after a plan change, the old lease is dropped (its tokens lost).
const nameOf = (req: LeaseName) => `${req.owner}|${req.windowKey}|${req.perMinute}|${req.monthlyQuota ?? ''}`

/** Tokens this isolate holds for a window and has not spent (each holds a unit of the month). */
export const heldTokens = (req: LeaseName) => leases.get(nameOf(req))?.left ?? 0

/**
 * Month units this isolate holds for `owner` (a user's Durable Object name) under any of its window keys:
 * leased, not yet spent, so counted by the object but not used. A lease of an ended minute still holds
 * them until its next renewal gives them back.
 */
export function heldByOwner(owner: string): number {
  let held = 0
  for (const [name, lease] of leases) if (name.startsWith(`${owner}|`)) held += lease.left
  return held
}

function leaseOf(req: TakeRequest): Lease {
  const name = nameOf(req)
  let lease = leases.get(name)
  if (!lease) {
    if (leases.size >= MAX_LEASES) leases.delete(leases.keys().next().value!)
    lease = { window: -1, left: 0, size: 0, waiting: 0 }
    leases.set(name, lease)
  }
  return lease
}

/**
 * Exact for one isolate: the Durable Object's count of grants, less what this lease still holds. With
 * several isolates it reads lower by the tokens other isolates hold, and higher by what they were
 * granted since this lease was last filled.
 */
function resultOf(lease: Lease, req: TakeRequest, allowed: boolean, reason?: RateLimitResult['reason']): RateLimitResult {
  const window = Math.floor(req.now / 60_000)
  const fresh = lease.last && lease.window === window
  const granted = fresh ? lease.last!.granted : 0
  const result: RateLimitResult = {
    allowed,
    reason,
    limit: req.perMinute,
    remaining: reason === 'RATE_LIMITED' ? 0 : Math.max(0, req.perMinute - granted + lease.left),
    reset: (window + 1) * 60,
  }
  const quota = lease.last?.quota
  if (quota) {
    const used = reason === 'QUOTA_EXCEEDED' ? quota.limit : Math.max(0, quota.granted - lease.left)
    result.quota = { limit: quota.limit, used, remaining: Math.max(0, quota.limit - used), month: quota.month, reset: quota.reset }
  }
  return result
}

function renew(lease: Lease, req: TakeRequest, ctx: LeaseContext, want: number): Promise<void> {
  const window = Math.floor(req.now / 60_000)
  let giveBack: { window: number; tokens: number } | undefined
  if (lease.window !== window && lease.left > 0) {
    giveBack = { window: lease.window, tokens: lease.left }
    lease.left = 0
  }
  const held = lease.window === window ? lease.left : 0
  stats.grants++
  const { windowKey, perMinute, monthlyQuota } = req
  const call = limiterStub(ctx.env, req.owner)
    .grant({ windowKey, perMinute, monthlyQuota, want, held, giveBack, now: req.now })
    .then((grant) => {
      // Tokens of a minute this lease has already left behind (a slow answer across the boundary) are lost.
      if (grant.window < lease.window) return
      if (grant.window !== lease.window) {
        lease.window = grant.window
        lease.left = 0
        lease.closed = undefined
      }
      lease.left += grant.tokens
      if (grant.tokens > 0) lease.size = lease.left
      lease.last = grant
      lease.closed = grant.refused
      lease.closedUntil = grant.refused === 'QUOTA_EXCEEDED' ? req.now + QUOTA_RECHECK_MS : grant.reset * 1000
    })
  const inflight = call.finally(() => {
    if (lease.inflight === inflight) lease.inflight = undefined
  })
  lease.inflight = inflight
  // The call belongs to this request's I/O context: keep it alive for the other requests waiting on it.
  ctx.waitUntil?.(inflight.catch(() => undefined))
  return inflight
}

/** True when `promise` settles within `ms`, false after `ms`; rejects when it rejects. */
async function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * One request's token: spent from this isolate's lease when it has one for the current minute, else
 * after a renewal that every request waiting for this lease shares. When half a lease of several tokens
 * is spent, the next one is asked for in the background, so a busy key does not wait.
 */
export async function takeToken(request: TakeRequest, ctx: LeaseContext): Promise<RateLimitResult> {
  stats.takes++
  const lease = leaseOf(request)
  // A request a few ms behind one that already opened the next minute counts in that minute.
  const req = { ...request, now: Math.max(request.now, lease.window * 60_000) }
  let window = Math.floor(req.now / 60_000)
  for (;;) {
    // The same while it waits: a renewal that opened the next minute moves it there. Without this, a request
    // stamped in the old minute asked the object again and again (it answers in the newest minute), for ever.
    if (!req.observe && lease.window > window) {
      window = lease.window
      req.now = window * 60_000
    }
    if (lease.window === window) {
      if (req.observe) return resultOf(lease, req, true)
      if (lease.left > 0) {
        lease.left--
        if (lease.size > 1 && lease.left <= lease.size / 2 && !lease.inflight) renew(lease, req, ctx, 1).catch(() => undefined)
        return resultOf(lease, req, true)
      }
      if (lease.closed && req.now < (lease.closedUntil ?? 0)) return resultOf(lease, req, false, lease.closed)
    }
    lease.waiting++
    try {
      const pending = lease.inflight
      if (!pending) await renew(lease, req, ctx, req.observe ? 0 : lease.waiting)
      else if (!(await settlesWithin(pending, RENEWAL_PATIENCE_MS)) && lease.inflight === pending) lease.inflight = undefined
    } finally {
      lease.waiting--
    }
    if (req.observe && lease.window !== window) return resultOf(lease, req, true)
  }
}
