// Webhook endpoints (docs/webhooks.md): POST/GET /webhooks, GET/PATCH/DELETE /webhooks/{id}, POST /webhooks/{id}/roll-secret,
// GET /webhooks/{id}/deliveries, POST /webhooks/{id}/deliveries/{eventId}/retry, POST /webhooks/{id}/test.
// Scoped by the key's user: others' endpoints → 404.
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../env'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { parseId } from '../lib/ids'
import { principalOf } from '../middleware/plan-gate'
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS } from '../lib/webhook-signature'
import { wakeWebhooks } from '../middleware/webhooks'
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listAttempts,
  listEndpoints,
  queuePing,
  retryDelivery,
  ROLLED_SECRET_GRACE_HOURS,
  rollSecret,
  updateEndpoint,
} from '../services/webhooks/endpoints'
import {
  CreatedWebhookEndpointSchema,
  CreateWebhookSchema,
  DeletedWebhookSchema,
  EVENT_ENVELOPES,
  QueuedPingSchema,
  QueuedRetrySchema,
  RolledWebhookSecretSchema,
  UpdateWebhookSchema,
  WebhookAttemptListSchema,
  WebhookDeliveryParam,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookIdParam,
} from './webhook-schemas'

const tags = ['Webhooks']
const WHAT = 'Webhook endpoint'

const createWebhookRoute = createRoute({
  method: 'post',
  path: '/webhooks',
  tags,
  operationId: 'createWebhookEndpoint',
  summary: 'Register a URL to receive signed events',
  description:
    'The response carries the signing secret (`whsec_…`) once. In production the URL must be https and resolve only to ' +
    'public addresses. Plans allow 2 (Free), 5 (Pro), 10 (Scale) or 25 (Enterprise) endpoints; beyond → 403.',
  request: { body: jsonBody(CreateWebhookSchema) },
  responses: { 201: jsonResponse(CreatedWebhookEndpointSchema, 'The new endpoint, with its secret'), ...errorResponses(400, 403) },
})

const listWebhooksRoute = createRoute({
  method: 'get',
  path: '/webhooks',
  tags,
  operationId: 'listWebhookEndpoints',
  summary: 'Your webhook endpoints, newest first (no secrets)',
  responses: { 200: jsonResponse(WebhookEndpointListSchema, 'Endpoints'), ...errorResponses() },
})

const getWebhookRoute = createRoute({
  method: 'get',
  path: '/webhooks/{id}',
  tags,
  operationId: 'getWebhookEndpoint',
  summary: 'One webhook endpoint (no secret)',
  request: { params: WebhookIdParam },
  responses: { 200: jsonResponse(WebhookEndpointSchema, 'The endpoint'), ...errorResponses(404) },
})

const updateWebhookRoute = createRoute({
  method: 'patch',
  path: '/webhooks/{id}',
  tags,
  operationId: 'updateWebhookEndpoint',
  summary: 'Change url, events or description; enabled: true turns a disabled endpoint back on',
  description: 'A new url passes the same checks as at creation. Re-enabling delivers events from then on, not those dropped.',
  request: { params: WebhookIdParam, body: jsonBody(UpdateWebhookSchema) },
  responses: { 200: jsonResponse(WebhookEndpointSchema, 'The endpoint'), ...errorResponses(400, 404) },
})

const deleteWebhookRoute = createRoute({
  method: 'delete',
  path: '/webhooks/{id}',
  tags,
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete an endpoint with its pending deliveries and log',
  request: { params: WebhookIdParam },
  responses: { 200: jsonResponse(DeletedWebhookSchema, 'Deleted'), ...errorResponses(404) },
})

const rollRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/roll-secret',
  tags,
  operationId: 'rollWebhookSecret',
  summary: 'Replace the signing secret (shown once)',
  description: `The old secret keeps signing, as a second \`v1\` in ${SIGNATURE_HEADER}, for ${ROLLED_SECRET_GRACE_HOURS} h.`,
  request: { params: WebhookIdParam },
  responses: { 200: jsonResponse(RolledWebhookSecretSchema, 'The endpoint with its new secret'), ...errorResponses(404, 409) },
})

const deliveriesRoute = createRoute({
  method: 'get',
  path: '/webhooks/{id}/deliveries',
  tags,
  operationId: 'listWebhookDeliveries',
  summary: 'Delivery attempts to this endpoint, newest first (status, latency, response code)',
  request: { params: WebhookIdParam },
  responses: { 200: jsonResponse(WebhookAttemptListSchema, 'Attempts'), ...errorResponses(404) },
})

const testRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/test',
  tags,
  operationId: 'testWebhookEndpoint',
  summary: 'Send a webhook.ping event to this endpoint',
  description: 'Queued and delivered like any event (signed, retried); see GET /webhooks/{id}/deliveries. Disabled endpoint → 409.',
  request: { params: WebhookIdParam },
  responses: { 202: jsonResponse(QueuedPingSchema, 'Queued'), ...errorResponses(404, 409) },
})

const retryRoute = createRoute({
  method: 'post',
  path: '/webhooks/{id}/deliveries/{eventId}/retry',
  tags,
  operationId: 'retryWebhookDelivery',
  summary: 'Send an event to this endpoint again',
  description:
    'The same event (id and envelope) is queued for this endpoint from the first attempt of the retry schedule: after ' +
    'fixing a receiver, or after re-enabling a disabled endpoint, whose failed deliveries are kept. An event never ' +
    'sent to this endpoint → 404; already queued or a disabled endpoint → 409.',
  request: { params: WebhookDeliveryParam },
  responses: { 202: jsonResponse(QueuedRetrySchema, 'Queued'), ...errorResponses(404, 409) },
})

export const webhookRoutes = createRouter()
  .openapi(createWebhookRoute, async (c) => {
    const { userId, plan } = principalOf(c)
    return c.json(await createEndpoint(c.env, { userId, plan }, c.req.valid('json')), 201)
  })
  .openapi(listWebhooksRoute, async (c) => c.json(await listEndpoints(c.env.DB, principalOf(c).userId), 200))
  .openapi(getWebhookRoute, async (c) =>
    c.json(await getEndpoint(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, WHAT)), 200),
  )
  .openapi(updateWebhookRoute, async (c) =>
    c.json(await updateEndpoint(c.env, principalOf(c).userId, parseId(c.req.valid('param').id, WHAT), c.req.valid('json')), 200),
  )
  .openapi(deleteWebhookRoute, async (c) => {
    const id = parseId(c.req.valid('param').id, WHAT)
    await deleteEndpoint(c.env.DB, principalOf(c).userId, id)
    return c.json({ id, deleted: true as const }, 200)
  })
  .openapi(rollRoute, async (c) => c.json(await rollSecret(c.env, principalOf(c).userId, parseId(c.req.valid('param').id, WHAT)), 200))
  .openapi(deliveriesRoute, async (c) =>
    c.json(await listAttempts(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, WHAT)), 200),
  )
  .openapi(retryRoute, async (c) => {
    const { userId } = principalOf(c)
    const { id, eventId } = c.req.valid('param')
    const queued = await retryDelivery(c.env.DB, userId, parseId(id, WHAT), parseId(eventId, 'Event'))
    wakeWebhooks(c, userId)
    return c.json(queued, 202)
  })
  .openapi(testRoute, async (c) => {
    const { userId } = principalOf(c)
    const queued = await queuePing(c.env.DB, userId, parseId(c.req.valid('param').id, WHAT))
    wakeWebhooks(c, userId)
    return c.json(queued, 202)
  })

/** Documents every event under the OpenAPI 3.1 `webhooks` section (and its envelope as a component). */
export function registerWebhookEvents(app: OpenAPIHono<AppEnv>) {
  for (const [type, envelope] of Object.entries(EVENT_ENVELOPES)) {
    app.openAPIRegistry.registerWebhook({
      method: 'post',
      path: type,
      tags,
      operationId: `webhookEvent_${type.replace('.', '_')}`,
      summary: `Event ${type}`,
      description:
        `POSTed to your endpoint, signed: \`${SIGNATURE_HEADER}: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">\`. Refuse a t more ` +
        `than ${SIGNATURE_TOLERANCE_SECONDS} s from your clock. Answer 2xx within 10 s; anything else is retried with backoff.`,
      security: [],
      request: { body: jsonBody(envelope) },
      responses: { 200: { description: 'Any 2xx acknowledges the event' } },
    })
  }
}
