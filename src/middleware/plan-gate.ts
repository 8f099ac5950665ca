import type { MiddlewareHandler } from 'hono'
import type { AppEnv, Principal } from '../env'
import { ApiError } from '../errors'
import { planRank, type Plan } from '../auth/plans'

const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', scale: 'Scale', enterprise: 'Enterprise' }

/** Throws 403 FORBIDDEN unless the caller's plan is `minimum` or above. */
export function assertPlan(principal: Principal | undefined, minimum: Plan, feature: string): asserts principal is Principal {
  if (!principal) throw new ApiError('UNAUTHORIZED', 'Missing API key')
  if (planRank(principal.plan) < planRank(minimum)) {
    throw new ApiError('FORBIDDEN', `${feature} requires the ${PLAN_NAMES[minimum]} plan or above; this key's plan is ${PLAN_NAMES[principal.plan]}`)
  }
}

/** Route middleware form of assertPlan: `requirePlan('pro', 'PDF reports')`. */
export const requirePlan =
  (minimum: Plan, feature = 'This endpoint'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    assertPlan(c.get('principal'), minimum, feature)
    await next()
  }

/** The authenticated caller; routes behind auth can rely on it. */
export function principalOf(c: { get(key: 'principal'): Principal | undefined }): Principal {
  const principal = c.get('principal')
  if (!principal) throw new ApiError('UNAUTHORIZED', 'Missing API key')
  return principal
}
