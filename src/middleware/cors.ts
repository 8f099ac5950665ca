import type { MiddlewareHandler } from 'hono'
import { cors as honoCors } from 'hono/cors'
import type { AppEnv } from '../env'
import { setResponseHeaders } from '../lib/response-headers'

export interface CorsOptions {
  allowMethods: string[]
  allowHeaders: string[]
  exposeHeaders: string[]
  maxAge: number
}

/**
 * hono's `cors({ origin: '*', … })`, the same headers, with those of an actual request set on the
 * finished response in place (setResponseHeaders). hono's sets them on `c.res` before the route runs:
 * that placeholder response makes Hono copy every route's response twice (its headers into the
 * response `c.json` builds, then the whole response again when it is assigned to `c.res`). Preflights
 * (OPTIONS) are answered by hono's middleware itself.
 */
export function cors(options: CorsOptions): MiddlewareHandler<AppEnv> {
  const preflight = honoCors({ origin: '*', ...options })
  const headers: [string, string][] = [['Access-Control-Allow-Origin', '*']]
  if (options.exposeHeaders.length) headers.push(['Access-Control-Expose-Headers', options.exposeHeaders.join(',')])
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    await next()
    setResponseHeaders(c, headers)
  }
}
