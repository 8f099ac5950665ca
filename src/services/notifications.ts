import { getDb, schema, type Db } from '../db/client'
import type { NotificationType } from '../db/schema/notifications'

export interface NewNotification {
  userId: string
  type: NotificationType
  title: string
  message: string
  dedupeKey?: string
}

/**
 * An insert statement, not executed: put it in the same `db.batch([...])` as the change it reports
 * (an order status move, a quote answer) so both land or neither does.
 */
export function notificationInsert(db: Db, n: NewNotification, now = new Date()) {
  return db.insert(schema.notifications).values({
    id: crypto.randomUUID(),
    userId: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    dedupeKey: n.dedupeKey ?? null,
    createdAt: now.toISOString(),
  })
}

export async function notify(d1: D1Database, n: NewNotification) {
  await notificationInsert(getDb(d1), n)
}
