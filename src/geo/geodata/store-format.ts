// The geodata store's shared format: what the build (scripts/lib/geodata-store-build.ts) writes,
// what the loader (scripts/lib/geodata-load.mjs) inserts into D1 and what the worker reads back
// (src/services/street-store.ts). One place for the version, the artefact columns and the spatial
// cell, so writers and readers cannot drift apart.

/** Bump when the artefacts' columns or meaning change: the data version then changes too. */
export const STORE_FORMAT_VERSION = 2
/** Committed artefacts: <dir>/manifest.json and one gzipped TSV per source and kind. */
export const STORE_ARTEFACT_DIR = 'geodata/store'

/** Address artefact columns (one civic address point per line). */
export const ADDRESS_COLUMNS = ['city_key', 'name_key', 'type_key', 'dir', 'number', 'suffix', 'lat_e5', 'lng_e5'] as const
/**
 * Street artefact columns (one named piece of centreline per line); `line` is an encoded polyline, precision 5;
 * `run_m` how far the same named street goes on unbroken, metres (scripts/lib/street-runs.ts; 0 unknown).
 */
export const STREET_COLUMNS = [
  'name_key',
  'type_key',
  'dir',
  'name',
  'road_class',
  'cell',
  'min_lat_e5',
  'min_lng_e5',
  'max_lat_e5',
  'max_lng_e5',
  'line',
  'run_m',
] as const
/**
 * Count artefact columns (one counted site per line): `kind` site (a point on one road) or intersection;
 * `vehicles` per day (AADT-equivalent), `pedestrians` per day ('' where not counted); the count's year;
 * the cell as for street pieces.
 */
export const COUNT_COLUMNS = ['kind', 'cell', 'lat_e5', 'lng_e5', 'vehicles', 'pedestrians', 'year', 'name'] as const
/** Held-out addresses (never loaded): as a user would type them, and where they really are. */
export const HOLDOUT_COLUMNS = ['number', 'street', 'city', 'province', 'postcode', 'lat_e5', 'lng_e5'] as const

/** Grid cell of the street index: 0.01° (≈1.1 km north-south, 0.5–0.8 km east-west in southern Canada). */
export const CELL_DEG = 0.01
/** Pieces are cut at this length, so a piece lies within this of its cell's centre point's cell. */
export const MAX_PIECE_M = 250
/** Pieces found within this radius from a point need only its cell and the 8 around it. */
export const MAX_CELL_QUERY_M = 400
const LNG_OFFSET = 20_000
const ROW = 100_000

/** The cell holding a point: one integer, row-major (latitude row × 100,000 + longitude column). */
export function cellOf(lat: number, lng: number): number {
  return Math.floor(lat / CELL_DEG) * ROW + Math.floor(lng / CELL_DEG) + LNG_OFFSET
}

/** Every cell a box touches (row by row). */
export function cellsInBox(minLat: number, minLng: number, maxLat: number, maxLng: number): number[] {
  const out: number[] = []
  for (let row = Math.floor(minLat / CELL_DEG); row <= Math.floor(maxLat / CELL_DEG); row++)
    for (let col = Math.floor(minLng / CELL_DEG); col <= Math.floor(maxLng / CELL_DEG); col++) out.push(row * ROW + col + LNG_OFFSET)
  return out
}

/** The point's cell and its 8 neighbours (`rings` 3: the 48 within three cells, reaching ≥ 1.6 km). */
export function cellsAround(lat: number, lng: number, rings = 1): number[] {
  const centre = cellOf(lat, lng)
  const out: number[] = []
  for (let dy = -rings; dy <= rings; dy++) for (let dx = -rings; dx <= rings; dx++) out.push(centre + dy * ROW + dx)
  return out
}

/**
 * Street sources that hold every street of the area they cover, so that no street near a point there means no
 * road (water, a park): the GTA's OSM streets with the lines drawn where the file lost them, Ottawa's RNF and the
 * City of Vancouver's named intersections. Not Calgary's (speed zones and counted sections: arterials only),
 * Edmonton's (main roads only) or Montréal's (5 of 19 boroughs inside a city-wide extent).
 */
export const COVERING_STREET_SOURCES: ReadonlySet<string> = new Set([
  'gta',
  'gta-address-line',
  'gta-hole-line',
  'ottawa',
  'vancouver-corner-line',
])

/** Road class stored ×10 as an integer (0 = unknown): classes are 1–6 with one decimal. */
export const ROAD_CLASS_SCALE = 10

/**
 * Named-corner artefact columns (table street_corners: a City's own intersections, a gazetteer for typed
 * intersections): both streets' keys, the display name ("Dufferin St & Finch Ave W") and the City's
 * position. Each corner is written once per street order, so one index on (name_key_a, name_key_b) serves.
 */
export const CORNER_COLUMNS = [
  'name_key_a',
  'type_key_a',
  'dir_a',
  'name_key_b',
  'type_key_b',
  'dir_b',
  'name',
  'cell',
  'lat_e5',
  'lng_e5',
] as const
/** Held-out corners (never loaded): the two streets as the City writes them, its city, and where the corner is. */
export const CORNER_HOLDOUT_COLUMNS = ['city', 'province', 'street_a', 'street_b', 'lat_e5', 'lng_e5', 'id'] as const
