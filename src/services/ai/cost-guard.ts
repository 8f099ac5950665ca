// Per-key allowance for AI calls, smaller than the plan's request rate: each AI call costs real
// money at the provider. Leased from the caller's RateLimiter Durable Object like the request limit
// (lib/rate-leases.ts), in its own window (`ai:<keyId>`) and without a monthly quota, so the request was
// already counted once for the month by the rate-limit middleware and is not counted twice. Routes
// apply it with `requireAiAllowance()`.
import { PLAN_LIMITS } from '../../auth/plans'
import type { Principal } from '../../env'
import { ApiError } from '../../errors'
import { limiterOwner } from '../../lib/rate-limiter'
import { type LeaseContext, takeToken } from '../../lib/rate-leases'

export async function consumeAiAllowance(ctx: LeaseContext, principal: Principal, now = Date.now()): Promise<void> {
  const perMinute = PLAN_LIMITS[principal.plan].aiRequestsPerMinute
  const result = await takeToken({ owner: limiterOwner.user(principal.userId), windowKey: `ai:${principal.keyId}`, perMinute, now }, ctx)
  if (!result.allowed) {
    const retryAfter = String(Math.max(1, result.reset - Math.floor(now / 1000)))
    throw new ApiError('RATE_LIMITED', `AI limit of ${perMinute} requests per minute exceeded for the ${principal.plan} plan`, {
      headers: { 'Retry-After': retryAfter },
    })
  }
}
