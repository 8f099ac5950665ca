// The webhook outbox (docs/webhooks.md "Events"): an event is two statements put in the same D1 batch as
// the change it reports, so the change and its event commit together or not at all. The first writes
// the event row, the second one pending delivery per enabled endpoint subscribed to its type. Both are
// INSERT … SELECT: a user with no such endpoint gets no row, so events cost nothing to those who do not listen.
import { and, eq, exists, sql, type SQL } from 'drizzle-orm'
import { schema, valueAs, type Db } from '../../db/client'
import type { PING_EVENT, WebhookEventType } from '../../db/schema/webhooks'

/** `apiVersion` of every envelope: the shape of `data` follows the REST API of this version. */
export const WEBHOOK_API_VERSION = 'v1'

const { webhookEndpoints: endpoints, webhookEvents: events, webhookDeliveries: deliveries } = schema

/** The endpoint row is enabled and subscribed to `type` (or to `*`). */
const subscribed = (type: string) =>
  and(eq(endpoints.status, 'enabled'), sql`EXISTS (SELECT 1 FROM json_each(${endpoints.events}) WHERE json_each.value IN (${type}, '*'))`)

export interface OutboxEvent {
  type: WebhookEventType | typeof PING_EVENT
  data: Record<string, unknown>
  /** Only this endpoint (the test ping), whatever it subscribes to. */
  endpointId?: string
  /** Write the event only if this holds when the batch reaches it (e.g. the notification it reports was inserted). */
  when?: SQL
  /** Fixed id (tests); a fresh UUID otherwise. */
  id?: string
}

/** The two statements of one event for `userId`, to append to the batch of the change. Returns the event id too. */
export function eventStatements(db: Db, userId: string, event: OutboxEvent, now: Date = new Date()) {
  const id = event.id ?? crypto.randomUUID()
  const at = now.toISOString()
  const target = event.endpointId ? eq(endpoints.id, event.endpointId) : subscribed(event.type)
  const anyTarget = db
    .select({ one: sql`1` })
    .from(endpoints)
    .where(and(eq(endpoints.userId, userId), target))
  const insertEvent = db.insert(events).select(
    db
      .select({
        id: valueAs(id, events.id),
        userId: schema.users.id,
        type: valueAs(event.type, events.type),
        data: valueAs(JSON.stringify(event.data), events.data),
        apiVersion: valueAs(WEBHOOK_API_VERSION, events.apiVersion),
        createdAt: valueAs(at, events.createdAt),
      })
      .from(schema.users)
      .where(and(eq(schema.users.id, userId), exists(anyTarget), event.when)),
  )
  const eventWritten = db.select({ one: sql`1` }).from(events).where(eq(events.id, id))
  const insertDeliveries = db.insert(deliveries).select(
    db
      .select({
        eventId: valueAs(id, deliveries.eventId),
        endpointId: endpoints.id,
        userId: endpoints.userId,
        status: valueAs('pending', deliveries.status),
        attempts: valueAs(0, deliveries.attempts),
        nextAttemptAt: valueAs(at, deliveries.nextAttemptAt),
        createdAt: valueAs(at, deliveries.createdAt),
      })
      .from(endpoints)
      .where(and(eq(endpoints.userId, userId), target, exists(eventWritten))),
  )
  return { id, statements: [insertEvent, insertDeliveries] as const }
}
