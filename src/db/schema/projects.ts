import { sqliteTable, text, integer, real, index } from 'drizzle-orm/sqlite-core'
import { users } from './users'
import type { Grade, ScoreResult } from '../../scoring'

/** A user's project: a named set of saved, scored locations (spec §2.3). */
export const projects = sqliteTable(
  'projects',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: text('created_at').notNull(),
    /** Touched by every change to the project or its locations: the list is ordered by it (docs/decisions.md §6). */
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('projects_user_updated_idx').on(t.userId, t.updatedAt)],
)

/** A saved location (spec §2.4) with its cached score; userId is denormalised so every query scopes by it. */
export const savedLocations = sqliteTable(
  'saved_locations',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The resolved display address of the score result. */
    address: text('address').notNull(),
    /** What the user sent (address and/or coordinates), so monitoring re-scores the same input. */
    inputAddress: text('input_address'),
    inputLat: real('input_lat'),
    inputLng: real('input_lng'),
    lat: real('lat').notNull(),
    lng: real('lng').notNull(),
    notes: text('notes'),
    latestScore: real('latest_score').notNull(),
    latestScoreGrade: text('latest_score_grade').$type<Grade>().notNull(),
    /** The full score result (JSON) of the latest scoring. */
    scoreResult: text('score_result', { mode: 'json' }).$type<ScoreResult>().notNull(),
    scoredAt: text('scored_at').notNull(),
    monitored: integer('monitored', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('saved_locations_project_idx').on(t.projectId, t.createdAt),
    index('saved_locations_user_idx').on(t.userId),
    index('saved_locations_monitored_idx').on(t.monitored, t.id),
  ],
)

/** A public read-only link to a project. Only SHA-256(token) is stored; the token is shown once. */
export const shareLinks = sqliteTable(
  'share_links',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('share_links_project_idx').on(t.projectId)],
)
