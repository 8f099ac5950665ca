import type { Principal } from './principal'

/**
 * How long an isolate trusts a key it has verified without looking at KV again. This bounds how late a
 * revocation (or plan change) made in another isolate is seen here; the isolate that handles the
 * revocation forgets the key at once (forgetVerifiedKey). One KV read per key per second per isolate
 * instead of one per request (docs/decisions.md §3).
 */
export const VERIFIED_KEY_TTL_MS = 1_000
/** Bounds memory under key-guessing or many keys: the oldest entries go first. */
const MAX_VERIFIED_KEYS = 10_000

const verified = new Map<string, { principal: Principal; expiresAt: number }>()

/** The principal of a key hash verified less than VERIFIED_KEY_TTL_MS ago in this isolate. */
export function recentlyVerified(hash: string, now: number): Principal | undefined {
  const entry = verified.get(hash)
  if (!entry) return undefined
  if (entry.expiresAt > now) return entry.principal
  verified.delete(hash)
  return undefined
}

export function rememberVerifiedKey(hash: string, principal: Principal, now: number): void {
  verified.delete(hash)
  if (verified.size >= MAX_VERIFIED_KEYS) verified.delete(verified.keys().next().value!)
  verified.set(hash, { principal, expiresAt: now + VERIFIED_KEY_TTL_MS })
}

export function forgetVerifiedKey(hash: string): void {
  verified.delete(hash)
}

/** Versioned: a deploy that changes the cached record's shape starts from a cold cache, never a stale shape. */
export const KEY_CACHE_PREFIX = 'apikey:v2:'

/** Drops a key's cached record (KV and this isolate) after a revocation or plan change: the next request re-reads D1. */
export async function forgetKey(env: { KEYS: KVNamespace }, hash: string): Promise<void> {
  forgetVerifiedKey(hash)
  await env.KEYS.delete(KEY_CACHE_PREFIX + hash)
}
