import type { Context } from 'hono'

/**
 * Sets headers on the response after `next()`. Hono's `c.header` on a finalised response builds a new
 * Response per call (copying body and headers); with the rate-limit and request-id headers that was six
 * copies per metered request. A response the app built has mutable headers, so they are set in place;
 * only one with immutable headers (fetched, e.g. from the assets binding) goes through `c.header`.
 */
export function setResponseHeaders(c: Context, headers: ReadonlyArray<readonly [name: string, value: string]>): void {
  if (c.finalized) {
    try {
      for (const [name, value] of headers) c.res.headers.set(name, value)
      return
    } catch {
      // immutable headers: the first set throws before any is written
    }
  }
  for (const [name, value] of headers) c.header(name, value)
}
