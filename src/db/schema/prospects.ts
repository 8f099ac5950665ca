import { sqliteTable, text, real, index, uniqueIndex } from 'drizzle-orm/sqlite-core'

/**
 * Points of interest (businesses) for prospect discovery (docs/decisions.md §8), filled by `npm run import:pois`.
 * Bounding-box queries use the (lat, lng) index: SQLite narrows by the latitude band from the index
 * and checks longitude on the index entries, so no table rows outside the band are read.
 * `type` is a lower-case OSM-style value (restaurant, cafe, bakery, hardware…).
 */
export const pois = sqliteTable(
  'pois',
  {
    id: text('id').primaryKey(),
    /** Where the row came from: "osm", "csv:<file>", "sample" (sample data, not real businesses). */
    source: text('source').notNull(),
    /** The id in that source (OSM "node/123"), so re-imports update instead of duplicating. */
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    type: text('type').notNull(),
    lat: real('lat').notNull(),
    lng: real('lng').notNull(),
    importedAt: text('imported_at').notNull(),
  },
  (t) => [
    uniqueIndex('pois_source_id_uq').on(t.source, t.sourceId),
    index('pois_lat_lng_idx').on(t.lat, t.lng),
    index('pois_type_lat_idx').on(t.type, t.lat),
  ],
)
