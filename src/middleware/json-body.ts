import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../errors'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Requests that carry a body must declare it as JSON (415 otherwise). Bodyless requests pass. */
export const requireJsonBody = (): MiddlewareHandler => async (c, next) => {
  if (BODY_METHODS.has(c.req.method)) {
    const length = c.req.header('content-length')
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
    const type = c.req.header('content-type') ?? ''
    if (hasBody && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON: send Content-Type: application/json')
    }
  }
  await next()
}
