// Reverse geocoding: the civic address nearest a point, when the geodata store holds one. The built-in
// AI provider names the site finder's best points with it. Where the store has no address point near
// enough, the point stays unnamed: an address is never invented.
import type { Env } from '../env'
import { findPlace } from '../geo/geocode'
import { distanceM } from '../geo/geodata'
import { FRENCH_LEADING, titleCaseKey } from '../geo/geodata'
import { nearestAddressPoint } from './address-store'
import { d1StreetStore } from './street-store'

export interface ReverseHit {
  /** Display address of the nearest civic address point ("75 King St S, Waterloo, ON"). */
  address: string
  lat: number
  lng: number
  /** Metres from the asked point to the address point. */
  distanceM: number
}

export interface ReverseGeocoder {
  /** The nearest civic address within `maxDistanceM`, or null (none known, or the store failed). */
  reverse(lat: number, lng: number, maxDistanceM: number): Promise<ReverseHit | null>
}

/** No address store: every point stays unnamed (the caller shows coordinates instead). */
export const noReverseGeocoder: ReverseGeocoder = { reverse: async () => null }

/** How far an address point may be from a suggested point and still name it. */
export const REVERSE_MAX_DISTANCE_M = 60

/**
 * The geodata store's nearest civic address point, written with its street's display name where a
 * centreline of that street passes near it ("1200 Rue Sherbrooke Ouest"), else from the normalised keys.
 */
export function storeReverseGeocoder(d1: D1Database): ReverseGeocoder {
  return {
    async reverse(lat, lng, maxDistanceM) {
      const point = await nearestAddressPoint(d1, lat, lng, maxDistanceM)
      if (!point) return null
      const pieces = await d1StreetStore(d1).around(point.lat, point.lng)
      const street = pieces.find((p) => p.nameKey === point.nameKey && p.typeKey === point.typeKey)?.name ?? keyLabel(point)
      const civic = `${point.number}${point.suffix.toUpperCase()}`
      return {
        address: `${civic} ${street}, ${cityLabel(point.cityKey, point)}`,
        lat: point.lat,
        lng: point.lng,
        distanceM: Math.round(distanceM(lat, lng, point.lat, point.lng)),
      }
    },
  }
}

/** A street written from its normalised keys: a French type leads ("Rue Fixture Alpha"), others follow ("King St S"). */
function keyLabel(point: { nameKey: string; typeKey: string; dir: string }): string {
  const name = titleCaseKey(point.nameKey)
  const type = titleCaseKey(point.typeKey)
  const words = FRENCH_LEADING.has(point.typeKey) ? [type, name] : [name, type]
  return [...words, point.dir.toUpperCase()].filter(Boolean).join(' ')
}

/** The place's name as the gazetteer writes it ("Montréal, QC") when it lies near the point, else the key title-cased. */
function cityLabel(cityKey: string, at: { lat: number; lng: number }): string {
  const place = findPlace(cityKey)
  const near = place && distanceM(place.lat, place.lng, at.lat, at.lng) <= CITY_NEAR_M
  return near ? `${place.name}, ${place.province}` : titleCaseKey(cityKey)
}
/** A municipality's centre lies within this distance of its addresses (Greater Sudbury spans ~50 km). */
const CITY_NEAR_M = 60_000

/** The reverse geocoder of this environment: the geodata store when bound, failures counting as "no address". */
export function reverseGeocoderFor(env: Partial<Pick<Env, 'DB'>>): ReverseGeocoder {
  return env.DB ? forgiving(storeReverseGeocoder(env.DB)) : noReverseGeocoder
}

/** A reverse geocoder whose failures count as "no address" (a suggestion never fails for want of a name). */
export function forgiving(inner: ReverseGeocoder): ReverseGeocoder {
  return {
    async reverse(lat, lng, maxDistanceM) {
      try {
        const hit = await inner.reverse(lat, lng, maxDistanceM)
        return hit && hit.distanceM <= maxDistanceM ? hit : null
      } catch {
        return null
      }
    },
  }
}
