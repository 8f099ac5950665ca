import { sqliteTable, text, integer, index } from 'drizzle-orm/sqlite-core'

/**
 * One loaded address file (`npm run import:addresses`): re-importing the same `name` replaces its
 * points, so each source is loaded once whatever the number of runs.
 */
export const addressSources = sqliteTable('address_sources', {
  id: integer('id').primaryKey(),
  /** Stable name, by default the file name without extension ("oda-waterloo-region"). */
  name: text('name').notNull().unique(),
  file: text('file').notNull(),
  sha256: text('sha256').notNull(),
  /** Points written after normalising and de-duplicating (not the file's row count). */
  points: integer('points').notNull(),
  licence: text('licence').notNull(),
  importedAt: text('imported_at').notNull(),
})

/**
 * Civic address points, kept compact: normalised keys (src/geo/street-key.ts) and coordinates as
 * integers of 1e-5 degree (≈ 1 m). Lookups are by city and street name, or street name and a latitude band
 * (the two indexes; see src/services/address-store.ts), deletes by source.
 */
export const addressPoints = sqliteTable(
  'address_points',
  {
    id: integer('id').primaryKey(),
    sourceId: integer('source_id').notNull(),
    /** normalizeName(municipality): "kitchener", "saint jacobs". */
    cityKey: text('city_key').notNull(),
    /** normalizeName(street name without type and direction): "king", "sainte catherine". */
    nameKey: text('name_key').notNull(),
    /** Canonical street type key ("st", "ave", "rue", "blvd"), '' when none. */
    typeKey: text('type_key').notNull(),
    /** N, S, E, W, NE, NW, SE, SW (French O → W), '' when none. */
    dir: text('dir').notNull(),
    number: integer('number').notNull(),
    /** Civic-number suffix ("A" of 43A), '' when none. */
    suffix: text('suffix').notNull(),
    latE5: integer('lat_e5').notNull(),
    lngE5: integer('lng_e5').notNull(),
  },
  (t) => [
    index('address_points_city_name_idx').on(t.cityKey, t.nameKey, t.number),
    index('address_points_name_lat_idx').on(t.nameKey, t.latE5),
    index('address_points_source_idx').on(t.sourceId),
  ],
)
