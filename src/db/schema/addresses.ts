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
 * Civic address points, kept compact: normalised keys (src/geo/geocode/street-key.ts) and coordinates as
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
    index('address_points_position_idx').on(t.latE5, t.lngE5),
  ],
)

/**
 * Named pieces of street centreline (≤ 250 m; `npm run load:geodata`): normalised keys as for address
 * points, the display name, road class ×10 (0 = unknown), a 0.01° cell (src/geo/geodata/store-format.ts) and
 * an encoded polyline (precision 5). Read by src/services/street-store.ts: by cell (nearest street) or
 * by name within a box (intersections, streets without address points).
 */
export const streetPieces = sqliteTable(
  'street_pieces',
  {
    id: integer('id').primaryKey(),
    /** Artefact source ("gta", "ottawa", "montreal", "calgary"): the unit of replacement. */
    source: text('source').notNull(),
    nameKey: text('name_key').notNull(),
    typeKey: text('type_key').notNull(),
    dir: text('dir').notNull(),
    name: text('name').notNull(),
    roadClass: integer('road_class').notNull(),
    cell: integer('cell').notNull(),
    minLatE5: integer('min_lat_e5').notNull(),
    minLngE5: integer('min_lng_e5').notNull(),
    maxLatE5: integer('max_lat_e5').notNull(),
    maxLngE5: integer('max_lng_e5').notNull(),
    line: text('line').notNull(),
    /** How far the same named street goes on unbroken, metres (0 unknown): the traffic model's continuity. */
    runM: integer('run_m').notNull().default(0),
  },
  (t) => [
    index('street_pieces_cell_idx').on(t.cell),
    index('street_pieces_name_idx').on(t.nameKey, t.minLatE5),
    index('street_pieces_source_idx').on(t.source),
  ],
)

/** Key/value facts about the loaded geodata (`data_version`: the manifest's derived version). */
export const geodataMeta = sqliteTable('geodata_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/**
 * Counted volumes (`npm run load:geodata`; migrations/0011_count_sites.sql): City of Edmonton AAWDT count
 * sites (`kind` site) and City of Vancouver intersection counts (`kind` intersection), daily vehicles
 * (AADT-equivalent) and pedestrians where counted, by the street pieces' cell. Read by
 * src/services/count-store.ts: the counts within 30 m of a scored point.
 */
export const countSites = sqliteTable(
  'count_sites',
  {
    id: integer('id').primaryKey(),
    /** Artefact source ("edmonton-counts", "vancouver-counts"): the unit of replacement. */
    source: text('source').notNull(),
    kind: text('kind').notNull(),
    cell: integer('cell').notNull(),
    latE5: integer('lat_e5').notNull(),
    lngE5: integer('lng_e5').notNull(),
    vehicles: integer('vehicles').notNull(),
    pedestrians: integer('pedestrians'),
    year: integer('year').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('count_sites_cell_idx').on(t.cell), index('count_sites_source_idx').on(t.source)],
)

/**
 * Named corners (`npm run load:geodata`; migrations/0013_street_corners.sql): the City of Toronto's signalised
 * intersections and the City of Vancouver's named intersections as a gazetteer, one row per street order.
 * Read by src/services/corner-store.ts: the corners of two typed street names near a place.
 */
export const streetCorners = sqliteTable(
  'street_corners',
  {
    id: integer('id').primaryKey(),
    /** Artefact source ("toronto-signals", "vancouver-intersections"): the unit of replacement. */
    source: text('source').notNull(),
    nameKeyA: text('name_key_a').notNull(),
    typeKeyA: text('type_key_a').notNull(),
    dirA: text('dir_a').notNull(),
    nameKeyB: text('name_key_b').notNull(),
    typeKeyB: text('type_key_b').notNull(),
    dirB: text('dir_b').notNull(),
    name: text('name').notNull(),
    cell: integer('cell').notNull(),
    latE5: integer('lat_e5').notNull(),
    lngE5: integer('lng_e5').notNull(),
  },
  (t) => [index('street_corners_names_idx').on(t.nameKeyA, t.nameKeyB), index('street_corners_source_idx').on(t.source)],
)
