// Share links (spec §4.3 POST /projects/:id/share, docs/decisions.md §6): a random 32-byte token whose SHA-256
// alone is stored. Beyond the spec: list and revoke links. Public: GET /shared/:token (JSON; no key,
// limited per IP). The HTML page for the same token is in routes/share-page.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonResponse, MAX_LIST_ITEMS } from '../lib/openapi'
import { parseId } from '../lib/ids'
import { principalOf } from '../middleware/plan-gate'
import { createShare, DEFAULT_SHARE_DAYS, listShares, MAX_SHARE_DAYS, lookupShare, revokeShare, unavailableShare } from '../services/shares'
import { sharedProjectView } from '../services/share-view'
import {
  CreateShareSchema,
  ProjectIdParam,
  ShareLinkMetaSchema,
  ShareLinkSchema,
  ShareParams,
  SharedProjectSchema,
} from './project-schemas'
import { publicOrigin } from '../lib/public-origin'

const tags = ['Projects']

const createShareRoute = createRoute({
  method: 'post',
  path: '/projects/{id}/share',
  tags,
  operationId: 'shareProject',
  summary: 'Create a time-limited, read-only public link to a project',
  description:
    `Body optional: expiresInDays, integer 1–${MAX_SHARE_DAYS}, default ${DEFAULT_SHARE_DAYS}. ` +
    `shareUrl opens an HTML page (no API key); jsonUrl gives the same as JSON. The token is shown ` +
    `only now; only its hash is stored.`,
  request: { params: ProjectIdParam, body: { required: false, content: { 'application/json': { schema: CreateShareSchema } } } },
  responses: { 201: jsonResponse(ShareLinkSchema, 'The link'), ...errorResponses(400, 404) },
})

const listSharesRoute = createRoute({
  method: 'get',
  path: '/projects/{id}/shares',
  tags,
  operationId: 'listProjectShares',
  summary: 'The project’s share links, newest first (never the token)',
  description: 'Link metadata only: the token exists only in the shareUrl returned at creation.',
  request: { params: ProjectIdParam },
  responses: { 200: jsonResponse(z.array(ShareLinkMetaSchema).max(MAX_LIST_ITEMS), 'Links'), ...errorResponses(404) },
})

const revokeShareRoute = createRoute({
  method: 'delete',
  path: '/projects/{id}/shares/{shareId}',
  tags,
  operationId: 'revokeProjectShare',
  summary: 'Revoke a share link now: its page and JSON answer 410 from then on',
  description: 'Idempotent: revoking again keeps the first revokedAt. Unknown or foreign ids → 404.',
  request: { params: ShareParams },
  responses: { 200: jsonResponse(ShareLinkMetaSchema, 'The revoked link'), ...errorResponses(404) },
})

const sharedRoute = createRoute({
  method: 'get',
  path: '/shared/{link}',
  tags,
  operationId: 'getSharedProject',
  summary: 'A shared project as JSON (public: no API key, limited per client IP)',
  description:
    'Project name and description, locations with score, grade and factor scores, data attribution. ' +
    'No notes, user or location ids. Unknown code → 404; characters outside base64url → 400; expired ' +
    'or revoked → 410 GONE.',
  security: [],
  // The path segment is the link's secret (a capability URL, as shareUrl is): read-only, one project,
  // expiring and revocable; the page sends no referrer and is noindex.
  request: {
    params: z.object({
      link: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,100}$/)
        .max(100)
        .openapi({ param: { name: 'link', in: 'path' }, description: 'The code at the end of shareUrl (43 characters, base64url)' }),
    }),
  },
  responses: { 200: jsonResponse(SharedProjectSchema, 'The shared project'), ...errorResponses(400, 404, 410) },
})

export const shareRoutes = createRouter()
  .openapi(createShareRoute, async (c) => {
    const origin = publicOrigin(c) // before any write: a misconfigured server creates nothing
    const projectId = parseId(c.req.valid('param').id, 'Project')
    const body = (c.req.valid('json') ?? {}) as { expiresInDays?: number }
    const link = await createShare(c.env.DB, principalOf(c).userId, projectId, body.expiresInDays)
    return c.json(
      {
        id: link.id,
        shareUrl: `${origin}/share/${link.token}`,
        jsonUrl: `${origin}/api/v1/shared/${link.token}`,
        expiresAt: link.expiresAt,
      },
      201,
    )
  })
  .openapi(listSharesRoute, async (c) =>
    c.json(await listShares(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Project')), 200),
  )
  .openapi(revokeShareRoute, async (c) => {
    const { id, shareId } = c.req.valid('param')
    const projectId = parseId(id, 'Project')
    return c.json(await revokeShare(c.env.DB, principalOf(c).userId, projectId, parseId(shareId, 'Share link')), 200)
  })
  .openapi(sharedRoute, async (c) => {
    const found = await lookupShare(c.env.DB, c.req.valid('param').link)
    if (found.state !== 'ok') throw unavailableShare(found)
    c.header('X-Robots-Tag', 'noindex, nofollow')
    c.header('Cache-Control', 'private, no-store')
    return c.json(sharedProjectView(found.project, found.locations, found.expiresAt), 200)
  })
