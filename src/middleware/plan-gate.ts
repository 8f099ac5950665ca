import type { z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv, Principal } from '../env'
import { forbidden, unauthorized } from '../errors'
import { FEATURE_NAMES, hasFeature, minimumPlanFor, PLAN_NAMES, type Feature, type Plan } from '../auth/plans'
import { aiProviderFor } from '../services/ai'
import { consumeAiAllowance } from '../services/ai/cost-guard'
import { leaseContext } from '../lib/rate-leases'

/** The authenticated caller; routes behind auth can rely on it. */
export function principalOf(c: { get(key: 'principal'): Principal | undefined }): Principal {
  const principal = c.get('principal')
  if (!principal) throw unauthorized('Missing API key')
  return principal
}

/** A route middleware that answers 403 FORBIDDEN unless the caller's plan includes `feature` (auth/plans.ts). */
export type FeatureGate = MiddlewareHandler<AppEnv> & { readonly feature: Feature }

/** 403 FORBIDDEN unless `plan` includes `feature`: the gate of routes (requireFeature) and of MCP tools. */
export function assertFeature(plan: Plan, feature: Feature): void {
  if (!hasFeature(plan, feature)) {
    throw forbidden(
      `${FEATURE_NAMES[feature]} requires the ${PLAN_NAMES[minimumPlanFor(feature)]} plan or above; ` +
        `this key's plan is ${PLAN_NAMES[plan]}`,
    )
  }
}

export function requireFeature(feature: Feature): FeatureGate {
  const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
    assertFeature(principalOf(c).plan, feature)
    await next()
  }
  return Object.assign(gate, { feature })
}

/**
 * A route middleware for AI calls, given the route's body schema. A body the route's validator will
 * refuse (400) passes through uncounted; otherwise no AI provider → 400 (that costs the caller nothing),
 * else one call of the plan's per-minute AI allowance (429 with Retry-After past it).
 */
export function requireAiAllowance(body: z.ZodType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (body.safeParse(await c.req.json().catch(() => undefined)).success) {
      aiProviderFor(c.env)
      await consumeAiAllowance(leaseContext(c), principalOf(c))
    }
    await next()
  }
}
