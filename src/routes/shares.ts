// Share links (spec §4.3 POST /projects/:id/share, docs/decisions.md §6): a random 32-byte token whose SHA-256
// alone is stored. Beyond the spec: list and revoke links. Public: GET /shared/:token (JSON; no key,
// limited per IP). The HTML page for the same token is in routes/share-page.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { createRouter, errorResponses, jsonResponse, text } from '../lib/openapi'
import { principalOf } from '../middleware/plan-gate'
import { getDb, schema } from '../db/client'
import { ApiError, notFound } from '../errors'
import { isUuid } from '../lib/openapi'
import { DEFAULT_SHARE_DAYS, generateShareToken, hashShareToken, lookupShare, ownedProject } from '../services/projects'
import { sharedProjectView } from '../services/share-view'
import { CreateShareSchema, ProjectIdParam, ShareLinkMetaSchema, ShareLinkSchema, ShareParams, SharedProjectSchema } from './project-schemas'
import { publicOrigin } from '../lib/public-origin'

const tags = ['Projects']
const DAY_MS = 86_400_000

const createShareRoute = createRoute({
  method: 'post', path: '/projects/{id}/share', tags, operationId: 'shareProject',
  summary: 'Create a time-limited, read-only public link to a project',
  description: 'Body optional: expiresInDays, integer 1–365, default 30. shareUrl opens an HTML page (no API key); jsonUrl gives the same as JSON. The token is shown only now; only its hash is stored.',
  request: { params: ProjectIdParam, body: { required: false, content: { 'application/json': { schema: CreateShareSchema } } } },
  responses: { 201: jsonResponse(ShareLinkSchema, 'The link'), ...errorResponses(400, 404) },
})

const listSharesRoute = createRoute({
  method: 'get', path: '/projects/{id}/shares', tags, operationId: 'listProjectShares',
  summary: 'The project’s share links, newest first (never the token)',
  description: 'Link metadata only: the token exists only in the shareUrl returned at creation.',
  request: { params: ProjectIdParam },
  responses: { 200: jsonResponse(z.array(ShareLinkMetaSchema).max(10_000), 'Links'), ...errorResponses(404) },
})

const revokeShareRoute = createRoute({
  method: 'delete', path: '/projects/{id}/shares/{shareId}', tags, operationId: 'revokeProjectShare',
  summary: 'Revoke a share link now: its page and JSON answer 410 from then on',
  description: 'Idempotent: revoking again keeps the first revokedAt. Unknown or foreign ids → 404.',
  request: { params: ShareParams },
  responses: { 200: jsonResponse(ShareLinkMetaSchema, 'The revoked link'), ...errorResponses(404) },
})

const sharedRoute = createRoute({
  method: 'get', path: '/shared/{link}', tags, operationId: 'getSharedProject',
  summary: 'A shared project as JSON (public: no API key, limited per client IP)',
  description: 'Project name and description, locations with score, grade and factor scores, data attribution. No notes, user or location ids. Unknown code → 404; characters outside base64url → 400; expired or revoked → 410 GONE.',
  security: [],
  // The path segment is the link's secret (a capability URL, as shareUrl is): read-only, one project,
  // expiring and revocable; the page sends no referrer and is noindex.
  request: { params: z.object({ link: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).max(100).openapi({ param: { name: 'link', in: 'path' }, description: 'The code at the end of shareUrl (43 characters, base64url)' }) }) },
  responses: { 200: jsonResponse(SharedProjectSchema, 'The shared project'), ...errorResponses(400, 404, 410) },
})

const shareMeta = (r: typeof schema.shareLinks.$inferSelect) => ({ id: r.id, expiresAt: r.expiresAt, revokedAt: r.revokedAt, createdAt: r.createdAt })

export const shareRoutes = createRouter()
  .openapi(createShareRoute, async (c) => {
    const origin = publicOrigin(c) // before any write: a misconfigured server creates nothing
    const { userId } = principalOf(c)
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, c.req.valid('param').id)
    const body = (c.req.valid('json') ?? {}) as { expiresInDays?: number }
    const days = body.expiresInDays ?? DEFAULT_SHARE_DAYS
    const token = generateShareToken()
    const now = new Date()
    const row = { id: crypto.randomUUID(), projectId: project.id, userId, tokenHash: await hashShareToken(token), expiresAt: new Date(now.getTime() + days * DAY_MS).toISOString(), revokedAt: null, createdAt: now.toISOString() }
    await db.insert(schema.shareLinks).values(row)
    return c.json({ id: row.id, shareUrl: `${origin}/share/${token}`, jsonUrl: `${origin}/api/v1/shared/${token}`, expiresAt: row.expiresAt }, 201)
  })
  .openapi(listSharesRoute, async (c) => {
    const { userId } = principalOf(c)
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, c.req.valid('param').id)
    const rows = await db.select().from(schema.shareLinks).where(and(eq(schema.shareLinks.projectId, project.id), eq(schema.shareLinks.userId, userId))).orderBy(desc(schema.shareLinks.createdAt))
    return c.json(rows.map(shareMeta), 200)
  })
  .openapi(revokeShareRoute, async (c) => {
    const { userId } = principalOf(c)
    const { id, shareId } = c.req.valid('param')
    const db = getDb(c.env.DB)
    const project = await ownedProject(db, userId, id)
    if (!isUuid(shareId)) throw notFound('Share link')
    const owned = and(eq(schema.shareLinks.id, shareId), eq(schema.shareLinks.projectId, project.id), eq(schema.shareLinks.userId, userId))
    // Revoking twice keeps the first revocation time.
    await db.update(schema.shareLinks).set({ revokedAt: new Date().toISOString() }).where(and(owned, isNull(schema.shareLinks.revokedAt)))
    const [row] = await db.select().from(schema.shareLinks).where(owned)
    if (!row) throw notFound('Share link')
    return c.json(shareMeta(row), 200)
  })
  .openapi(sharedRoute, async (c) => {
    const found = await lookupShare(getDb(c.env.DB), c.req.valid('param').link)
    if (found.state === 'missing') throw notFound('Shared project')
    if (found.state === 'gone') throw new ApiError('GONE', `This share link has ${found.reason === 'expired' ? 'expired' : 'been revoked'}`)
    c.header('X-Robots-Tag', 'noindex, nofollow')
    c.header('Cache-Control', 'private, no-store')
    return c.json(sharedProjectView(found.project, found.locations, found.expiresAt), 200)
  })
