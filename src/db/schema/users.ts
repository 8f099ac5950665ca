import { sqliteTable, text, index } from 'drizzle-orm/sqlite-core'
import { PLANS } from '../../auth/plans'

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  plan: text('plan', { enum: PLANS }).notNull().default('free'),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/** Key metadata. The raw key is never stored: only SHA-256(key) in `hash`. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('default'),
    /** First characters of the key (e.g. `sk_live_4f9Q`) so people can tell keys apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    createdAt: text('created_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
)
