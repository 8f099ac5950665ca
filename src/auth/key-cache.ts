import type { Principal } from '../env'

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
