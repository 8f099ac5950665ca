// Per-key allowance for AI calls, smaller than the plan's request rate: each AI call costs real
// money at the provider. Counted in the caller's RateLimiter Durable Object in its own window
// (`ai:<keyId>`) and without a monthly quota, so the request was already counted once for the month
// by the rate-limit middleware and is not counted twice.
import type { Context } from 'hono'
import { PLAN_LIMITS } from '../../auth/plans'
import type { AppEnv } from '../../env'
import { ApiError } from '../../errors'
import { rateLimiterFor } from '../../lib/rate-limiter'

export async function consumeAiAllowance(c: Context<AppEnv>, now = Date.now()): Promise<void> {
  const principal = c.get('principal')
  // The auth middleware guarantees a principal on /api/v1 routes; be safe anyway.
  if (!principal) throw new ApiError('UNAUTHORIZED', 'API key required')
  const perMinute = PLAN_LIMITS[principal.plan].aiRequestsPerMinute
  const stub = rateLimiterFor(c.env, principal.userId)
  const result = await stub.consume({ windowKey: `ai:${principal.keyId}`, perMinute, now })
  if (!result.allowed) {
    const retryAfter = String(Math.max(1, result.reset - Math.floor(now / 1000)))
    throw new ApiError('RATE_LIMITED', `AI limit of ${perMinute} requests per minute exceeded for the ${principal.plan} plan`, { headers: { 'Retry-After': retryAfter } })
  }
}
