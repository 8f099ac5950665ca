import { OpenAPIHono } from '@hono/zod-openapi'
import { secureHeaders } from 'hono/secure-headers'
import { bodyLimit } from 'hono/body-limit'
import { methodNotAllowed } from 'hono/method-not-allowed'
import type { AppEnv } from './env'
import { ApiError } from './errors'
import { validationHook } from './lib/openapi'
import { handleError, handleNotFound, methodNotAllowedResponse } from './middleware/error-handler'
import { requireJsonBody } from './middleware/json-body'
import { cors } from './middleware/cors'
import { auth } from './middleware/auth'
import { enforceRateLimit, meterRequests, requireApiKey } from './middleware/rate-limit'
import { CLIENT_REQUEST_ID_HEADER, requestId } from './middleware/request-id'
import { adminAuth } from './middleware/admin-auth'
import { HEALTH_PATH, healthRoutes } from './routes/health'
import { meRoutes } from './routes/me'
import { adminKeyRoutes } from './routes/admin-keys'
import { scoreRoutes } from './routes/score'
import { nearbyRoutes } from './routes/nearby'
import { batchRoutes } from './routes/batch'
import { BATCH } from './services/batch'
import { productRoutes } from './routes/products'
import { cartRoutes } from './routes/cart'
import { orderRoutes } from './routes/orders'
import { quoteRoutes } from './routes/quotes'
import { adminCommerceRoutes } from './routes/admin-commerce'
import { roiRoutes } from './routes/roi'
import { reportRoutes } from './routes/reports'
import { prospectRoutes } from './routes/prospects'
import { aiRoutes } from './routes/ai'
import { projectRoutes } from './routes/projects'
import { locationRoutes } from './routes/locations'
import { shareRoutes } from './routes/shares'
import { notificationRoutes } from './routes/notifications'
import { sharePageRoutes } from './routes/share-page'
import { docsRoutes } from './routes/docs'
import { MCP_PATH, mcpRoutes } from './routes/mcp'
import { registerWebhookEvents, webhookRoutes } from './routes/webhooks'

export const API_BASE = '/api/v1'
const MAX_BODY_BYTES = 64 * 1024
const BATCH_PATH = `${API_BASE}/score/batch`

/** Paths under /api/v1 that need no API key (still limited per client IP). */
export const PUBLIC_API_PREFIXES = [`${API_BASE}/shared/`, `${API_BASE}/reports/files/`]

const EXPOSED_HEADERS = [
  'X-Request-Id',
  CLIENT_REQUEST_ID_HEADER,
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Quota-Limit',
  'X-Quota-Remaining',
  'Retry-After',
  'ETag',
  'X-Cache',
  'Idempotent-Replayed',
]

/** The document's top level (routes add the paths); also read by scripts/export-openapi.mjs. */
export const OPENAPI_DOCUMENT: Parameters<OpenAPIHono['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Sign Placement Scoring API',
    version: '1.0.0',
    description:
      'Scores Canadian addresses and coordinates for sign placement, and sells the sign. All errors ' +
      'share one envelope; every response carries rate-limit headers.',
    contact: { name: 'API support', email: 'support@example.com' },
  },
  servers: [{ url: '/', description: 'Production: this deployment', 'x-internal': false } as { url: string; description: string }],
  tags: [
    { name: 'Account', description: 'The calling key, its plan and usage' },
    { name: 'Scoring', description: 'Score and compare Canadian locations' },
    { name: 'AI', description: 'Natural-language helpers' },
    { name: 'Projects', description: 'Saved locations, share links' },
    { name: 'Notifications', description: 'Score changes, order and quote updates' },
    { name: 'Webhooks', description: 'Signed events pushed to your URL (docs/webhooks.md)' },
    { name: 'Catalogue', description: 'Sign products and variants' },
    { name: 'Cart', description: 'The caller’s cart' },
    { name: 'Orders', description: 'Checkout and order history' },
    { name: 'Quotes', description: 'Custom quote requests' },
    { name: 'ROI', description: 'Return-on-investment estimates' },
    { name: 'Reports', description: 'PDF score reports' },
    { name: 'Prospects', description: 'Business prospects (Enterprise)' },
    { name: 'Meta', description: 'Health and documentation' },
    { name: 'Admin', description: 'Staff only (ADMIN_TOKEN)' },
  ],
  security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
}

export function createApp() {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

  app.use('*', requestId())
  // Every response but the liveness probe is counted and carries the limit headers (see meterRequests).
  app.use(`${API_BASE}/*`, auth({ publicPrefixes: PUBLIC_API_PREFIXES }))
  app.use(MCP_PATH, auth())
  app.use('*', meterRequests({ unmetered: [HEALTH_PATH] }))
  app.use('*', methodNotAllowed({ app, onMethodNotAllowed: methodNotAllowedResponse }))
  app.use('*', secureHeaders())
  app.use(
    '*',
    cors({
      allowMethods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Authorization', 'X-Api-Key', 'Idempotency-Key', 'If-None-Match', 'Mcp-Protocol-Version'],
      exposeHeaders: EXPOSED_HEADERS,
      maxAge: 86400,
    }),
  )
  app.use('*', enforceRateLimit())

  // Public: the probe (unmetered) and the documentation (limited per client IP).
  app.route('/', healthRoutes)
  app.doc31(`${API_BASE}/openapi.json`, OPENAPI_DOCUMENT)
  app.route('/', docsRoutes(`${API_BASE}/openapi.json`))
  app.openAPIRegistry.registerComponent('securitySchemes', 'ApiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'sk_live_… or sk_test_…',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'BearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Authorization: Bearer sk_…',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'AdminToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'Staff only: ADMIN_TOKEN',
  })

  // 64 KiB everywhere but batch scoring, which takes up to 1,000 locations (BATCH.maxBodyBytes).
  const limitBody = (maxSize: number, label: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${label}`)
      },
    })
  const defaultBodyLimit = limitBody(MAX_BODY_BYTES, `${MAX_BODY_BYTES / 1024} KiB`)
  const batchBodyLimit = limitBody(BATCH.maxBodyBytes, `${BATCH.maxBodyBytes / 1024 / 1024} MiB`)
  app.use('*', (c, next) => (c.req.path === BATCH_PATH ? batchBodyLimit(c, next) : defaultBodyLimit(c, next)))
  app.use('*', requireJsonBody({ csvPaths: [BATCH_PATH] }))

  app.use('/admin/v1/*', adminAuth())
  app.route('/admin/v1', adminKeyRoutes)
  app.route('/admin/v1', adminCommerceRoutes)

  app.use(`${API_BASE}/*`, requireApiKey())
  app.use(MCP_PATH, requireApiKey())

  // Resource routes: one file per resource under src/routes/.
  app.route(API_BASE, meRoutes)
  app.route(API_BASE, scoreRoutes)
  app.route(API_BASE, nearbyRoutes)
  app.route(API_BASE, batchRoutes)
  app.route(API_BASE, productRoutes)
  app.route(API_BASE, cartRoutes)
  app.route(API_BASE, orderRoutes)
  app.route(API_BASE, quoteRoutes)
  app.route(API_BASE, roiRoutes)
  app.route(API_BASE, reportRoutes)
  app.route(API_BASE, prospectRoutes)
  app.route(API_BASE, aiRoutes)
  app.route(API_BASE, projectRoutes)
  app.route(API_BASE, locationRoutes)
  app.route(API_BASE, shareRoutes)
  app.route(API_BASE, notificationRoutes)
  app.route(API_BASE, webhookRoutes)
  registerWebhookEvents(app)
  // MCP for AI agents (docs/mcp.md): the same keys, limits and services as the REST API.
  app.route('/', mcpRoutes)
  // Public share page (HTML): no key, limited per client IP like the other public paths.
  app.route('/', sharePageRoutes)

  app.notFound(handleNotFound)
  app.onError(handleError)
  return app
}

export const app = createApp()
