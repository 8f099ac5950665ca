import { sqliteTable, text, integer, index, primaryKey } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/** Event types a client can subscribe to (docs/webhooks.md); `*` subscribes to all, now and later. */
export const WEBHOOK_EVENT_TYPES = [
  'location.score_changed',
  'notification.created',
  'order.status_changed',
  'quote.answered',
  'report.ready',
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]
export type WebhookSubscription = WebhookEventType | '*'
/** Sent only by POST /webhooks/:id/test, to that endpoint, whatever it subscribes to. */
export const PING_EVENT = 'webhook.ping' as const
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const

export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    /** JSON array of WEBHOOK_EVENT_TYPES, or ["*"]. */
    events: text('events', { mode: 'json' }).$type<WebhookSubscription[]>().notNull(),
    /** The signing secret (`whsec_…`): needed in clear to sign; shown to the client only at creation and roll. */
    secret: text('secret').notNull(),
    /** After a roll, the old secret also signs until `previous_secret_expires_at`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: text('previous_secret_expires_at'),
    status: text('status', { enum: WEBHOOK_ENDPOINT_STATUSES }).notNull(),
    disabledReason: text('disabled_reason'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
)

/** The outbox: one row per event, written in the batch of the change it reports. */
export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    apiVersion: text('api_version').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('webhook_events_user_idx').on(t.userId, t.createdAt)],
)

/** One row per (event, endpoint): its state and when to try next. Written with the event. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull(),
    /** Due time while pending (ISO); a claimed delivery's is pushed CLAIM_SECONDS ahead. Null once settled. */
    nextAttemptAt: text('next_attempt_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.endpointId] }), index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
)

/** The delivery log: one row per attempt (GET /webhooks/:id/deliveries). */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    attempt: integer('attempt').notNull(),
    ok: integer('ok', { mode: 'boolean' }).notNull(),
    responseCode: integer('response_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt)],
)
