import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'

async function digest(text: string) {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
}

/** Staff endpoints: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export const adminAuth = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const expected = c.env.ADMIN_TOKEN
  if (!expected) throw new ApiError('FORBIDDEN', 'Admin API disabled: ADMIN_TOKEN is not configured')
  const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
  const [a, b] = await Promise.all([digest(given), digest(expected)])
  if (!given || !crypto.subtle.timingSafeEqual(a, b)) throw new ApiError('UNAUTHORIZED', 'Invalid admin token')
  await next()
}
