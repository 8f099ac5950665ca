// GET /docs: the interactive API reference, fully self-hosted. The UI bundle is the pinned
// @scalar/api-reference package, copied from node_modules into the static assets on install
// (scripts/vendor-docs-ui.mjs), so the page needs no third-party CDN and works offline.
import { Hono } from 'hono'
import { Scalar } from '@scalar/hono-api-reference'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'

export const DOCS_PATH = '/docs'
export const DOCS_BUNDLE_PATH = '/docs/scalar.js'

/**
 * Only our own origin, plus the per-response nonce for the two inline script/style blocks the page
 * needs. The UI injects styles at run time (style-src 'unsafe-inline'); fonts and images come
 * inline (data:) or from us, and requests go to this API only (connect-src 'self').
 */
const contentSecurityPolicy = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')

const newNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))

export function docsRoutes(openApiPath: string) {
  return new Hono<AppEnv>()
    .get(DOCS_PATH, async (c, next) => {
      const nonce = newNonce()
      c.header('Content-Security-Policy', contentSecurityPolicy(nonce))
      const page = Scalar<AppEnv>({
        url: openApiPath,
        pageTitle: 'Sign Placement Scoring API',
        cdn: DOCS_BUNDLE_PATH,
        nonce,
        withDefaultFonts: false,
        hideClientButton: true,
        telemetry: false,
        // Hosted Scalar services (toolbar, AI agent, MCP) need the internet; this page must not.
        showDeveloperTools: 'never',
        mcp: { disabled: true },
      })
      return page(c, next)
    })
    .get(DOCS_BUNDLE_PATH, async (c) => {
      const asset = await c.env.ASSETS?.fetch(new Request(new URL(DOCS_BUNDLE_PATH, c.req.url)))
      if (!asset?.ok)
        throw new ApiError('NOT_FOUND', 'The API reference UI is not installed on this server (npm install copies it into public/docs/)')
      return c.body(asset.body!, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' })
    })
}
