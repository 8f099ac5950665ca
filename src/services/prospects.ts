// Prospect discovery (docs/decisions.md §8, Enterprise): businesses from the POI store near a centre, each
// scored at its own location with the default weights.
import { distanceKm, METRES_PER_DEGREE_LAT } from '../geo/geodata'
import { and, between, inArray, sql } from 'drizzle-orm'
import type { Env } from '../env'
import { getDb } from '../db/client'
import { pois } from '../db/schema'
import { DEFAULT_WEIGHTS, type Grade } from '../scoring'
import { scoreLocation } from './scoring'
import { parseLocation } from '../scoring/location'

/** At most this many prospects are returned (the nearest matching ones within the radius are scored). */
export const MAX_PROSPECTS = 100
/** Rows read from the bounding box, nearest first, before the exact distance filter. */
const CANDIDATE_ROWS = 400
const KM_PER_DEGREE_LAT = METRES_PER_DEGREE_LAT / 1000
/** Without a centre, this many POIs of the store (of the requested type) are scored to find the best. */
export const STORE_SCAN_LIMIT = 1000

export interface Prospect {
  id: string
  name: string
  address: string
  type: string
  lat: number
  lng: number
  /** Null when the search had no centre (best of the whole store). */
  distanceKm: number | null
  nearbyScore: number
  grade: Grade
  source: string
}

/** "Fast Food" → ["fast_food"], "Restaurants" → ["restaurants", "restaurant"]: OSM-style values. */
export function businessTypeVariants(input: string): string[] {
  const t = input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  const variants = new Set([t])
  if (t.endsWith('ies')) variants.add(`${t.slice(0, -3)}y`)
  else if (t.endsWith('s') && !t.endsWith('ss')) variants.add(t.slice(0, -1))
  return [...variants]
}

export interface ProspectQuery {
  centre: { lat: number; lng: number }
  radiusKm: number
  businessType?: string
}
type PoiRow = typeof pois.$inferSelect

/** Nearest matching POIs within the radius (≤ MAX_PROSPECTS), with exact distances. */
export async function nearbyPois(env: Pick<Env, 'DB'>, q: ProspectQuery) {
  const { lat, lng } = q.centre
  const dLat = q.radiusKm / KM_PER_DEGREE_LAT
  const lngScale = Math.max(0.01, Math.cos((lat * Math.PI) / 180))
  const dLng = q.radiusKm / (KM_PER_DEGREE_LAT * lngScale)
  const filters = [between(pois.lat, lat - dLat, lat + dLat), between(pois.lng, lng - dLng, lng + dLng)]
  if (q.businessType) filters.push(inArray(pois.type, businessTypeVariants(q.businessType)))
  const north = sql`(${pois.lat} - ${lat})`
  const east = sql`((${pois.lng} - ${lng}) * ${lngScale})`
  const rows = await getDb(env.DB)
    .select()
    .from(pois)
    .where(and(...filters))
    // Equirectangular distance² orders like the true distance at these scales.
    .orderBy(sql`${north} * ${north} + ${east} * ${east}`)
    .limit(CANDIDATE_ROWS)
  return rows
    .map((row) => ({ ...row, distanceKm: distanceKm(q.centre.lat, q.centre.lng, row.lat, row.lng) }))
    .filter((row) => row.distanceKm <= q.radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm)
    .slice(0, MAX_PROSPECTS)
}

/** Without a centre: the store's POIs (of the type, if given), up to STORE_SCAN_LIMIT, in id order. */
async function storePois(env: Pick<Env, 'DB'>, businessType?: string): Promise<Array<PoiRow & { distanceKm: number | null }>> {
  const query = getDb(env.DB).select().from(pois)
  const rows = await (businessType ? query.where(inArray(pois.type, businessTypeVariants(businessType))) : query)
    .orderBy(pois.id)
    .limit(STORE_SCAN_LIMIT)
  return rows.map((row) => ({ ...row, distanceKm: null }))
}

/** Prospects near a centre, or with no centre the best-scored of the store; best first, ≤ MAX_PROSPECTS. */
export async function findProspects(
  env: Env,
  q: Omit<ProspectQuery, 'centre' | 'radiusKm'> & Partial<Pick<ProspectQuery, 'centre' | 'radiusKm'>>,
): Promise<Prospect[]> {
  const candidates: Array<PoiRow & { distanceKm: number | null }> = q.centre
    ? await nearbyPois(env, { ...q, centre: q.centre, radiusKm: q.radiusKm! })
    : await storePois(env, q.businessType)
  // The engine is pure and fast; scoring ≤ 100 points concurrently costs a few milliseconds.
  const scored = await Promise.all(
    candidates.map(async (poi) => {
      try {
        const location = parseLocation({ lat: poi.lat, lng: poi.lng, address: poi.address || undefined })
        const result = await scoreLocation(env, location, DEFAULT_WEIGHTS)
        return { poi, result }
      } catch {
        return undefined // a POI outside Canada's bounds (bad import row) is skipped, not a 500
      }
    }),
  )
  return scored
    .filter((s) => s !== undefined)
    .map(({ poi, result }) => ({
      id: poi.id,
      name: poi.name,
      address: poi.address || result.address,
      type: poi.type,
      lat: poi.lat,
      lng: poi.lng,
      distanceKm: poi.distanceKm === null ? null : Math.round(poi.distanceKm * 100) / 100,
      nearbyScore: result.overallScore,
      grade: result.grade,
      source: poi.source,
    }))
    .sort((a, b) => b.nearbyScore - a.nearbyScore || (a.distanceKm ?? 0) - (b.distanceKm ?? 0))
    .slice(0, MAX_PROSPECTS)
}
