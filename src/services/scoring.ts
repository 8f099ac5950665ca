// Scoring service: locate the input (coordinates or geocoded address), then run the pure engine.
import { ApiError } from '../errors'
import { parseAddress } from '../geo/geocode'
import { streetKeyOf } from '../geo/geocode'
import { locationWarnings, type ScoreWarning } from '../geo/geodata'
import type { LocationInput } from '../scoring/location'
import { buildScoreResult, DEFAULT_WEIGHTS, peopleIn, type DayPart, type ScoreResult, type SignInput, type WeightProfile } from '../scoring'
import { geocoderFor, type Defer, type GeocodeResult, type Geocoder, type GeocoderEnv } from './geocoder'
import { countsNear } from './count-store'
import { geodataOf } from './geodata-store'
import { reverseLocate, scoringStreet, streetsInSightOf } from './street-store'
import { nameOfPoint } from './reverse-geocoder'

export type { LocationInput }

/**
 * Scores one location. Coordinates win when both are given: the point is located by them, and the
 * address (if any) is kept as the display address and still supplies the street for road class.
 * The location must already be checked, once, where it entered: by a route's schema, or by
 * `parseLocation` for anything else (a batch row, a stored location, a POI). Checking it again here
 * cost every score a second schema run. `path` prefixes error detail paths (e.g. "locations.2").
 */
export async function scoreLocation(
  env: GeocoderEnv,
  location: LocationInput,
  weights: WeightProfile = DEFAULT_WEIGHTS,
  options: { geocoder?: Geocoder; path?: string; defer?: Defer; sign?: SignInput } = {},
): Promise<ScoreResult> {
  const { address, lat, lng } = location
  const { sign } = options
  // The geodata store: the worker's D1, or one handed in (the memory adapter in Node tests and benches).
  const store = geodataOf(env)
  if (lat !== undefined && lng !== undefined) {
    const parsed = address ? parseAddress(address)?.street : undefined
    const street = parsed?.name ? { name: parsed.name, ...(parsed.type && { type: parsed.type }) } : undefined
    // The street at the point from the store's centrelines: the address's own street when one was
    // written (its class), else the nearest street. The same road as the equivalent address resolves.
    // The counts near the point are read beside it; what the point is called when no address was given (issue 31
    // item 5: the civic address within 15 m, else the street and cross street) after it, from the cells it read.
    const [nearest, measuredCounts] = store
      ? await Promise.all([
          reverseLocate(store, lat, lng, street ? { nameKey: streetKeyOf(parsed!).nameKey } : {}),
          countsNear(store.counts, lat, lng, 'coordinates'),
        ])
      : [undefined, undefined]
    const located = scoringStreet(nearest, street)
    // The same cells as the nearest street's and its address points (cached by now): no second query.
    const [near, name] = store
      ? await Promise.all([streetsInSightOf(store.streets, lat, lng), address === undefined ? nameOfPoint(env, lat, lng) : null])
      : [undefined, null]
    const result = buildScoreResult(
      {
        lat,
        lng,
        precision: 'coordinates',
        accuracyM: 0,
        address: address ?? name ?? `${lat.toFixed(5)}, ${lng.toFixed(5)}`,
        ...(located && { street: located }),
        ...(measuredCounts && { measuredCounts }),
        ...(near && { streetsInSight: near.streets }),
        ...(near?.nearestM !== undefined && { networkNearestM: near.nearestM }),
      },
      weights,
      sign,
    )
    return checkFacing(result, sign, options.path)
  }
  if (address === undefined) throw new Error('scoreLocation: the location was not checked (no address, no lat/lng)')
  const geocoded = await geocodeAddress(env, address, options)
  // The geocoded position decides where to look, so this read follows the geocode (one query per new
  // cell of an isolate; none for an area position). It is the only D1 read of a KV-cached address.
  // An exact position (an address point, an interpolated number, a crossing) sees the streets within
  // sight; the two reads run side by side.
  const [measuredCounts, near] = store
    ? await Promise.all([
        countsNear(store.counts, geocoded.lat, geocoded.lng, geocoded.precision),
        AT_A_FRONTAGE.has(geocoded.precision) ? streetsInSightOf(store.streets, geocoded.lat, geocoded.lng) : undefined,
      ])
    : [undefined, undefined]
  const result = buildScoreResult(
    {
      lat: geocoded.lat,
      lng: geocoded.lng,
      address: geocoded.address,
      precision: geocoded.precision,
      accuracyM: geocoded.accuracyM,
      street: geocoded.street,
      ruralRoute: geocoded.ruralRoute,
      ruralPostalCode: geocoded.ruralPostalCode,
      warnings: geocoded.warnings,
      ...(measuredCounts && { measuredCounts }),
      ...(near && { streetsInSight: near.streets }),
    },
    weights,
    sign,
  )
  return capConfidence(checkFacing(result, sign, options.path))
}

/**
 * A sign facing a street that is not at the point → 400 listing the streets that are. Known only once the
 * point is located (the engine is pure and finds the streets), so checked on the result.
 */
function checkFacing(result: ScoreResult, sign: SignInput | undefined, path?: string): ScoreResult {
  const facing = sign?.facing?.toLowerCase()
  if (facing === undefined || facing === 'both') return result
  const streets = result.audience.impressions?.streets.map((s) => s.name) ?? []
  if (streets.some((name) => name.toLowerCase() === facing)) return result
  const valid = ['both', ...streets].map((v) => JSON.stringify(v)).join(', ')
  const where = path ? `${path}.sign.facing` : 'sign.facing'
  throw new ApiError('BAD_REQUEST', `${where} must be one of the streets at the point: ${valid}`, {
    details: [{ path: where, message: `"${sign!.facing}" is not a street at ${result.address}; valid: ${valid}` }],
  })
}

/**
 * Locates an address with the geocoder chain (services/geocoder.ts); its warnings include what the
 * precision implies (a city or postal-area position…). An address that cannot be located → 400, the
 * detail at `path` (default "address").
 */
export async function geocodeAddress(
  env: Parameters<typeof geocoderFor>[0],
  address: string,
  options: { geocoder?: Geocoder; path?: string; defer?: Defer } = {},
): Promise<GeocodeResult & { warnings: ScoreWarning[] }> {
  const geocoded = await (options.geocoder ?? geocoderFor(env, undefined, options.defer)).geocode(address)
  if (!geocoded) {
    throw new ApiError('BAD_REQUEST', `could not geocode "${address}": give a postal code, or a city and province, or lat/lng`, {
      details: [{ path: options.path ?? 'address', message: `could not geocode "${address}"` }],
    })
  }
  return { ...geocoded, warnings: [...(geocoded.warnings ?? []), ...locationWarnings(geocoded)] }
}

/**
 * Scores 2–5 locations concurrently with the same weights and ranks them, best first (ties keep input
 * order). Any location that cannot be scored fails the whole comparison with the first failure's code,
 * its index in the message (`locations.2: …`) and every failure in details.
 */
export async function compareLocations(
  env: Parameters<typeof scoreLocation>[0],
  locations: readonly LocationInput[],
  weights: WeightProfile = DEFAULT_WEIGHTS,
  options: { defer?: Defer; sign?: SignInput; rankBy?: RankBy } = {},
): Promise<{ results: ScoreResult[]; winner: ScoreResult; rankBy: RankBy; rankValues: number[] }> {
  const rankBy = options.rankBy ?? 'overallScore'
  const settled = await Promise.allSettled(
    locations.map((l, i) => scoreLocation(env, l, weights, { path: `locations.${i}`, defer: options.defer, sign: options.sign })),
  )
  const failures = settled.flatMap((s, i) => (s.status === 'rejected' ? [{ i, error: s.reason as unknown }] : []))
  if (failures.length) {
    const first = failures[0]
    if (!(first.error instanceof ApiError)) throw first.error
    const details = failures.flatMap((f) =>
      f.error instanceof ApiError ? (f.error.details ?? [{ path: `locations.${f.i}`, message: f.error.message }]) : [],
    )
    throw new ApiError(first.error.code, `locations.${first.i}: ${first.error.message}`, { details })
  }
  const ranked = settled
    .map((s, i) => {
      const result = (s as PromiseFulfilledResult<ScoreResult>).value
      return { result, i, value: rankValue(result, rankBy) }
    })
    .sort((a, b) => b.value - a.value || a.i - b.i)
  const results = ranked.map((r) => r.result)
  return { results, winner: results[0], rankBy, rankValues: ranked.map((r) => r.value) }
}

/** What /compare can sort by (routes document the values): the score, the impressions or a day part's people passing. */
export type RankBy = 'overallScore' | 'impressions' | DayPart

function rankValue(result: ScoreResult, rankBy: RankBy): number {
  if (rankBy === 'overallScore') return result.overallScore
  const { audience } = result
  if (rankBy === 'impressions') return audience.impressions?.daily ?? 0
  return audience.hourly ? Math.round(peopleIn(audience.hourly, rankBy, audience.occupancy)) : 0
}

/** Positions at a particular frontage: a sign there faces the streets in sight. */
const AT_A_FRONTAGE: ReadonlySet<ScoreResult['precision']> = new Set(['address', 'interpolated', 'intersection'])

/** A city or postal-area position cannot support more than this confidence in any factor. */
const CONFIDENCE_CAP: Partial<Record<ScoreResult['precision'], 'low' | 'medium'>> = { city: 'low', postal_code: 'medium' }
const CONFIDENCE_RANK = { low: 0, medium: 1, high: 2 } as const

function capConfidence(result: ScoreResult): ScoreResult {
  const cap = CONFIDENCE_CAP[result.precision]
  if (!cap) return result
  for (const factor of Object.values(result.factorScores))
    if (CONFIDENCE_RANK[factor.raw.confidence] > CONFIDENCE_RANK[cap]) factor.raw = { ...factor.raw, confidence: cap }
  return result
}
