// Staff key management (admin API): users are created with their first key; a plan change or a
// revocation drops the cached key records, so the next request re-reads D1.
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import { getDb, schema, type Db } from '../db/client'
import type { Env } from '../env'
import { generateApiKey, keyDisplayPrefix, type KeyMode } from '../auth/keys'
import type { Plan } from '../auth/plans'
import { forgetKey } from '../auth/key-cache'
import { notFound } from '../errors'
import { sha256Hex } from '../lib/crypto'
import { isUuid } from '../lib/ids'
import { notificationInsert } from './notifications'

export const WELCOME_DEDUPE_KEY = 'welcome'
const WELCOME = {
  type: 'system',
  title: 'Welcome to the Sign Placement Scoring API',
  message:
    'Score Canadian addresses with POST /api/v1/score, save them in projects, turn on monitoring ' +
    'for a location and we will tell you here when its score changes.',
  dedupeKey: WELCOME_DEDUPE_KEY,
} as const

const keyColumns = {
  id: schema.apiKeys.id,
  userId: schema.apiKeys.userId,
  email: schema.users.email,
  plan: schema.users.plan,
  name: schema.apiKeys.name,
  prefix: schema.apiKeys.prefix,
  mode: schema.apiKeys.mode,
  createdAt: schema.apiKeys.createdAt,
  revokedAt: schema.apiKeys.revokedAt,
}

const selectKeys = (db: Db) =>
  db.select(keyColumns).from(schema.apiKeys).innerJoin(schema.users, eq(schema.users.id, schema.apiKeys.userId))

/** Cached key records carry the plan; drop them so the next request re-reads D1. */
async function evictKeyCache(env: Env, db: Db, userId: string) {
  const rows = await db.select({ hash: schema.apiKeys.hash }).from(schema.apiKeys).where(eq(schema.apiKeys.userId, userId))
  await Promise.all(rows.map((r) => forgetKey(env, r.hash)))
}

export interface NewKey {
  email: string
  plan?: Plan
  name?: string
  mode: KeyMode
}

/** A new key (and the user, if new, with a welcome notification); the raw key is returned only now. */
export async function createApiKey(env: Env, { email, plan, name, mode }: NewKey) {
  const db = getDb(env.DB)
  const now = new Date().toISOString()
  const rawKey = generateApiKey(mode)
  const keyId = crypto.randomUUID()
  const hash = await sha256Hex(rawKey)
  // Upsert the user and insert the key in one batch: both land or neither does.
  const [, , [user]] = await db.batch([
    db
      .insert(schema.users)
      .values({ id: crypto.randomUUID(), email, plan: plan ?? 'free', createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: schema.users.email, set: plan ? { plan, updatedAt: now } : { updatedAt: schema.users.updatedAt } }),
    // The key row takes the user's id by email, so it is right whether the user is new or not.
    db.insert(schema.apiKeys).select(
      db
        .select({
          id: sql<string>`${keyId}`.as('id'),
          userId: schema.users.id,
          name: sql<string>`${name ?? 'default'}`.as('name'),
          prefix: sql<string>`${keyDisplayPrefix(rawKey)}`.as('prefix'),
          hash: sql<string>`${hash}`.as('hash'),
          mode: sql<KeyMode>`${mode}`.as('mode'),
          createdAt: sql<string>`${now}`.as('created_at'),
          revokedAt: sql<string | null>`NULL`.as('revoked_at'),
        })
        .from(schema.users)
        .where(eq(schema.users.email, email)),
    ),
    db.select().from(schema.users).where(eq(schema.users.email, email)),
    // Only a user created by this batch (createdAt is this request's timestamp) gets the welcome.
    notificationInsert(db, and(eq(schema.users.email, email), eq(schema.users.createdAt, now))!, WELCOME, now),
  ])
  if (plan) await evictKeyCache(env, db, user.id)
  const [meta] = await selectKeys(db).where(eq(schema.apiKeys.id, keyId))
  return { ...meta, key: rawKey }
}

/** Key metadata (never the key or its hash), newest first. */
export async function listApiKeys(d1: D1Database, email?: string) {
  const base = selectKeys(getDb(d1))
  return (email ? base.where(eq(schema.users.email, email.trim().toLowerCase())) : base).orderBy(desc(schema.apiKeys.createdAt))
}

/** Revokes now; revoking again keeps the first revokedAt. */
export async function revokeApiKey(env: Env, id: string) {
  const db = getDb(env.DB)
  const [key] = await db
    .update(schema.apiKeys)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(schema.apiKeys.id, id), isNull(schema.apiKeys.revokedAt)))
    .returning({ hash: schema.apiKeys.hash })
  if (key) await forgetKey(env, key.hash)
  const [meta] = await selectKeys(db).where(eq(schema.apiKeys.id, id))
  if (!meta) throw notFound('Key')
  return meta
}

/** `ref` is the user's id (any case) or email. */
export async function setUserPlan(env: Env, ref: string, plan: Plan) {
  const db = getDb(env.DB)
  const byId = isUuid(ref) ? eq(schema.users.id, ref.toLowerCase()) : undefined
  const [user] = await db
    .update(schema.users)
    .set({ plan, updatedAt: new Date().toISOString() })
    .where(or(byId, eq(schema.users.email, ref.trim().toLowerCase())))
    .returning()
  if (!user) throw notFound('User')
  await evictKeyCache(env, db, user.id)
  return user
}
