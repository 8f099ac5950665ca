// Scoring service: locate the input (coordinates or geocoded address), then run the pure engine.
import type { Env } from '../env'
import { ApiError } from '../errors'
import { isInUnitedStates, parseAddress } from '../geo'
import { buildScoreResult, DEFAULT_WEIGHTS, type ScoreResult, type WeightProfile } from '../scoring'
import { geocoderFor, type Defer, type Geocoder } from './geocoder'

export interface LocationInput { address?: string; lat?: number; lng?: number }

/** Canada's bounding box (docs/decisions.md §5 / issue 3). */
export const CANADA_BOUNDS = { minLat: 41, maxLat: 84, minLng: -142, maxLng: -52 } as const

export function isInCanadaBounds(lat: number, lng: number): boolean {
  return lat >= CANADA_BOUNDS.minLat && lat <= CANADA_BOUNDS.maxLat && lng >= CANADA_BOUNDS.minLng && lng <= CANADA_BOUNDS.maxLng
}

/**
 * Scores one location. Coordinates win when both are given: the point is located by them, and the
 * address (if any) is kept as the display address and still supplies the street for road class.
 * `path` prefixes error detail paths (e.g. "locations.2" for compare).
 */
export async function scoreLocation(
  env: Partial<Pick<Env, 'DB'>> & Pick<Env, 'GEOCODER_URL' | 'GEOCODER_API_KEY' | 'KEYS'>,
  input: LocationInput,
  weights: WeightProfile = DEFAULT_WEIGHTS,
  options: { geocoder?: Geocoder; path?: string; defer?: Defer } = {},
): Promise<ScoreResult> {
  const at = (field: string) => (options.path ? `${options.path}.${field}` : field)
  const address = typeof input.address === 'string' && input.address.trim() ? input.address.trim() : undefined
  const hasLat = typeof input.lat === 'number'
  const hasLng = typeof input.lng === 'number'
  if (hasLat !== hasLng) {
    const missing = hasLat ? 'lng' : 'lat'
    throw new ApiError('BAD_REQUEST', 'lat and lng must be given together', { details: [{ path: at(missing), message: `${missing} is required with ${hasLat ? 'lat' : 'lng'}` }] })
  }
  if (hasLat && hasLng) {
    const lat = input.lat!
    const lng = input.lng!
    if (!isInCanadaBounds(lat, lng)) {
      throw new ApiError('BAD_REQUEST', 'coordinates are outside Canada (lat 41…84, lng -142…-52)', {
        details: [{ path: at(lat < 41 || lat > 84 ? 'lat' : 'lng'), message: 'outside Canada' }],
      })
    }
    // The bounding box holds Detroit, Buffalo, Seattle and Alaska: our Canadian data would score
    // them as if they were the Canadian towns across the border.
    if (isInUnitedStates(lat, lng)) {
      throw new ApiError('BAD_REQUEST', 'coordinates are outside Canada (in the United States)', {
        details: [{ path: at('lat'), message: 'outside Canada (United States)' }],
      })
    }
    const parsed = address ? parseAddress(address) : undefined
    const street = parsed?.street
    return buildScoreResult({
      lat, lng, precision: 'coordinates', accuracyM: 0,
      address: address ?? `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
      ...(street?.name && { street: { name: street.name, ...(street.type && { type: street.type }) } }),
    }, weights)
  }
  if (!address) {
    throw new ApiError('BAD_REQUEST', 'address or lat/lng is required', { details: [{ path: options.path ?? 'address', message: 'give an address, or lat and lng' }] })
  }
  const geocoded = await (options.geocoder ?? geocoderFor(env, undefined, options.defer)).geocode(address)
  if (!geocoded) {
    throw new ApiError('BAD_REQUEST', `could not geocode "${address}": give a postal code, or a city and province, or lat/lng`, {
      details: [{ path: options.path ?? 'address', message: `could not geocode "${address}"` }],
    })
  }
  return buildScoreResult({ lat: geocoded.lat, lng: geocoded.lng, address: geocoded.address, precision: geocoded.precision, accuracyM: geocoded.accuracyM, street: geocoded.street,
    ruralRoute: geocoded.ruralRoute, ruralPostalCode: geocoded.ruralPostalCode }, weights)
}
