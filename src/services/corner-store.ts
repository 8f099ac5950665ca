// The named corners of the geodata store (table street_corners, loaded by `npm run load:geodata`): the
// City of Toronto's signals and the City of Vancouver's named intersections, read for a typed intersection
// by its two names near the place (one indexed query; docs/geocoding.md, "Corners from the City tables").
import { and, gte, inArray, lte } from 'drizzle-orm'
import { getDb, schema } from '../db/client'
import { boxAround } from '../geo/geodata'
import type { Corner } from '../geo/geocode'

const { streetCorners: corners } = schema
/** More corners than this for two names around one place is a data problem, not a crossing (Yonge St has ~150). */
const MAX_CORNERS = 4000

/**
 * Every corner of a street among `nameKeys` (a typed pair and its other readings) within `near`'s radius: the
 * pair's own corners, and the others that show where the two cannot meet unlisted (line-ends.ts).
 */
export type CornerSource = (nameKeys: readonly string[], near: { lat: number; lng: number; radiusKm: number }) => Promise<Corner[]>

export function d1Corners(d1: D1Database): CornerSource {
  const db = getDb(d1)
  return async (nameKeys, near) => {
    const keys = [...new Set(nameKeys)]
    if (!keys.length) return []
    const [minLng, minLat, maxLng, maxLat] = boxAround(near.lat, near.lng, near.radiusKm)
    const rows = await db
      .select()
      .from(corners)
      .where(
        and(
          inArray(corners.nameKeyA, keys),
          gte(corners.latE5, Math.floor(minLat * 1e5)),
          lte(corners.latE5, Math.ceil(maxLat * 1e5)),
          gte(corners.lngE5, Math.floor(minLng * 1e5)),
          lte(corners.lngE5, Math.ceil(maxLng * 1e5)),
        ),
      )
      .limit(MAX_CORNERS)
    return rows.map((r) => ({
      a: { nameKey: r.nameKeyA, typeKey: r.typeKeyA, dir: r.dirA },
      b: { nameKey: r.nameKeyB, typeKey: r.typeKeyB, dir: r.dirB },
      name: r.name,
      lat: r.latE5 / 1e5,
      lng: r.lngE5 / 1e5,
    }))
  }
}
