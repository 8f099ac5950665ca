import { sqliteTable, text, integer, real, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'

/**
 * One row per generated PDF (docs/decisions.md §8). The file itself is in R2 at `objectKey`
 * (`reports/<userId>/<id>.pdf`); the row maps a signed URL's report id to it and lets the owner list
 * their reports.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    address: text('address').notNull(),
    lat: real('lat').notNull(),
    lng: real('lng').notNull(),
    overallScore: real('overall_score').notNull(),
    grade: text('grade').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('reports_user_created_idx').on(t.userId, t.createdAt)],
)
