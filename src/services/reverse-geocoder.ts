// Reverse geocoding: what a coordinate is called. The civic address whose point stands within 15 m of it;
// else the nearest street of the geodata store and a cross street ("Queen Street West near Spadina Avenue,
// Toronto, ON"), from its centrelines or, where it holds only address points, from theirs. The built-in AI
// provider names the site finder's best points with it.
// Where the store knows neither, the point stays unnamed: an address or a street is never invented.
import {
  type AddressPoint,
  CROSS_STREET_M,
  findPlace,
  placeOfPoint,
  type PointStreets,
  type StreetPiece,
  streetsLabel,
  streetsOfPoint,
} from '../geo/geocode'
import { distanceM } from '../geo/geodata'
import { FRENCH_LEADING, titleCaseKey } from '../geo/geodata'
import { geodataOf, type GeodataEnv } from './geodata-store'
import { ADDRESS_POINT_FAR_M, type LocateSources } from './street-store'

export interface ReverseHit {
  /** "75 King St S, Waterloo, ON" (an address point), or "Queen Street West near Spadina Avenue, Toronto, ON" (streets). */
  address: string
  /** The address point's position, or the point asked for (streets). */
  lat: number
  lng: number
  /** Metres from the asked point to the address point, or to the street's centreline. */
  distanceM: number
  /** What names the point: a civic address point (absent: the same), or the streets around it. */
  kind?: 'address' | 'street'
  /** kind street: the street and its cross street, for a caller that writes them in another language. */
  streets?: PointStreets
  /** kind street: the municipality ("Toronto, ON"), when the gazetteer places the point in one. */
  place?: string
}

export interface ReverseGeocoder {
  /** The nearest civic address within `maxDistanceM`, or null (none known, or the store failed). */
  reverse(lat: number, lng: number, maxDistanceM: number): Promise<ReverseHit | null>
}

/** No address store: every point stays unnamed (the caller shows coordinates instead). */
export const noReverseGeocoder: ReverseGeocoder = { reverse: async () => null }

/** How far an address point may be from a suggested point and still name it. */
export const REVERSE_MAX_DISTANCE_M = 60

/** An address point this close to a coordinate names it by its civic number (issue 31: 15 m, one lot's frontage). */
export const CIVIC_NAME_M = 15

/**
 * The reverse geocoder over any geodata store: D1 in the worker, the committed artefacts in memory offline
 * (scripts/lib/geodata-memory.ts). A civic address within CIVIC_NAME_M (and `maxDistanceM`), written with its
 * street's display name where a centreline of that street passes near it ("1200 Rue Sherbrooke Ouest"), else
 * from the normalised keys; else the nearest centreline and its cross street; else, where the store holds
 * address points but no centrelines (Waterloo, Vancouver), the street of the address point within
 * ADDRESS_POINT_FAR_M and the nearest other street's point within CROSS_STREET_M.
 */
export function sourcesReverseGeocoder(sources: LocateSources): ReverseGeocoder {
  return {
    async reverse(lat, lng, maxDistanceM) {
      const [point, pieces] = await Promise.all([sources.nearestPoint(lat, lng, ADDRESS_POINT_FAR_M), sources.streets.around(lat, lng)])
      const pointM = point && Math.round(distanceM(lat, lng, point.lat, point.lng))
      if (point && pointM! <= Math.min(CIVIC_NAME_M, maxDistanceM)) return civicHit(sources, point, pointM!)
      const streets = streetsOfPoint(pieces, lat, lng) ?? (point && (await pointStreets(sources, point, pointM!, lat, lng, pieces)))
      if (!streets) return null
      const place = placeOfPoint(lat, lng)
      const label = place ? `${place.name}, ${place.province}` : undefined
      const address = [streetsLabel(streets), label].filter(Boolean).join(', ')
      return { address, lat, lng, distanceM: streets.offsetM, kind: 'street', streets, ...(label && { place: label }) }
    },
  }
}

/** The street of an address point near the point, and another street's point near it as the cross street. */
async function pointStreets(
  sources: LocateSources,
  point: AddressPoint,
  pointM: number,
  lat: number,
  lng: number,
  pieces: readonly StreetPiece[],
): Promise<PointStreets> {
  const other = await sources.nearestPoint(lat, lng, CROSS_STREET_M, point.nameKey).catch(() => undefined)
  const name = (p: AddressPoint) => pieces.find((s) => s.nameKey === p.nameKey && s.typeKey === p.typeKey)?.name ?? keyLabel(p)
  return { street: name(point), ...(other && { cross: name(other) }), offsetM: pointM }
}

async function civicHit(sources: LocateSources, point: AddressPoint, metres: number): Promise<ReverseHit> {
  const pieces = await sources.streets.around(point.lat, point.lng)
  const street = pieces.find((p) => p.nameKey === point.nameKey && p.typeKey === point.typeKey)?.name ?? keyLabel(point)
  const civic = `${point.number}${point.suffix.toUpperCase()}`
  return {
    address: `${civic} ${street}, ${cityLabel(point.cityKey, point)}`,
    lat: point.lat,
    lng: point.lng,
    distanceM: metres,
    kind: 'address',
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

/** The reverse geocoder of this environment: its geodata store (geodataOf), failures counting as "no address". */
export function reverseGeocoderFor(env: GeodataEnv): ReverseGeocoder {
  const store = geodataOf(env)
  return store ? forgiving(sourcesReverseGeocoder(store)) : noReverseGeocoder
}

/** A reverse geocoder whose failures count as "no address" (a suggestion never fails for want of a name). */
export function forgiving(inner: ReverseGeocoder): ReverseGeocoder {
  return {
    async reverse(lat, lng, maxDistanceM) {
      try {
        const hit = await inner.reverse(lat, lng, maxDistanceM)
        // A street is named from its centreline's distance (the point is not an address point's).
        return hit && (hit.kind === 'street' || hit.distanceM <= maxDistanceM) ? hit : null
      } catch {
        return null
      }
    },
  }
}

/**
 * What a coordinate is called in a result's `address` (POST /score, batch, the site finder's best points, the
 * built-in AI's suggestions): the civic address within CIVIC_NAME_M, else its street and cross street with the
 * municipality; null where the store knows neither (the caller writes the coordinates), or fails.
 */
export async function nameOfPoint(env: GeodataEnv, lat: number, lng: number): Promise<string | null> {
  return (await reverseGeocoderFor(env).reverse(lat, lng, REVERSE_MAX_DISTANCE_M))?.address ?? null
}
