import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'

export const NOTIFICATION_TYPES = ['scoreChange', 'dataUpdate', 'competitor', 'quoteResponse', 'orderStatus', 'system'] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: integer('read', { mode: 'boolean' }).notNull().default(false),
    /** Optional dedupe key: one notification per (user, dedupeKey), e.g. a location's score change of one run. */
    dedupeKey: text('dedupe_key'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_dedupe_idx').on(t.userId, t.dedupeKey),
  ],
)
