// The `system` welcome notification for a new user, written in the same batch that creates the user
// and their first key (routes/admin-keys.ts), so it exists exactly when the user does.
import { and, eq, notExists, sql } from 'drizzle-orm'
import { schema, type Db } from '../db/client'

export const WELCOME_DEDUPE_KEY = 'welcome'

/**
 * INSERT … SELECT from users by email, only when the user row was created by this request (its
 * createdAt is this request's timestamp) and has no welcome yet: existing users get nothing.
 */
export function welcomeNotificationInsert(db: Db, email: string, createdAt: string) {
  const already = db
    .select({ one: sql`1` })
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, schema.users.id), eq(schema.notifications.dedupeKey, WELCOME_DEDUPE_KEY)))
  return db.insert(schema.notifications).select(
    db
      .select({
        id: sql<string>`${crypto.randomUUID()}`.as('id'),
        userId: schema.users.id,
        type: sql<'system'>`'system'`.as('type'),
        title: sql<string>`${'Welcome to the Sign Placement Scoring API'}`.as('title'),
        message: sql<string>`${'Score Canadian addresses with POST /api/v1/score, save them in projects, turn on monitoring for a location and we will tell you here when its score changes.'}`.as('message'),
        read: sql<number>`0`.as('read'),
        dedupeKey: sql<string>`${WELCOME_DEDUPE_KEY}`.as('dedupe_key'),
        createdAt: sql<string>`${createdAt}`.as('created_at'),
      })
      .from(schema.users)
      .where(and(eq(schema.users.email, email), eq(schema.users.createdAt, createdAt), notExists(already))),
  )
}
