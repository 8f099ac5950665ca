import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'

/** Environments where links may point at whatever host the request came in on (local dev, tests). */
const LOCAL_ENVIRONMENTS = new Set(['development', 'test'])

/**
 * Production is every ENVIRONMENT but `development` (npm run dev) and `test` (vitest): wrangler.toml says
 * "production", so a deploy without the variable is production. Also decides the webhook URL rules.
 */
export const isLocalEnvironment = (env: { ENVIRONMENT?: string }) => LOCAL_ENVIRONMENTS.has(env.ENVIRONMENT ?? '')

/**
 * The origin for links handed to third parties (share pages, report downloads). It comes from
 * PUBLIC_BASE_URL, never from the request's Host header, which a client or a misrouted proxy controls:
 * a forged Host would otherwise mint links to someone else's site. Only local environments fall back
 * to the request origin.
 */
export function publicOrigin(c: Context<AppEnv>): string {
  const configured = c.env.PUBLIC_BASE_URL?.trim()
  if (configured) {
    try {
      return new URL(configured).origin
    } catch {
      throw new ApiError('INTERNAL', 'PUBLIC_BASE_URL is not a valid URL on this server; contact support')
    }
  }
  if (isLocalEnvironment(c.env)) return new URL(c.req.url).origin
  throw new ApiError('INTERNAL', 'Links are not configured on this server (PUBLIC_BASE_URL is missing); contact support')
}
