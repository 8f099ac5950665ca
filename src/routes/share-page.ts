// GET /share/:token: the public HTML page behind a shareUrl (DESIGN §6). No API key; limited per
// client IP (app.ts). Unknown token → 404 page; expired or revoked → 410 page.
import { Hono } from 'hono'
import type { AppEnv } from '../env'
import { getDb } from '../db/client'
import { lookupShare } from '../services/projects'
import { sharedProjectView } from '../services/share-view'
import { renderMessagePage, renderSharePage, SHARE_PAGE_CSP } from '../views/share-page'

export const sharePageRoutes = new Hono<AppEnv>().get('/share/:token', async (c) => {
  c.header('X-Robots-Tag', 'noindex, nofollow')
  c.header('Cache-Control', 'private, no-store')
  c.header('Content-Security-Policy', SHARE_PAGE_CSP)
  const found = await lookupShare(getDb(c.env.DB), c.req.param('token'))
  if (found.state === 'missing') return c.html(renderMessagePage('Link not found', 'This share link does not exist. Check that it was copied completely.'), 404)
  if (found.state === 'gone') {
    const why = found.reason === 'expired' ? 'This share link has expired.' : 'This share link has been revoked by its owner.'
    return c.html(renderMessagePage('Link no longer available', `${why} Ask the project owner for a new link.`), 410)
  }
  return c.html(renderSharePage(sharedProjectView(found.project, found.locations, found.expiresAt)), 200)
})
