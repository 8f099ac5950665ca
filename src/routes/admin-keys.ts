import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm'
import { createRouter, errorResponses, jsonBody, jsonResponse, text, Timestamp, Uuid, UuidParam } from '../lib/openapi'
import { getDb, schema, type Db } from '../db/client'
import { generateApiKey, keyDisplayPrefix, sha256Hex } from '../auth/keys'
import { PLANS } from '../auth/plans'
import { KEY_CACHE_PREFIX } from '../middleware/auth'
import { notFound } from '../errors'
import { welcomeNotificationInsert } from '../services/welcome'
import type { Env } from '../env'

const KeyMetaSchema = z
  .object({
    id: Uuid,
    userId: Uuid,
    email: text(254),
    plan: z.enum(PLANS),
    name: text(100),
    prefix: text(12),
    mode: z.enum(['live', 'test']),
    createdAt: Timestamp,
    revokedAt: Timestamp.nullable(),
  })
  .openapi('AdminKey')

const UserSchema = z.object({ id: Uuid, email: text(254), plan: z.enum(PLANS), createdAt: Timestamp, updatedAt: Timestamp }).openapi('AdminUser')

const adminSecurity = [{ AdminToken: [] }]

const createKey = createRoute({
  method: 'post',
  path: '/keys',
  tags: ['Admin'],
  summary: 'Create an API key (and the user, if new). The raw key is returned once.',
  security: adminSecurity,
  request: {
    body: jsonBody(
      z.object({
        email: z.string().trim().toLowerCase().email().max(254),
        plan: z.enum(PLANS).optional().openapi({ description: 'Sets the user’s plan; new users default to free' }),
        name: z.string().trim().min(1).max(100).optional(),
        mode: z.enum(['live', 'test']).default('live'),
      }),
    ),
  },
  responses: { 201: jsonResponse(KeyMetaSchema.extend({ key: text(64) }), 'The new key (shown only now)'), ...errorResponses(400) },
})

const listKeys = createRoute({
  method: 'get',
  path: '/keys',
  tags: ['Admin'],
  summary: 'List key metadata (never the key or its hash)',
  security: adminSecurity,
  request: { query: z.object({ email: text(254).optional() }) },
  responses: { 200: jsonResponse(z.object({ keys: z.array(KeyMetaSchema).max(10_000) }), 'Keys, newest first'), ...errorResponses() },
})

const revokeKey = createRoute({
  method: 'post',
  path: '/keys/{id}/revoke',
  tags: ['Admin'],
  summary: 'Revoke a key immediately',
  security: adminSecurity,
  request: { params: UuidParam },
  responses: { 200: jsonResponse(KeyMetaSchema, 'The revoked key'), ...errorResponses(404) },
})

const setPlan = createRoute({
  method: 'patch',
  path: '/users/{user}',
  tags: ['Admin'],
  summary: 'Change a user’s plan (user id or email)',
  security: adminSecurity,
  request: {
    params: z.object({ user: text(254).openapi({ param: { name: 'user', in: 'path' } }) }),
    body: jsonBody(z.object({ plan: z.enum(PLANS) })),
  },
  responses: { 200: jsonResponse(UserSchema, 'The updated user'), ...errorResponses(400, 404) },
})

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

const selectKeys = (db: Db) => db.select(keyColumns).from(schema.apiKeys).innerJoin(schema.users, eq(schema.users.id, schema.apiKeys.userId))

/** Cached key records carry the plan; drop them so the next request re-reads D1. */
async function evictKeyCache(env: Env, db: Db, userId: string) {
  const rows = await db.select({ hash: schema.apiKeys.hash }).from(schema.apiKeys).where(eq(schema.apiKeys.userId, userId))
  await Promise.all(rows.map((r) => env.KEYS.delete(KEY_CACHE_PREFIX + r.hash)))
}

export const adminKeyRoutes = createRouter()
  .openapi(createKey, async (c) => {
    const { email, plan, name, mode } = c.req.valid('json')
    const db = getDb(c.env.DB)
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
            mode: sql<'live' | 'test'>`${mode}`.as('mode'),
            createdAt: sql<string>`${now}`.as('created_at'),
            revokedAt: sql<string | null>`NULL`.as('revoked_at'),
          })
          .from(schema.users)
          .where(eq(schema.users.email, email)),
      ),
      db.select().from(schema.users).where(eq(schema.users.email, email)),
      // A new user (created by this batch) gets the `system` welcome notification; existing users don't.
      welcomeNotificationInsert(db, email, now),
    ])
    if (plan) await evictKeyCache(c.env, db, user.id)
    const [meta] = await selectKeys(db).where(eq(schema.apiKeys.id, keyId))
    return c.json({ ...meta, key: rawKey }, 201)
  })
  .openapi(listKeys, async (c) => {
    const { email } = c.req.valid('query')
    const db = getDb(c.env.DB)
    const base = selectKeys(db)
    const keys = await (email ? base.where(eq(schema.users.email, email.trim().toLowerCase())) : base).orderBy(desc(schema.apiKeys.createdAt))
    return c.json({ keys }, 200)
  })
  .openapi(revokeKey, async (c) => {
    const { id } = c.req.valid('param')
    const db = getDb(c.env.DB)
    const [key] = await db
      .update(schema.apiKeys)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(schema.apiKeys.id, id), isNull(schema.apiKeys.revokedAt)))
      .returning({ hash: schema.apiKeys.hash })
    if (key) await c.env.KEYS.delete(KEY_CACHE_PREFIX + key.hash)
    const [meta] = await selectKeys(db).where(eq(schema.apiKeys.id, id))
    if (!meta) throw notFound('Key')
    return c.json(meta, 200)
  })
  .openapi(setPlan, async (c) => {
    const { user: ref } = c.req.valid('param')
    const { plan } = c.req.valid('json')
    const db = getDb(c.env.DB)
    const [user] = await db
      .update(schema.users)
      .set({ plan, updatedAt: new Date().toISOString() })
      .where(or(eq(schema.users.id, ref), eq(schema.users.email, ref.trim().toLowerCase())))
      .returning()
    if (!user) throw notFound('User')
    await evictKeyCache(c.env, db, user.id)
    return c.json(user, 200)
  })

