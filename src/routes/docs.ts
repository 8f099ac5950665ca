// GET /docs: the interactive API reference, fully self-hosted. The UI bundle is the pinned
// @scalar/api-reference package, copied from node_modules into the static assets on install
// (scripts/vendor-docs-ui.mjs), so the page needs no third-party CDN and works offline. The page itself is
// the bundle's documented standalone embedding (a div and Scalar.createApiReference), written here so
// each script tag carries the CSP nonce; see docs/decisions.md "Install on Node 20" for why not the
// @scalar/hono-api-reference wrapper.
import { Hono } from 'hono'
import { html, raw } from 'hono/html'
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

/** Options of the standalone bundle; hosted Scalar services (client, AI agent, MCP, fonts CDN) need the internet, this page must not. */
const referenceConfig = (url: string) => ({
  url,
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  mcp: { disabled: true },
})

/** JSON for an inline script: `<` escaped so no value can close the script element. */
const scriptJson = (value: unknown) => raw(JSON.stringify(value).replace(/</g, '\\u003c'))

const docsPage = (openApiPath: string, nonce: string) => html`<!doctype html>
<html lang="en">
  <head>
    <title>Sign Placement Scoring API</title>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <div id="app"></div>
    <script src="${DOCS_BUNDLE_PATH}" nonce="${nonce}"></script>
    <script nonce="${nonce}">
      Scalar.createApiReference('#app', ${scriptJson(referenceConfig(openApiPath))})
    </script>
  </body>
</html>`

export function docsRoutes(openApiPath: string) {
  return new Hono<AppEnv>()
    .get(DOCS_PATH, (c) => {
      const nonce = newNonce()
      c.header('Content-Security-Policy', contentSecurityPolicy(nonce))
      return c.html(docsPage(openApiPath, nonce))
    })
    .get(DOCS_BUNDLE_PATH, async (c) => {
      const asset = await c.env.ASSETS?.fetch(new Request(new URL(DOCS_BUNDLE_PATH, c.req.url)))
      if (!asset?.ok)
        throw new ApiError('NOT_FOUND', 'The API reference UI is not installed on this server (npm install copies it into public/docs/)')
      return c.body(asset.body!, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' })
    })
}
