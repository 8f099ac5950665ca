/**
 * The plan table (docs/decisions.md §3): every limit and feature gate of each plan, in one place. The users.plan
 * column, the rate limiter, the AI allowance, the feature gates (middleware/plan-gate.ts), GET /me and
 * the tests all read it. The plan belongs to the user.
 */
export const PLANS = ['free', 'pro', 'scale', 'enterprise'] as const
export type Plan = (typeof PLANS)[number]

/** Features only some plans include; a gated route answers 403 FORBIDDEN to the others. */
export const FEATURE_NAMES = {
  reports: 'PDF reports',
  prospects: 'Prospect discovery',
  siteFinder: 'The site finder (score/nearby)',
} as const
export type Feature = keyof typeof FEATURE_NAMES
export const FEATURES = Object.keys(FEATURE_NAMES) as Feature[]

export interface PlanLimits extends Record<Feature, boolean> {
  requestsPerMinute: number
  monthlyQuota: number
  /**
   * AI calls per minute per key, below the request rate: each one costs real money at the provider.
   * Counted on its own, not against the monthly quota twice (services/ai/cost-guard.ts).
   */
  aiRequestsPerMinute: number
  /** Webhook endpoints a user may have at once (POST /webhooks answers 403 beyond it; docs/webhooks.md). */
  webhookEndpoints: number
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    requestsPerMinute: 60,
    monthlyQuota: 1_000,
    aiRequestsPerMinute: 10,
    webhookEndpoints: 2,
    reports: false,
    prospects: false,
    siteFinder: false,
  },
  pro: {
    requestsPerMinute: 300,
    monthlyQuota: 50_000,
    aiRequestsPerMinute: 30,
    webhookEndpoints: 5,
    reports: true,
    prospects: false,
    siteFinder: true,
  },
  scale: {
    requestsPerMinute: 1_000,
    monthlyQuota: 500_000,
    aiRequestsPerMinute: 60,
    webhookEndpoints: 10,
    reports: true,
    prospects: false,
    siteFinder: true,
  },
  enterprise: {
    requestsPerMinute: 3_000,
    monthlyQuota: 5_000_000,
    aiRequestsPerMinute: 120,
    webhookEndpoints: 25,
    reports: true,
    prospects: true,
    siteFinder: true,
  },
}

export const PLAN_NAMES: Record<Plan, string> = { free: 'Free', pro: 'Pro', scale: 'Scale', enterprise: 'Enterprise' }

/** Callers without a valid key are limited per client IP so that key guessing is throttled. */
export const ANONYMOUS_REQUESTS_PER_MINUTE = 60

export const isPlan = (value: unknown): value is Plan => PLANS.includes(value as Plan)
export const hasFeature = (plan: Plan, feature: Feature): boolean => PLAN_LIMITS[plan][feature]
/** The cheapest plan with the feature (plans are listed cheapest first). */
export const minimumPlanFor = (feature: Feature): Plan => PLANS.find((plan) => hasFeature(plan, feature)) ?? 'enterprise'
