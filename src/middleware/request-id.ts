import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { setResponseHeaders } from '../lib/response-headers'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** A client's own correlation id, echoed back only when it is short and plain. */
export const CLIENT_REQUEST_ID_HEADER = 'X-Client-Request-Id'
const CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/

const newRequestId = () => `req_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`

/**
 * Every request gets our own id (`req_` + 24 hex), the one logs and error bodies quote, so a client
 * cannot choose or collide with another request's id. A client-sent X-Request-Id is never adopted;
 * when well formed it comes back in X-Client-Request-Id.
 */
export const requestId = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const id = newRequestId()
  c.set('requestId', id)
  const clientId = c.req.header(REQUEST_ID_HEADER)
  await next()
  const headers: [string, string][] = [[REQUEST_ID_HEADER, id]]
  if (clientId && CLIENT_ID_PATTERN.test(clientId)) headers.push([CLIENT_REQUEST_ID_HEADER, clientId])
  setResponseHeaders(c, headers)
}
