// Scoring service: locate the input (coordinates or geocoded address), then run the pure engine.
import type { Env } from '../env'
import { ApiError } from '../errors'
import { parseAddress } from '../geo'
import type { LocationInput } from '../lib/location'
import { buildScoreResult, DEFAULT_WEIGHTS, type ScoreResult, type WeightProfile } from '../scoring'
import { geocoderFor, type Defer, type Geocoder } from './geocoder'

export type { LocationInput }

/**
 * Scores one location. Coordinates win when both are given: the point is located by them, and the
 * address (if any) is kept as the display address and still supplies the street for road class.
 * The location must already be checked, once, where it entered: by a route's schema, or by
 * `parseLocation` for anything else (a batch row, a stored location, a POI). Checking it again here
 * cost every score a second schema run. `path` prefixes error detail paths (e.g. "locations.2").
 */
export async function scoreLocation(
  env: Partial<Pick<Env, 'DB'>> & Pick<Env, 'GEOCODER_URL' | 'GEOCODER_API_KEY' | 'KEYS'>,
  location: LocationInput,
  weights: WeightProfile = DEFAULT_WEIGHTS,
  options: { geocoder?: Geocoder; path?: string; defer?: Defer } = {},
): Promise<ScoreResult> {
  const { address, lat, lng } = location
  if (lat !== undefined && lng !== undefined) {
    const parsed = address ? parseAddress(address) : undefined
    const street = parsed?.street
    return buildScoreResult(
      {
        lat,
        lng,
        precision: 'coordinates',
        accuracyM: 0,
        address: address ?? `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
        ...(street?.name && { street: { name: street.name, ...(street.type && { type: street.type }) } }),
      },
      weights,
    )
  }
  if (address === undefined) throw new Error('scoreLocation: the location was not checked (no address, no lat/lng)')
  const geocoded = await (options.geocoder ?? geocoderFor(env, undefined, options.defer)).geocode(address)
  if (!geocoded) {
    throw new ApiError('BAD_REQUEST', `could not geocode "${address}": give a postal code, or a city and province, or lat/lng`, {
      details: [{ path: options.path ?? 'address', message: `could not geocode "${address}"` }],
    })
  }
  return buildScoreResult(
    {
      lat: geocoded.lat,
      lng: geocoded.lng,
      address: geocoded.address,
      precision: geocoded.precision,
      accuracyM: geocoded.accuracyM,
      street: geocoded.street,
      ruralRoute: geocoded.ruralRoute,
      ruralPostalCode: geocoded.ruralPostalCode,
    },
    weights,
  )
}
