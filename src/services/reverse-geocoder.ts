// Reverse geocoding: the civic address nearest a point, when a store holds one. The built-in AI
// provider names the site finder's best points with it. This file is only the interface and the
// fallback (no address store → no civic address, never an invented one); the D1 street/address store
// plugs in an implementation (reverseGeocoderFor below is where it is wired).
import type { Env } from '../env'

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

/** The reverse geocoder of this environment. Until a store implements one, the fallback. */
export function reverseGeocoderFor(_env: Partial<Pick<Env, 'DB'>>): ReverseGeocoder {
  return noReverseGeocoder
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
