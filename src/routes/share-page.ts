// GET /share/:link: the public HTML page behind a shareUrl (DESIGN §6). No API key; limited per
// client IP (app.ts). Unknown link → 404 page; expired or revoked → 410 page.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, standardHeaders } from '../lib/openapi'
import { getDb } from '../db/client'
import { lookupShare } from '../services/projects'
import { sharedProjectView } from '../services/share-view'
import { renderMessagePage, renderSharePage, SHARE_PAGE_CSP } from '../views/share-page'

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string().max(2_000_000) } }, headers: standardHeaders })

const sharePageRoute = createRoute({
  method: 'get', path: '/share/{link}', tags: ['Projects'], operationId: 'viewSharedProjectPage',
  summary: 'The public, read-only HTML page of a shared project (the shareUrl)',
  description: 'No API key; limited per client IP. Project name and description, a table of locations with score, grade and factor bars, an SVG plot of the points and data attribution. noindex; no notes or ids. Same data as GET /api/v1/shared/{link}.',
  security: [],
  // The path segment is the link's secret (a capability URL): read-only, expiring, revocable.
  request: { params: z.object({ link: z.string().max(100).openapi({ param: { name: 'link', in: 'path' }, description: 'The code at the end of shareUrl' }) }) },
  responses: { 200: html('The page'), 404: html('Unknown link (HTML page)'), 410: html('Expired or revoked link (HTML page)') },
})

export const sharePageRoutes = createRouter().openapi(sharePageRoute, async (c) => {
  c.header('X-Robots-Tag', 'noindex, nofollow')
  c.header('Cache-Control', 'private, no-store')
  c.header('Content-Security-Policy', SHARE_PAGE_CSP)
  const found = await lookupShare(getDb(c.env.DB), c.req.valid('param').link)
  if (found.state === 'missing') return c.html(renderMessagePage('Link not found', 'This share link does not exist. Check that it was copied completely.'), 404)
  if (found.state === 'gone') {
    const why = found.reason === 'expired' ? 'This share link has expired.' : 'This share link has been revoked by its owner.'
    return c.html(renderMessagePage('Link no longer available', `${why} Ask the project owner for a new link.`), 410)
  }
  return c.html(renderSharePage(sharedProjectView(found.project, found.locations, found.expiresAt)), 200)
})
