import type { Env } from '../env'

/** Names of the RateLimiter Durable Objects: one per user (a user's keys share the monthly quota), one per anonymous client IP. */
export const limiterOwner = {
  user: (userId: string) => `user:${userId}`,
  ip: (ip: string) => `ip:${ip}`,
}

export const limiterStub = (env: Pick<Env, 'RATE_LIMITER'>, owner: string) => env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(owner))

/** The caller's RateLimiter Durable Object: one per user, so a user's keys share the monthly quota. */
export const rateLimiterFor = (env: Pick<Env, 'RATE_LIMITER'>, userId: string) => limiterStub(env, limiterOwner.user(userId))
