import type { MiddlewareHandler } from 'hono'
import type { AppEnv, Principal } from '../env'
import { forbidden, unauthorized } from '../errors'
import { FEATURE_NAMES, hasFeature, minimumPlanFor, PLAN_NAMES, type Feature } from '../auth/plans'

/** The authenticated caller; routes behind auth can rely on it. */
export function principalOf(c: { get(key: 'principal'): Principal | undefined }): Principal {
  const principal = c.get('principal')
  if (!principal) throw unauthorized('Missing API key')
  return principal
}

/** A route middleware that answers 403 FORBIDDEN unless the caller's plan includes `feature` (auth/plans.ts). */
export type FeatureGate = MiddlewareHandler<AppEnv> & { readonly feature: Feature }

export function requireFeature(feature: Feature): FeatureGate {
  const gate: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { plan } = principalOf(c)
    if (!hasFeature(plan, feature)) {
      throw forbidden(`${FEATURE_NAMES[feature]} requires the ${PLAN_NAMES[minimumPlanFor(feature)]} plan or above; this key's plan is ${PLAN_NAMES[plan]}`)
    }
    await next()
  }
  return Object.assign(gate, { feature })
}
