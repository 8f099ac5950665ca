import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../errors'

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** The charset parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
const charsetOf = (type: string) => /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(type)?.[1]?.toLowerCase()

/**
 * Requests that carry a body must declare it as JSON (415 otherwise), in UTF-8: bodies are decoded as
 * UTF-8 only, so any other declared charset (utf-16, latin1…) is a 415 rather than a misread body.
 * Bodyless requests pass. `csvPaths` also take text/csv (batch scoring).
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
      const charset = charsetOf(type)
      if (hasBody && charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        throw new ApiError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Bodies must be UTF-8: send charset=utf-8 or no charset (got charset=${charset.slice(0, 40)})`,
        )
      }
    }
    await next()
  }
