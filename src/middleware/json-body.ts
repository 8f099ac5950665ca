import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../errors'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Requests that carry a body must declare it as JSON (415 otherwise). Bodyless requests pass.
 * `csvPaths` also take text/csv (batch scoring).
 */
export const requireJsonBody =
  (options: { csvPaths?: string[] } = {}): MiddlewareHandler =>
  async (c, next) => {
    if (BODY_METHODS.has(c.req.method)) {
      const length = c.req.header('content-length')
      const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined
      const type = c.req.header('content-type') ?? ''
      const csvAllowed = options.csvPaths?.includes(c.req.path) ?? false
      if (hasBody && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type) && !(csvAllowed && /^text\/csv\s*(;|$)/i.test(type))) {
        throw new ApiError(
          'UNSUPPORTED_MEDIA_TYPE',
          csvAllowed
            ? 'Send the body as JSON (Content-Type: application/json) or CSV (Content-Type: text/csv)'
            : 'Request bodies must be JSON: send Content-Type: application/json',
        )
      }
    }
    await next()
  }
