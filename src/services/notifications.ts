// Notifications (docs/decisions.md §6): the one builder that writes them, and the owner's list and read marks.
import { and, desc, eq, exists, notExists, sql, type SQL } from 'drizzle-orm'
import { getDb, schema, type Db } from '../db/client'
import { NOTIFICATION_TYPES, type NotificationType } from '../db/schema/notifications'
import { notFound } from '../errors'
import { eventStatements } from './webhooks/outbox'

export { NOTIFICATION_TYPES }

/** GET /notifications returns this many, newest first. */
export const NOTIFICATIONS_LIMIT = 50
/** Longer titles and messages are cut here, so every stored notification fits the response schema. */
export const NOTIFICATION_TITLE_MAX = 200
export const NOTIFICATION_MESSAGE_MAX = 2000

export interface NotificationContent {
  type: NotificationType
  title: string
  message: string
  /** At most one notification per (user, dedupeKey): a repeat is a no-op, in or across batches. */
  dedupeKey?: string
}

/**
 * One notification as an INSERT … SELECT, not executed: put it in the same `db.batch([...])` as the
 * change it reports (an order status move, a quote answer, a new user) so both land or neither does.
 * The recipient is a user id, or a condition on `users` when the user is created in the same batch.
 */
export function notificationInsert(
  db: Db,
  recipient: string | SQL,
  n: NotificationContent,
  now: Date | string = new Date(),
  id: string = crypto.randomUUID(),
) {
  const user = typeof recipient === 'string' ? eq(schema.users.id, recipient) : recipient
  const duplicate =
    n.dedupeKey === undefined
      ? undefined
      : db
          .select({ one: sql`1` })
          .from(schema.notifications)
          .where(and(eq(schema.notifications.userId, schema.users.id), eq(schema.notifications.dedupeKey, n.dedupeKey)))
  return db.insert(schema.notifications).select(
    db
      .select({
        id: sql<string>`${id}`.as('id'),
        userId: schema.users.id,
        type: sql<NotificationType>`${n.type}`.as('type'),
        title: sql<string>`${n.title.slice(0, NOTIFICATION_TITLE_MAX)}`.as('title'),
        message: sql<string>`${n.message.slice(0, NOTIFICATION_MESSAGE_MAX)}`.as('message'),
        read: sql<number>`0`.as('read'),
        dedupeKey: sql<string | null>`${n.dedupeKey ?? null}`.as('dedupe_key'),
        createdAt: sql<string>`${typeof now === 'string' ? now : now.toISOString()}`.as('created_at'),
      })
      .from(schema.users)
      .where(and(user, duplicate && notExists(duplicate))),
  )
}

/**
 * A notification for an existing user and its `notification.created` webhook event (docs/webhooks.md), for
 * the batch of the change it reports. The event is written only if the notification was (a repeated
 * dedupeKey writes neither).
 */
export function notificationStatements(db: Db, userId: string, n: NotificationContent, now: Date = new Date()) {
  const id = crypto.randomUUID()
  const inserted = db.select({ one: sql`1` }).from(schema.notifications).where(eq(schema.notifications.id, id))
  const data = {
    id,
    type: n.type,
    title: n.title.slice(0, NOTIFICATION_TITLE_MAX),
    message: n.message.slice(0, NOTIFICATION_MESSAGE_MAX),
    createdAt: now.toISOString(),
  }
  const event = eventStatements(db, userId, { type: 'notification.created', data, when: exists(inserted) }, now)
  return [notificationInsert(db, userId, n, now, id), ...event.statements] as const
}

const columns = {
  id: schema.notifications.id,
  type: schema.notifications.type,
  title: schema.notifications.title,
  message: schema.notifications.message,
  read: schema.notifications.read,
  createdAt: schema.notifications.createdAt,
}

export function listNotifications(d1: D1Database, userId: string) {
  return getDb(d1)
    .select(columns)
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, userId))
    .orderBy(desc(schema.notifications.createdAt), desc(sql`rowid`))
    .limit(NOTIFICATIONS_LIMIT)
}

/** How many were unread before. */
export async function markAllRead(d1: D1Database, userId: string): Promise<number> {
  const rows = await getDb(d1)
    .update(schema.notifications)
    .set({ read: true })
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.read, false)))
    .returning({ id: schema.notifications.id })
  return rows.length
}

export async function markRead(d1: D1Database, userId: string, id: string) {
  const [row] = await getDb(d1)
    .update(schema.notifications)
    .set({ read: true })
    .where(and(eq(schema.notifications.id, id), eq(schema.notifications.userId, userId)))
    .returning(columns)
  if (!row) throw notFound('Notification')
  return row
}
