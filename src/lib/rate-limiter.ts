import type { Env } from '../env'

/** The caller's RateLimiter Durable Object: one per user, so a user's keys share the monthly quota. */
export const rateLimiterFor = (env: Pick<Env, 'RATE_LIMITER'>, userId: string) =>
  env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`))
