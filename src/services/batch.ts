// Batch scoring: up to 1,000 locations in one request, results in input order. A location that
// cannot be scored (no location, out of Canada, not geocodable) carries its own error instead of
// failing the batch. One monthly quota unit per location, charged up front for the whole batch.
import { ApiError, type ErrorCode } from '../errors'
import { DEFAULT_WEIGHTS, type ScoreResult, type WeightProfile } from '../scoring'
import { MAX_ADDRESS_LENGTH, parseLocation } from '../scoring/location'
import { scoreLocation } from './scoring'

export const BATCH = {
  maxLocations: 1_000,
  /** Request body cap for this route only (the rest of the API keeps 64 KiB). */
  maxBodyBytes: 1024 * 1024,
  maxAddressLength: MAX_ADDRESS_LENGTH,
  maxIdLength: 100,
  /** Locations in flight at once: matters only with a live geocoder (one subrequest each). */
  concurrency: 6,
} as const

export interface BatchLocation {
  id?: string
  address?: string
  /** A CSV cell that is not a number stays text, and the row fails the location check like JSON would. */
  lat?: number | string
  lng?: number | string
  /** Set when the row failed its own schema (a JSON row of the wrong type): the row's error message. */
  invalid?: string
}

export interface BatchRow {
  index: number
  /** The caller's id for the row; null when none was given (the API's null-not-absent rule). */
  id: string | null
  /** The location as given: the address, else "lat, lng". */
  input: string
  /** Exactly one of result and error is set; the other is null. */
  result: ScoreResult | null
  error: { code: ErrorCode; message: string } | null
}

/** The location as given, for the output row (an over-long address is cut: it fails anyway). */
export const inputText = (l: BatchLocation) =>
  (l.address?.trim() || (l.lat !== undefined || l.lng !== undefined ? `${l.lat ?? ''}, ${l.lng ?? ''}` : '')).slice(0, 2_000)

async function scoreRow(
  env: Parameters<typeof scoreLocation>[0],
  location: BatchLocation,
  index: number,
  weights: WeightProfile,
): Promise<BatchRow> {
  const row = { index, id: location.id ?? null, input: inputText(location) }
  if (location.invalid) return { ...row, result: null, error: { code: 'BAD_REQUEST', message: location.invalid } }
  try {
    // Each row is checked with the routes' location schema, so it fails with the message POST /score gives.
    const input = parseLocation({ address: location.address, lat: location.lat, lng: location.lng })
    return { ...row, result: await scoreLocation(env, input, weights), error: null }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { ...row, result: null, error: { code: error.code, message: error.message } }
  }
}

/**
 * Charges one quota unit per location (`charge` throws 429 when they do not fit), then scores them,
 * a few at a time, into input order.
 */
export async function scoreBatch(
  env: Parameters<typeof scoreLocation>[0],
  locations: BatchLocation[],
  weights: WeightProfile = DEFAULT_WEIGHTS,
  charge: (units: number) => Promise<void>,
): Promise<BatchRow[]> {
  if (locations.length === 0)
    throw new ApiError('BAD_REQUEST', 'The batch holds no locations', {
      details: [{ path: 'locations', message: 'give 1 to 1,000 locations' }],
    })
  if (locations.length > BATCH.maxLocations) {
    throw new ApiError(
      'BAD_REQUEST',
      `The batch holds ${locations.length.toLocaleString('en-CA')} locations; the maximum is ${BATCH.maxLocations.toLocaleString('en-CA')}`,
      {
        details: [{ path: 'locations', message: `at most ${BATCH.maxLocations} locations` }],
      },
    )
  }
  await charge(locations.length)
  const rows: BatchRow[] = new Array(locations.length)
  let next = 0
  const worker = async () => {
    while (next < locations.length) {
      const i = next++
      rows[i] = await scoreRow(env, locations[i], i, weights)
    }
  }
  await Promise.all(Array.from({ length: Math.min(BATCH.concurrency, locations.length) }, worker))
  return rows
}
