// The D1 address store behind civic geocoding (table address_points, loaded by
// `npm run import:addresses`). One indexed query per lookup: the points of the named street(s) in
// the city written (index city_key, name_key, number) and near the place or postal area (index
// name_key, lat_e5), as a UNION so each part uses its own index, plus one row saying whether the
// city is in the store at all.
import { and, between, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { union } from 'drizzle-orm/sqlite-core'
import { getDb, schema } from '../db/client'
import type { AddressLookup, AddressPoint } from '../geo/geocode'
import { lookupNameKeys, nearBoxE5 } from '../geo/geocode'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geo/geodata'
import { CellCache } from './cell-cache'

/** More points than this for one street name in one area is not a street but a data problem. */
const MAX_POINTS = 6000
const { addressPoints: points } = schema
/** name_key as an expression, so the city marker row can put its own text there and still share the UNION's shape. */
const COLUMNS = {
  nameKey: sql<string>`${points.nameKey}`.as('name_key'),
  typeKey: points.typeKey,
  dir: points.dir,
  cityKey: points.cityKey,
  number: points.number,
  suffix: points.suffix,
  latE5: points.latE5,
  lngE5: points.lngE5,
}
/**
 * A civic lookup needs the numbers around the one asked (exact, neighbours, the street's end), not the
 * whole street: the nearest numbers only, which keeps the rows read by the worker few on long streets.
 */
export const CIVIC_NEIGHBOURS = 120

/** The street's points, and whether the store holds any address of the city written. */
export interface AddressPointsAnswer {
  points: AddressPoint[]
  cityInStore: boolean
}
export type AddressPointsSource = (lookup: AddressLookup) => Promise<AddressPointsAnswer> | AddressPointsAnswer
/** Marker row: one address of the city exists (a street missing there must not be taken from a neighbour). */
const CITY_MARKER = '~city'

export function d1AddressPoints(d1: D1Database): AddressPointsSource {
  const db = getDb(d1)
  return async (lookup) => {
    const civic = lookup.streets.length === 1 ? lookup.civic : undefined
    // Each part is a subquery of its own, so it keeps its own index, ORDER BY and LIMIT inside the UNION.
    const street = (where: SQL | undefined) => {
      const query = db.select(COLUMNS).from(points).where(where).$dynamic()
      const nearest = civic ? query.orderBy(sql`abs(${points.number} - ${civic.number})`).limit(CIVIC_NEIGHBOURS) : query
      return db.select().from(nearest.as('part')).$dynamic()
    }
    const marker = (cityKey: string) =>
      db
        .select()
        .from(
          db
            .select({ ...COLUMNS, nameKey: sql<string>`${CITY_MARKER}`.as('name_key') })
            .from(points)
            .where(eq(points.cityKey, cityKey))
            .limit(1)
            .as('part'),
        )
        .$dynamic()
    const parts = lookup.cityKey ? [marker(lookup.cityKey)] : []
    // A civic lookup keeps one part per name (each its own nearest numbers); an intersection's names and
    // their other readings (up to ~10) share one part per area: D1 refuses a UNION of ~20 terms.
    const keys = lookupNameKeys(lookup)
    for (const names of civic ? keys.map((k) => [k]) : [keys]) {
      const name = names.length === 1 ? eq(points.nameKey, names[0]) : inArray(points.nameKey, names)
      if (lookup.cityKey) parts.push(street(and(eq(points.cityKey, lookup.cityKey), name)))
      if (lookup.near) {
        const [minLat, maxLat, minLng, maxLng] = nearBoxE5(lookup.near)
        parts.push(street(and(name, between(points.latE5, minLat, maxLat), between(points.lngE5, minLng, maxLng))))
      }
    }
    const [first, second, ...rest] = parts
    if (!first) return { points: [], cityInStore: false }
    const rows = await (second ? union(first, second, ...rest) : first).limit(MAX_POINTS)
    const found = rows
      .filter((r) => r.nameKey !== CITY_MARKER)
      .map(({ latE5, lngE5, ...key }) => ({ ...key, lat: latE5 / 1e5, lng: lngE5 / 1e5 }))
    return { points: found, cityInStore: found.length < rows.length }
  }
}

/** Address points are cached per cell of this size (≈220 m): a coordinate's 3×3 block covers ADDRESS_POINT_FAR_M around it. */
export const POINT_CELL_DEG = 0.002
const pointCells = new CellCache<string, AddressPoint>()

/**
 * The civic address point nearest (lat, lng) within maxM (≤ 200 m), of a street other than `exceptNameKey`
 * if given. The 3×3 block of ~220 m cells around the point is read once (one query on the position index)
 * and kept per isolate, so repeated coordinates nearby cost no query.
 */
export async function nearestAddressPoint(
  d1: D1Database,
  lat: number,
  lng: number,
  maxM: number,
  exceptNameKey?: string,
): Promise<AddressPoint | undefined> {
  const cy = Math.floor(lat / POINT_CELL_DEG)
  const cx = Math.floor(lng / POINT_CELL_DEG)
  const keys = [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => `${cy + dy},${cx + dx}`))
  // One query on the position index reads the whole block when any of its cells is missing.
  const e5 = (cell: number) => Math.round(cell * POINT_CELL_DEG * 1e5)
  const near = await pointCells.get(d1, keys, async () =>
    (
      await getDb(d1)
        .select(COLUMNS)
        .from(points)
        .where(and(between(points.latE5, e5(cy - 1), e5(cy + 2) - 1), between(points.lngE5, e5(cx - 1), e5(cx + 2) - 1)))
    ).map(
      ({ latE5, lngE5, ...key }) =>
        [
          `${Math.floor(latE5 / 1e5 / POINT_CELL_DEG)},${Math.floor(lngE5 / 1e5 / POINT_CELL_DEG)}`,
          { ...key, lat: latE5 / 1e5, lng: lngE5 / 1e5 },
        ] as const,
    ),
  )
  let best: AddressPoint | undefined
  let bestM = maxM
  const kx = metresPerDegreeLng(lat)
  for (const p of near) {
    if (p.nameKey === exceptNameKey) continue
    const m = Math.hypot((p.lat - lat) * METRES_PER_DEGREE_LAT, (p.lng - lng) * kx)
    if (m <= bestM) {
      best = p
      bestM = m
    }
  }
  return best
}
