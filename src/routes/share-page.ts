// GET /share/:link: the public HTML page behind a shareUrl (docs/decisions.md §6). No API key; limited per
// client IP (app.ts). Unknown link → 404, expired or revoked → 410: an HTML page for browsers
// (Accept: text/html), the JSON error envelope for other clients.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, ErrorSchema, standardHeaders } from '../lib/openapi'
import { lookupShare, unavailableShare } from '../services/shares'
import { sharedProjectView } from '../services/share-view'
import { renderMessagePage, renderSharePage, SHARE_PAGE_CSP } from '../views/share-page'

const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string().max(2_000_000) } },
  headers: standardHeaders,
})
const htmlOrError = (description: string) => ({
  ...html(description),
  content: { ...html(description).content, 'application/json': { schema: ErrorSchema } },
})

/** Browsers (Accept: text/html) get a page; other clients get the usual JSON error envelope. */
const wantsHtml = (accept: string | undefined) => /text\/html/i.test(accept ?? '')

const sharePageRoute = createRoute({
  method: 'get',
  path: '/share/{link}',
  tags: ['Projects'],
  operationId: 'viewSharedProjectPage',
  summary: 'The public, read-only HTML page of a shared project (the shareUrl)',
  description:
    'No API key; limited per client IP. Project name and description, a table of locations with ' +
    'score, grade and factor bars, an SVG plot of the points and data attribution. noindex; no ' +
    'notes or ids. Same data as GET /api/v1/shared/{link}.',
  security: [],
  // The path segment is the link's secret (a capability URL): read-only, expiring, revocable.
  request: {
    params: z.object({
      link: z
        .string()
        .max(100)
        .openapi({ param: { name: 'link', in: 'path' }, description: 'The code at the end of shareUrl' }),
    }),
  },
  responses: {
    200: html('The page'),
    404: htmlOrError('Unknown link: an HTML page for browsers (Accept: text/html), else the JSON error envelope'),
    410: htmlOrError('Expired or revoked link: an HTML page for browsers, else the JSON error envelope (GONE)'),
  },
})

export const sharePageRoutes = createRouter().openapi(sharePageRoute, async (c) => {
  c.header('X-Robots-Tag', 'noindex, nofollow')
  c.header('Cache-Control', 'private, no-store')
  c.header('Content-Security-Policy', SHARE_PAGE_CSP)
  const found = await lookupShare(c.env.DB, c.req.valid('param').link)
  const browser = wantsHtml(c.req.header('accept'))
  if (found.state === 'missing') {
    if (!browser) throw unavailableShare(found)
    return c.html(renderMessagePage('Link not found', 'This share link does not exist. Check that it was copied completely.'), 404)
  }
  if (found.state === 'gone') {
    if (!browser) throw unavailableShare(found)
    const why = found.reason === 'expired' ? 'This share link has expired.' : 'This share link has been revoked by its owner.'
    return c.html(renderMessagePage('Link no longer available', `${why} Ask the project owner for a new link.`), 410)
  }
  return c.html(renderSharePage(sharedProjectView(found.project, found.locations, found.expiresAt)), 200)
})
