import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, displayText, errorResponses, jsonBody, jsonResponse, MAX_LIST_ITEMS, text, Timestamp, Uuid } from '../lib/openapi'
import { parseId, UuidParam } from '../lib/ids'
import { PLANS } from '../auth/plans'
import { createApiKey, listApiKeys, revokeApiKey, setUserPlan } from '../services/api-keys'

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

const UserSchema = z
  .object({ id: Uuid, email: text(254), plan: z.enum(PLANS), createdAt: Timestamp, updatedAt: Timestamp })
  .openapi('AdminUser')

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
        name: displayText('name', z.string().trim().min(1).max(100)).optional(),
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
  responses: {
    200: jsonResponse(z.object({ keys: z.array(KeyMetaSchema).max(MAX_LIST_ITEMS) }), 'Keys, newest first'),
    ...errorResponses(),
  },
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

export const adminKeyRoutes = createRouter()
  .openapi(createKey, async (c) => c.json(await createApiKey(c.env, c.req.valid('json')), 201))
  .openapi(listKeys, async (c) => c.json({ keys: await listApiKeys(c.env.DB, c.req.valid('query').email) }, 200))
  .openapi(revokeKey, async (c) => c.json(await revokeApiKey(c.env, parseId(c.req.valid('param').id, 'Key')), 200))
  .openapi(setPlan, async (c) => c.json(await setUserPlan(c.env, c.req.valid('param').user, c.req.valid('json').plan), 200))
