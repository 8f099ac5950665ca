import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { sha256Hex } from './crypto'

/**
 * Edge cache for public catalogue reads (docs/decisions.md §7). Route handlers call it, so auth and rate limiting
 * have already run: a cached entry never bypasses them. The cache stores only the JSON body and its
 * ETag under a synthetic URL; every response is built fresh, so per-request headers (X-Request-Id,
 * X-RateLimit-*, X-Quota-*) are never stored or served to another caller.
 */
export const CATALOGUE_MAX_AGE_SECONDS = 60
/** Bump when the catalogue's response shape changes, so old entries are never served. */
const CACHE_VERSION = 'v1'
const CACHE_ORIGIN = 'https://catalogue-cache.internal'

export const catalogueCacheKey = (path: string) => `${CACHE_ORIGIN}/${CACHE_VERSION}${path}`

const edgeCache = (): Cache | undefined => (typeof caches !== 'undefined' ? (caches as unknown as { default?: Cache }).default : undefined)

export async function etagFor(body: string): Promise<string> {
  return `"${(await sha256Hex(body)).slice(0, 32)}"`
}

/** RFC 9110 weak comparison: `*`, a list, and W/ prefixes all match. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag))
}

/**
 * Serves `path` from the edge cache or from `load()` (null → `onMissing()` throws, nothing is cached).
 * Adds ETag, Cache-Control and X-Cache: HIT|MISS; answers 304 to a matching If-None-Match.
 */
export async function serveCachedJson(
  c: Context<AppEnv>,
  path: string,
  load: () => Promise<unknown | null>,
  onMissing: () => never,
): Promise<Response> {
  const cache = edgeCache()
  const key = catalogueCacheKey(path)
  let body: string | undefined
  let etag: string | null = null
  let state: 'HIT' | 'MISS' = 'MISS'
  const hit = await cache?.match(key).catch(() => undefined)
  if (hit) {
    body = await hit.text()
    etag = hit.headers.get('ETag')
    state = 'HIT'
  }
  if (body === undefined || !etag) {
    const data = await load()
    if (data === null) onMissing()
    body = JSON.stringify(data)
    etag = await etagFor(body)
    const entry = new Response(body, {
      headers: { 'Content-Type': 'application/json', ETag: etag, 'Cache-Control': `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}` },
    })
    // Awaited (cheap) so the next request sees it; a cache failure only costs the next request a D1 read.
    await cache?.put(key, entry).catch(() => undefined)
    state = 'MISS'
  }
  // `private`: the response carries per-user headers, so shared caches between client and us must not keep it.
  const headers = { ETag: etag, 'Cache-Control': `private, max-age=${CATALOGUE_MAX_AGE_SECONDS}`, 'X-Cache': state }
  if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' })
}
