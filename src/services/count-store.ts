// The counted volumes of the geodata store (table count_sites, loaded by `npm run load:geodata`): the
// City of Edmonton count sites and City of Vancouver intersection counts near a scored point, handed to
// the engine as plain data (FeatureInput.measuredCounts; it takes the nearest within COUNT_SNAP_M).
// Cells are cached per isolate like the street pieces' (street-store.ts): a cell's counts change only
// with a data load, and the table is small (≈ 5,000 rows), so a warm isolate asks D1 for few cells.
import { inArray } from 'drizzle-orm'
import { getDb, schema } from '../db/client'
import { CellCache } from './cell-cache'
import { cellsInBox, distanceM, METRES_PER_DEGREE_LAT, metresPerDegreeLng, STORE_COUNT_EXTENTS } from '../geo/geodata'
import { COUNTED_STREET_RADIUS_M, type MeasuredCount } from '../geo/signals'
import type { GeocodePrecision } from '../geo/geodata'

const { countSites: counts } = schema

/** Where the counts are read from: D1 in the worker, the committed artefacts offline (scripts/lib/geodata-memory.ts). */
export interface CountStore {
  /** Every count in these cells (store-format.ts cellOf). */
  inCells(cells: readonly number[]): Promise<MeasuredCount[]>
}

const countCells = new CellCache<number, MeasuredCount>()

export function d1CountStore(d1: D1Database): CountStore {
  const db = getDb(d1)
  return {
    inCells: (wanted) =>
      countCells.get(d1, wanted, async (missing) =>
        (await db.select().from(counts).where(inArray(counts.cell, missing))).map((row) => [row.cell, countOfRow(row)] as const),
      ),
  }
}

/** A count_sites row, or an artefact row read as one (same columns, strings): the engine's plain data. */
export function countOfRow(row: {
  source: string
  kind: string
  latE5: number
  lngE5: number
  vehicles: number
  pedestrians: number | null
  year: number
  name: string
}): MeasuredCount {
  return {
    source: row.source,
    kind: row.kind === 'intersection' ? 'intersection' : 'site',
    lat: row.latE5 / 1e5,
    lng: row.lngE5 / 1e5,
    vehicles: row.vehicles,
    ...(row.pedestrians !== null && { pedestrians: row.pedestrians }),
    year: row.year,
    name: row.name,
  }
}

/**
 * The cells a disc of COUNTED_STREET_RADIUS_M around the point touches (up to 4 × 5 in southern Canada): the
 * counts within COUNT_SNAP_M measure the point, the others the same streets nearby (model/counted-streets.ts).
 */
export function countCellsAround(lat: number, lng: number): number[] {
  const dLat = COUNTED_STREET_RADIUS_M / METRES_PER_DEGREE_LAT
  const dLng = COUNTED_STREET_RADIUS_M / metresPerDegreeLng(lat)
  return cellsInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng)
}

/**
 * Positions that are not at a particular place of a road take no count: a postal area's or a city's
 * position, and a `street` result (some point of the named street, not the caller's frontage).
 */
const NOT_AT_A_COUNT: ReadonlySet<GeocodePrecision> = new Set(['street', 'postal_code', 'city'])

/**
 * The counts within COUNTED_STREET_RADIUS_M of an exact point (none for the positions above, and none when the
 * store fails: the engine's model then stands, as before counts were stored).
 */
export async function countsNear(
  store: CountStore,
  lat: number,
  lng: number,
  precision: GeocodePrecision,
): Promise<MeasuredCount[] | undefined> {
  if (NOT_AT_A_COUNT.has(precision) || !withinCountExtents(lat, lng)) return undefined
  try {
    const found = (await store.inCells(countCellsAround(lat, lng))).filter(
      (c) => distanceM(lat, lng, c.lat, c.lng) <= COUNTED_STREET_RADIUS_M,
    )
    return found.length ? found : undefined
  } catch {
    return undefined
  }
}

/** Whether a count could lie within COUNTED_STREET_RADIUS_M of the point: outside every counted city, no query at all. */
export function withinCountExtents(lat: number, lng: number, extents = STORE_COUNT_EXTENTS): boolean {
  const dLat = (COUNTED_STREET_RADIUS_M / METRES_PER_DEGREE_LAT) * 1e5
  const dLng = (COUNTED_STREET_RADIUS_M / metresPerDegreeLng(lat)) * 1e5
  const [y, x] = [lat * 1e5, lng * 1e5]
  return extents.some(
    ([minLat, minLng, maxLat, maxLng]) => y >= minLat - dLat && y <= maxLat + dLat && x >= minLng - dLng && x <= maxLng + dLng,
  )
}
