// Offline geocoding from bundled data: postal code → FSA centroid, else city (+ province) →
// GeoNames place. Never guesses below that precision; an unresolvable address returns null.
import { formatStreet, parseAddress, type ParsedStreet } from './address'
import { fsaAccuracyM, placeAccuracyM } from '../geodata'
import type { ProvinceCode } from '../geodata'
import type { ScoreWarning } from '../geodata'
import { geoStore, PLACE_MEAN_DENSITY, type Fsa, type Place } from '../geodata'
import { distanceKm, normalizeName } from '../geodata'
import type { GeocodePrecision } from '../geodata'

export interface GeocodeResult {
  lat: number
  lng: number
  precision: GeocodePrecision
  /**
   * Honest radius in metres around lat/lng within which the place most likely is: ~10 for an
   * address point, the neighbours' spread for an interpolation, the street's extent, the postal
   * area's or the city's radius; 0 for coordinates given by the caller.
   */
  accuracyM: number
  /** Display address: the street as written, the resolved city, province and postal code. */
  address: string
  /** The street located, with its class where a street network gave it (src/geo/signals/features.ts KnownStreet). */
  street?: { name: string; type?: string; roadClass?: number; classSource?: string; offsetM?: number }
  city?: string
  province?: ProvinceCode
  postalCode?: string
  /**
   * Hints that the address lies outside any built-up area although it was located at a town or
   * postal-area centroid: rural-route delivery, or a rural postal code (second character 0).
   */
  ruralRoute?: boolean
  ruralPostalCode?: boolean
  /** What the geocoder could not match (STREET_NOT_FOUND); precision warnings are added by locationWarnings. */
  warnings?: ScoreWarning[]
}

export function isKnownPlaceName(normalizedName: string): boolean {
  return geoStore().placesByName.has(normalizedName)
}

/** The most populous place of that name, in the province when one is given. */
export function findPlace(city: string, province?: string): Place | undefined {
  const candidates = geoStore().placesByName.get(normalizeName(city))
  if (!candidates) return undefined
  let best: Place | undefined
  for (const p of candidates) {
    if (province && p.province !== province) continue
    if (!best || p.population > best.population) best = p
  }
  return best
}

export function geocodeOffline(text: string): GeocodeResult | null {
  if (typeof text !== 'string' || !text.trim()) return null
  const parsed = parseAddress(text, isKnownPlaceName)
  const store = geoStore()
  let place = parsed.city ? findPlace(parsed.city, parsed.province) : undefined
  let parentCity: string | undefined
  // "Annex, Toronto", "Notre-Dame-de-Grâce, Montréal": a first part with no civic number and no
  // street type that names a neighbourhood of that city locates the neighbourhood, not a street.
  if (place && parsed.street && !parsed.civicNumber && !parsed.street.type) {
    const hood = findPlace(parsed.street.name.replace(/^the\s+/i, ''), place.province)
    if (hood && hood !== place && distanceKm(hood.lat, hood.lng, place.lat, place.lng) < 40) {
      parentCity = place.name
      place = hood
      parsed.street = undefined
    }
  }
  const street = parsed.street?.name ? toStreet(parsed.street) : undefined
  const streetText = parsed.street?.name
    ? [parsed.unit && parsed.civicNumber ? `${parsed.unit}-${parsed.civicNumber}` : parsed.civicNumber, formatStreet(parsed.street)]
        .filter(Boolean)
        .join(' ')
    : undefined
  const fsa = parsed.fsa ? store.fsaByCode.get(parsed.fsa) : undefined
  const rural = { ...(parsed.ruralRoute && { ruralRoute: true }), ...(parsed.fsa?.[1] === '0' && { ruralPostalCode: true }) }

  // Rural FSAs (second character 0) cover whole regions; a named town inside them is more precise.
  if (fsa && !(fsa.rural && place && place.province === fsa.province)) {
    const province = fsa.province as ProvinceCode
    const city = place && place.province === province ? place.name : parsed.city
    return {
      lat: fsa.lat,
      lng: fsa.lng,
      precision: 'postal_code',
      accuracyM: fsaAccuracyM(fsa),
      address: join(streetText, city, `${province} ${parsed.postalCode ?? fsa.code}`),
      ...(street && { street }),
      ...(city && { city }),
      province,
      postalCode: parsed.postalCode ?? fsa.code,
      ...rural,
    }
  }
  if (place) {
    const province = place.province as ProvinceCode
    return {
      lat: place.lat,
      lng: place.lng,
      precision: 'city',
      accuracyM: placeAccuracyM(place),
      address: join(streetText, place.name, parentCity, parsed.postalCode ? `${province} ${parsed.postalCode}` : province),
      ...(street && { street }),
      city: place.name,
      province,
      ...(parsed.postalCode && { postalCode: parsed.postalCode }),
      ...rural,
    }
  }
  return null
}

/** Radius of a postal area: the distance holding ~80 % of its people (docs/fsa-audit.md). */
export function fsaRadiusM(fsa: Fsa): number {
  return Math.round(fsa.radiusM)
}

/** Radius of the disc holding the place's population at PLACE_MEAN_DENSITY (store.ts), at least 1 km. */
export function placeRadiusM(place: Place): number {
  return Math.max(1000, Math.round((Math.sqrt(Math.max(place.population, 1) / (Math.PI * PLACE_MEAN_DENSITY)) * 1000) / 100) * 100)
}

function toStreet(street: ParsedStreet): { name: string; type?: string } {
  return street.type ? { name: street.name, type: street.type } : { name: street.name }
}

function join(...parts: (string | undefined)[]): string {
  return parts.filter(Boolean).join(', ')
}
