// The one location input (docs/conventions.md, Locations): an address, or lat and lng together, inside Canada.
// Every route that takes a location builds its schema from these fields and rules, and a location from
// anywhere else goes through parseLocation, so a bad location reads the same everywhere and is checked once.
import { z } from '@hono/zod-openapi'
import { CANADA_BOUNDS, isInCanadaBounds, isInUnitedStates } from '../geo/geodata'
import { displayText, validationError } from '../lib/openapi'

const { minLat, maxLat, minLng, maxLng } = CANADA_BOUNDS
export const MAX_ADDRESS_LENGTH = 300

/** A coordinate that must be a number, before its bounds (batch rows check the bounds row by row). */
export const coordinateNumber = (field: 'lat' | 'lng') => z.number({ error: `${field} must be a number` })

const latRange = `lat must be between ${minLat} and ${maxLat} (Canada)`
const lngRange = `lng must be between ${minLng} and ${maxLng} (Canada)`
export const latitude = coordinateNumber('lat').min(minLat, { error: latRange }).max(maxLat, { error: latRange })
export const longitude = coordinateNumber('lng').min(minLng, { error: lngRange }).max(maxLng, { error: lngRange })

export const coordinateFields = {
  lat: latitude.optional().openapi({ example: 43.6534, description: `Latitude, ${minLat} to ${maxLat}; give lng with it` }),
  lng: longitude.optional().openapi({ example: -79.3839, description: `Longitude, ${minLng} to ${maxLng}; give lat with it` }),
}

export const locationFields = {
  // Addresses are kept (saved locations, reports) and shown to others: the one stored-text rule applies.
  address: displayText(
    'address',
    z
      .string({ error: 'address must be a string' })
      .trim()
      .min(1, { error: 'address must not be empty' })
      .max(MAX_ADDRESS_LENGTH, { error: `address must be at most ${MAX_ADDRESS_LENGTH} characters` }),
  )
    .optional()
    .openapi({
      example: '100 Queen St W, Toronto, ON M5H 2N2',
      description:
        'Canadian address; use this OR lat/lng. When both are given the coordinates locate the point and the address is kept ' +
        'for display and road class.',
    }),
  ...coordinateFields,
}

/** The same fields in a query string (GET): numbers arrive as text. */
export const locationQueryFields = {
  address: locationFields.address,
  lat: z.coerce.number({ error: 'lat must be a number' }).pipe(latitude).optional().openapi({ example: 45.4257 }),
  lng: z.coerce.number({ error: 'lng must be a number' }).pipe(longitude).optional().openapi({ example: -75.6919 }),
}

interface Located {
  address?: string
  lat?: number
  lng?: number
}

/**
 * lat and lng only together; a pair in the parts of the United States inside the box is refused (our
 * Canadian data would score Detroit as Windsor); `required`: an address or a pair must be given.
 * zod runs this after a field's range or length issue too, so it adds nothing that issue already says.
 */
function checkLocation(value: Located, ctx: z.RefinementCtx, required: boolean) {
  const { lat, lng } = value
  const refuse = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message })
  if ((lat === undefined) !== (lng === undefined)) refuse(lat === undefined ? 'lat' : 'lng', 'lat and lng must be given together')
  else if (lat !== undefined && lng !== undefined) {
    if (isInCanadaBounds(lat, lng) && isInUnitedStates(lat, lng)) refuse('lat', 'coordinates are outside Canada (in the United States)')
  } else if (required && value.address === undefined) refuse('address', 'address or lat/lng is required')
}

/** For schemas where a location must be given (score, compare, nearby, projects, reports, batch rows). */
export const requireLocation = (value: Located, ctx: z.RefinementCtx) => checkLocation(value, ctx, true)
/** For schemas where the location is optional (ROI, prospects): the same rules when one is given. */
export const optionalLocation = (value: Located, ctx: z.RefinementCtx) => checkLocation(value, ctx, false)

export const LocationInputSchema = z.object(locationFields).superRefine(requireLocation).openapi('LocationInput')
export type LocationInput = z.infer<typeof LocationInputSchema>

/** A location from anywhere (a batch row, a stored input, a POI) checked as a route would; `path` prefixes error paths. */
export function parseLocation(input: unknown, path?: string): LocationInput {
  const parsed = LocationInputSchema.safeParse(input)
  if (!parsed.success) throw validationError(parsed.error.issues, path ?? 'body', path)
  return parsed.data
}
