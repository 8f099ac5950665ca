import type { MiddlewareHandler } from 'hono'
import { eq } from 'drizzle-orm'
import type { AppEnv, Principal } from '../env'
import { getDb, schema } from '../db/client'
import { isWellFormedApiKey } from '../auth/keys'
import { sha256Hex } from '../lib/crypto'
import { isPlan } from '../auth/plans'
import { KEY_CACHE_PREFIX, recentlyVerified, rememberVerifiedKey } from '../auth/key-cache'
const KEY_CACHE_TTL_SECONDS = 3600

export interface AuthOptions {
  /** Path prefixes that need no key (they are still limited per client IP). */
  publicPrefixes?: string[]
}

function extractKey(header: (name: string) => string | undefined): string | undefined {
  const direct = header('x-api-key')?.trim()
  if (direct) return direct
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header('authorization') ?? '')
  return match?.[1]
}

/**
 * KV holds hashed-key records (read-heavy, edge-cached); D1 is the source of truth on a miss. KV is
 * only a cache here, so a KV failure degrades to the D1 lookup instead of failing the request.
 */
export async function lookupKey(env: AppEnv['Bindings'], hash: string): Promise<Principal | null> {
  const cached = await env.KEYS.get<Principal>(KEY_CACHE_PREFIX + hash, 'json').catch(() => null)
  if (cached) return cached
  const rows = await getDb(env.DB)
    .select({ key: schema.apiKeys, user: schema.users })
    .from(schema.apiKeys)
    .innerJoin(schema.users, eq(schema.users.id, schema.apiKeys.userId))
    .where(eq(schema.apiKeys.hash, hash))
    .limit(1)
  const row = rows[0]
  if (!row || row.key.revokedAt || !isPlan(row.user.plan)) return null
  const { key, user } = row
  // Everything /me shows is in the cached record, so an authenticated request needs no D1 read.
  const principal: Principal = {
    userId: user.id,
    email: user.email,
    plan: user.plan,
    userCreatedAt: user.createdAt,
    keyId: key.id,
    key: { name: key.name, prefix: key.prefix, mode: key.mode, createdAt: key.createdAt },
  }
  await env.KEYS.put(KEY_CACHE_PREFIX + hash, JSON.stringify(principal), { expirationTtl: KEY_CACHE_TTL_SECONDS }).catch(() => undefined)
  return principal
}

/** The caller of a key hash: verified in this isolate within the last second, else looked up (KV, then D1). */
async function verifyKey(env: AppEnv['Bindings'], hash: string): Promise<Principal | null> {
  const recent = recentlyVerified(hash, Date.now())
  if (recent) return recent
  const principal = await lookupKey(env, hash)
  // Only valid keys are remembered: a key issued a moment ago must work at once.
  if (principal) rememberVerifiedKey(hash, principal, Date.now())
  return principal
}

/**
 * Resolves the caller from `x-api-key` or `Authorization: Bearer`. It does not reject by itself:
 * the rate limiter runs next so that failed attempts are counted per IP before the 401 is sent.
 */
export const auth = (options: AuthOptions = {}): MiddlewareHandler<AppEnv> => {
  const publicPrefixes = options.publicPrefixes ?? []
  return async (c, next) => {
    if (publicPrefixes.some((p) => c.req.path.startsWith(p))) return next()
    const key = extractKey((name) => c.req.header(name))
    const authorization = c.req.header('authorization')?.trim()
    if (!key && authorization) {
      c.set(
        'authFailure',
        /^sk_/i.test(authorization)
          ? 'Authorization header is missing the Bearer scheme: send `Authorization: Bearer sk_...` (or ' + '`x-api-key: sk_...`)'
          : 'Authorization header must use the Bearer scheme: `Authorization: Bearer sk_...` (or send `x-api-key: ' + 'sk_...`)',
      )
    } else if (!key) {
      c.set('authFailure', 'Missing API key: send it as `x-api-key: sk_...` or `Authorization: Bearer sk_...`')
    } else if (!isWellFormedApiKey(key)) {
      c.set('authFailure', 'Invalid API key')
    } else {
      const principal = await verifyKey(c.env, await sha256Hex(key))
      if (principal) c.set('principal', principal)
      else c.set('authFailure', 'Invalid or revoked API key')
    }
    await next()
  }
}
