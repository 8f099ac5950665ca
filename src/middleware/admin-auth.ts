import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { forbidden, unauthorized } from '../errors'
import { sha256Bytes } from '../lib/crypto'

/** Staff endpoints: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. */
export const adminAuth = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const expected = c.env.ADMIN_TOKEN
  if (!expected) throw forbidden('Admin API disabled: ADMIN_TOKEN is not configured')
  const given = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
  const [a, b] = await Promise.all([sha256Bytes(given), sha256Bytes(expected)])
  if (!given || !crypto.subtle.timingSafeEqual(a, b)) throw unauthorized('Invalid admin token')
  await next()
}
