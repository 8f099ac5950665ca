/** Plans and their limits (docs/decisions.md §3). The plan belongs to the user. */
export const PLANS = ['free', 'pro', 'scale', 'enterprise'] as const
export type Plan = (typeof PLANS)[number]

export interface PlanLimits {
  requestsPerMinute: number
  monthlyQuota: number
  reports: boolean
  prospects: boolean
}

export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { requestsPerMinute: 60, monthlyQuota: 1_000, reports: false, prospects: false },
  pro: { requestsPerMinute: 300, monthlyQuota: 50_000, reports: true, prospects: false },
  scale: { requestsPerMinute: 1_000, monthlyQuota: 500_000, reports: true, prospects: false },
  enterprise: { requestsPerMinute: 3_000, monthlyQuota: 5_000_000, reports: true, prospects: true },
}

/** Callers without a valid key are limited per client IP so that key guessing is throttled. */
export const ANONYMOUS_REQUESTS_PER_MINUTE = 60

export const planRank = (plan: Plan): number => PLANS.indexOf(plan)
export const isPlan = (value: unknown): value is Plan => PLANS.includes(value as Plan)
