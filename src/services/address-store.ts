// The D1 address store behind civic geocoding (table address_points, loaded by
// `npm run import:addresses`). One indexed query per lookup: the points of the named street(s) in
// the city written (index city_key, name_key, number) and near the place or postal area (index
// name_key, lat_e5), as a UNION so each part uses its own index, plus one row saying whether the
// city is in the store at all.
import type { AddressLookup, AddressPoint } from '../geo/address-lookup'
import { nearBoxE5 } from '../geo/address-lookup'

/** More points than this for one street name in one area is not a street but a data problem. */
const MAX_POINTS = 6000
const COLUMNS = 'name_key, type_key, dir, city_key, number, suffix, lat_e5, lng_e5'
/**
 * A civic lookup needs the numbers around the one asked (exact, neighbours, the street's end), not the
 * whole street: the nearest numbers only, which keeps the rows read by the worker few on long streets.
 */
export const CIVIC_NEIGHBOURS = 120

/** The street's points, and whether the store holds any address of the city written. */
export interface AddressPointsAnswer { points: AddressPoint[]; cityInStore: boolean }
export type AddressPointsSource = (lookup: AddressLookup) => Promise<AddressPointsAnswer> | AddressPointsAnswer
/** Marker row: one address of the city exists (a street missing there must not be taken from a neighbour). */
const CITY_MARKER = '~city'

export function d1AddressPoints(db: D1Database): AddressPointsSource {
  return async (lookup) => {
    const parts: string[] = []
    const params: (string | number)[] = []
    if (lookup.cityKey) {
      parts.push(`SELECT * FROM (SELECT '${CITY_MARKER}', '', '', city_key, 0, '', 0, 0 FROM address_points WHERE city_key = ? LIMIT 1)`)
      params.push(lookup.cityKey)
    }
    const civic = lookup.streets.length === 1 ? lookup.civic : undefined
    const select = (where: string, values: (string | number)[]) => {
      if (!civic) { parts.push(`SELECT ${COLUMNS} FROM address_points WHERE ${where}`); params.push(...values); return }
      parts.push(`SELECT * FROM (SELECT ${COLUMNS} FROM address_points WHERE ${where} ORDER BY abs(number - ?) LIMIT ${CIVIC_NEIGHBOURS})`)
      params.push(...values, civic.number)
    }
    for (const nameKey of new Set(lookup.streets.map((s) => s.nameKey))) {
      if (lookup.cityKey) select('city_key = ? AND name_key = ?', [lookup.cityKey, nameKey])
      if (lookup.near) {
        const [minLat, maxLat, minLng, maxLng] = nearBoxE5(lookup.near)
        select('name_key = ? AND lat_e5 BETWEEN ? AND ? AND lng_e5 BETWEEN ? AND ?', [nameKey, minLat, maxLat, minLng, maxLng])
      }
    }
    if (!parts.length) return { points: [], cityInStore: false }
    const rows = await db.prepare(`${parts.join(' UNION ')} LIMIT ${MAX_POINTS}`).bind(...params).raw<[string, string, string, string, number, string, number, number]>()
    const points = rows.filter((r) => r[0] !== CITY_MARKER)
      .map(([nameKey, typeKey, dir, cityKey, number, suffix, latE5, lngE5]) => ({ nameKey, typeKey, dir, cityKey, number, suffix, lat: latE5 / 1e5, lng: lngE5 / 1e5 }))
    return { points, cityInStore: points.length < rows.length }
  }
}
