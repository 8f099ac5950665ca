// Zod/OpenAPI schemas of webhook endpoints, the delivery log and every event's envelope (docs/webhooks.md).
// The event schemas are documented under the OpenAPI 3.1 `webhooks` section and as components.
import { z } from '@hono/zod-openapi'
import { displayText, int, text, Timestamp, Uuid } from '../lib/openapi'
import { idParam } from '../lib/ids'
import { GRADES } from '../scoring'
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, NOTIFICATION_TYPES } from '../services/notifications'
import { ORDER_STATUSES } from '../services/commerce/order-status'
import { ATTEMPTS_LIMIT, PING_EVENT, WEBHOOK_EVENT_TYPES } from '../services/webhooks/endpoints'
import { WEBHOOK_API_VERSION } from '../services/webhooks/outbox'
import { PLAN_LIMITS } from '../auth/plans'

export const URL_MAX = 2048
const SUBSCRIBABLE = [...WEBHOOK_EVENT_TYPES, '*'] as const

export const WebhookIdParam = z.object({ id: idParam('id', 'Webhook endpoint UUID (any case; a malformed id → 404)') })

export const CreateWebhookSchema = z
  .object({
    url: z
      .string({ error: 'url is required' })
      .max(URL_MAX, { error: `url must be at most ${URL_MAX} characters` })
      .openapi({
        example: 'https://example.com/hooks/sign-placement',
        description: 'Where events are POSTed. In production: https, a public host (no private, loopback or link-local address).',
      }),
    events: z
      .array(z.enum(SUBSCRIBABLE), { error: 'events must be an array of event types' })
      .min(1, { error: 'events must name at least one event type (or "*")' })
      .max(SUBSCRIBABLE.length)
      .openapi({ example: ['location.score_changed', 'order.status_changed'], description: 'Event types to receive; "*" = all' }),
    description: displayText('description', z.string().max(200, { error: 'description must be at most 200 characters' })).optional(),
  })
  .strict()
  .openapi('CreateWebhookEndpoint')

export const UpdateWebhookSchema = CreateWebhookSchema.extend({
  url: CreateWebhookSchema.shape.url.optional(),
  events: CreateWebhookSchema.shape.events.optional(),
  description: CreateWebhookSchema.shape.description.unwrap().nullable().optional(),
  enabled: z.boolean().optional().openapi({ description: 'true turns a disabled endpoint back on; false pauses it' }),
})
  .strict()
  .refine((v) => Object.keys(v).length > 0, { error: 'give at least one of url, events, description, enabled' })
  .openapi('UpdateWebhookEndpoint')

const endpointFields = {
  id: Uuid,
  url: text(URL_MAX),
  description: text(200).nullable(),
  events: z.array(z.enum(SUBSCRIBABLE)).max(SUBSCRIBABLE.length),
  status: z.enum(['enabled', 'disabled']).openapi({ description: 'disabled after a delivery failed every retry for over a day' }),
  disabledReason: text(300).nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
}
const secret = text(64).openapi({ example: 'whsec_2lW1mY2o…', description: 'Signing secret: shown only here; store it now' })
export const WebhookEndpointSchema = z.object(endpointFields).openapi('WebhookEndpoint')
export const CreatedWebhookEndpointSchema = z.object({ ...endpointFields, secret }).openapi('CreatedWebhookEndpoint')
export const RolledWebhookSecretSchema = z
  .object({
    ...endpointFields,
    secret,
    previousSecretExpiresAt: Timestamp.openapi({ description: 'The old secret also signs (a second v1) until then' }),
  })
  .openapi('RolledWebhookSecret')
const maxEndpoints = Math.max(...Object.values(PLAN_LIMITS).map((p) => p.webhookEndpoints))
export const WebhookEndpointListSchema = z.array(WebhookEndpointSchema).max(maxEndpoints).openapi('WebhookEndpointList')
export const DeletedWebhookSchema = z.object({ id: Uuid, deleted: z.literal(true) }).openapi('DeletedWebhookEndpoint')

export const WebhookAttemptSchema = z
  .object({
    id: Uuid,
    eventId: Uuid,
    eventType: text(64),
    attempt: int(1, 100).openapi({ description: '1 for the first try; redeliveries keep the eventId' }),
    ok: z.boolean().openapi({ description: 'The receiver answered 2xx within 10 s' }),
    responseCode: int(100, 599).nullable().openapi({ description: 'null when no response (timeout, network error, refused URL)' }),
    latencyMs: int(0, 600_000),
    error: text(400).nullable(),
    createdAt: Timestamp,
  })
  .openapi('WebhookAttempt')
export const WebhookAttemptListSchema = z.array(WebhookAttemptSchema).max(ATTEMPTS_LIMIT).openapi('WebhookAttemptList')
export const QueuedPingSchema = z
  .object({ eventId: Uuid, type: z.literal(PING_EVENT), status: z.literal('queued') })
  .openapi('QueuedWebhookPing')

export const WebhookDeliveryParam = WebhookIdParam.extend({ eventId: idParam('eventId', 'Event UUID, as in the delivery log') })
export const QueuedRetrySchema = z
  .object({ eventId: Uuid, type: z.enum([...WEBHOOK_EVENT_TYPES, PING_EVENT]), status: z.literal('queued') })
  .openapi('QueuedWebhookRetry')

// Event payloads ------------------------------------------------------------------------------------------
const scoreAt = z.object({
  overallScore: z.number().min(0).max(100),
  grade: z.enum(GRADES),
  scoredAt: Timestamp,
  methodologyVersion: text(20).optional().openapi({
    example: '5.0.0',
    description: 'The scoring methodology of that score (absent for a score cached before versions were kept)',
  }),
})
const money = text(16).openapi({ example: '1249.00', description: 'CAD, two decimals' })

export const EVENT_DATA = {
  'location.score_changed': z
    .object({ projectId: Uuid, projectName: text(200), locationId: Uuid, address: text(400), previous: scoreAt, current: scoreAt })
    .openapi('LocationScoreChangedData', { description: 'The monitoring cron re-scored a monitored location: ≥ 5 points or a new grade' }),
  'notification.created': z
    .object({
      id: Uuid,
      type: z.enum(NOTIFICATION_TYPES),
      title: text(NOTIFICATION_TITLE_MAX),
      message: text(NOTIFICATION_MESSAGE_MAX),
      createdAt: Timestamp,
    })
    .openapi('NotificationCreatedData', { description: 'Any new notification (GET /notifications shows the same)' }),
  'order.status_changed': z
    .object({
      orderId: Uuid,
      previousStatus: z.enum(ORDER_STATUSES),
      status: z.enum(ORDER_STATUSES),
      trackingNumber: text(100).nullable(),
      total: money,
    })
    .openapi('OrderStatusChangedData', { description: 'An order moved one step: ordered → in_production → shipped → installed' }),
  'quote.answered': z
    .object({
      quoteId: Uuid,
      signType: text(200),
      status: z.literal('quoted'),
      price: money,
      message: text(2000),
      quotedAt: Timestamp,
      expiresAt: Timestamp,
    })
    .openapi('QuoteAnsweredData', { description: 'Staff priced a quote request; accept or decline before expiresAt' }),
  'report.ready': z
    .object({
      reportId: Uuid,
      reportUrl: text(600),
      expiresAt: Timestamp,
      address: text(400),
      overallScore: z.number().min(0).max(100),
      grade: z.enum(GRADES),
      sizeBytes: int(0),
    })
    .openapi('ReportReadyData', { description: 'A PDF score report was stored; reportUrl is its signed download link' }),
  [PING_EVENT]: z
    .object({ endpointId: Uuid, url: text(URL_MAX), message: text(200) })
    .openapi('WebhookPingData', { description: 'Sent by POST /webhooks/{id}/test to that endpoint only' }),
} as const

const pascal = (type: string) => type.replace(/(^|[._])(\w)/g, (_, __, c: string) => c.toUpperCase())
/** The envelope of each event type: the same five fields; `data` is the type's payload. */
export const EVENT_ENVELOPES = Object.fromEntries(
  Object.entries(EVENT_DATA).map(([type, data]) => [
    type,
    z
      .object({
        id: Uuid.openapi({ description: 'Event id: the same on every redelivery; deduplicate on it' }),
        type: z.literal(type),
        created: Timestamp,
        data,
        apiVersion: z.literal(WEBHOOK_API_VERSION),
      })
      .openapi(`${pascal(type)}Event`),
  ]),
) as unknown as Record<keyof typeof EVENT_DATA, z.ZodType>
