// POST /api/v1/prospects (spec §4.6, docs/decisions.md §8): Enterprise only. Centre from lat/lng or a city
// (our geocoder); POIs from the D1 store; each scored at its own location.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse, Uuid } from '../lib/openapi'
import { ApiError } from '../errors'
import { requireFeature } from '../middleware/plan-gate'
import { GRADES } from '../scoring'
import { coordinateFields, optionalLocation } from '../scoring/location'
import { geocoderFor } from '../services/geocoder'
import { findProspects, MAX_PROSPECTS, STORE_SCAN_LIMIT } from '../services/prospects'

export const DEFAULT_RADIUS_KM = 5
export const MAX_RADIUS_KM = 50

const ProspectRequestSchema = z
  .object({
    city: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .optional()
      .openapi({ example: 'Toronto, ON', description: 'Centre of the search; ignored when lat/lng are given' }),
    ...coordinateFields,
    radiusKm: z
      .number()
      .positive()
      .max(MAX_RADIUS_KM)
      .optional()
      .openapi({ example: 5, description: `Search radius in km around the centre, default ${DEFAULT_RADIUS_KM}, max ${MAX_RADIUS_KM}` }),
    businessType: z.string().trim().min(1).max(60).optional().openapi({
      example: 'restaurant',
      description: 'OSM-style type (restaurant, cafe, bakery, hardware…); case-insensitive, plural accepted',
    }),
  })
  .superRefine(optionalLocation)
  .openapi('ProspectRequest')

const ProspectSchema = z
  .object({
    id: Uuid,
    name: z.string().max(300),
    address: z.string().max(400),
    type: z.string().max(60),
    lat: z.number(),
    lng: z.number(),
    distanceKm: z
      .number()
      .min(0)
      .max(MAX_RADIUS_KM)
      .nullable()
      .openapi({ description: 'Great-circle distance from the centre; null when the search had no centre' }),
    nearbyScore: z.number().min(0).max(100).openapi({ description: "Overall score at the business's location (default weights)" }),
    grade: z.enum(GRADES),
    source: z
      .string()
      .max(120)
      .openapi({ description: 'Where the POI came from: osm, csv:<file>, sample (sample data, not real businesses)' }),
  })
  .openapi('Prospect')

const ProspectResultSchema = z
  .object({
    prospects: z
      .array(ProspectSchema)
      .max(MAX_PROSPECTS)
      .openapi({ description: `Sorted by nearbyScore (highest first), then distance; at most ${MAX_PROSPECTS}` }),
    center: z
      .object({ lat: z.number(), lng: z.number(), label: z.string().max(400) })
      .nullable()
      .openapi({ description: 'Null when no city or lat/lng was given' }),
    radiusKm: z.number().nullable().openapi({ description: 'Null when no city or lat/lng was given' }),
    limit: z.literal(MAX_PROSPECTS),
  })
  .openapi('ProspectResult')

const prospectsRoute = createRoute({
  method: 'post',
  path: '/prospects',
  tags: ['Prospects'],
  operationId: 'findProspects',
  summary: 'Discover businesses that could use a sign (Enterprise plan)',
  description:
    `Businesses within radiusKm (default ${DEFAULT_RADIUS_KM}, max ${MAX_RADIUS_KM}) of lat/lng ` +
    `or a city, optionally of one businessType. The ${MAX_PROSPECTS} nearest matches are scored ` +
    `at their own locations with the default weights and returned by nearbyScore (highest first), ` +
    `then distance. None found → an empty array. A city that cannot be geocoded → 400. Every field ` +
    `is optional: with neither city nor lat/lng (e.g. \`{}\`), the best-scored businesses of the ` +
    `whole store are returned (up to ${STORE_SCAN_LIMIT} POIs of the type are scored; center, radiusKm ` +
    `and distanceKm are null).`,
  middleware: [requireFeature('prospects')] as const,
  request: { body: jsonBody(ProspectRequestSchema) },
  responses: { 200: jsonResponse(ProspectResultSchema, 'Prospects, best first'), ...errorResponses(400, 403) },
})

export const prospectRoutes = createRouter().openapi(prospectsRoute, async (c) => {
  const body = c.req.valid('json')
  let center: { lat: number; lng: number; label: string } | null = null
  if (body.lat !== undefined && body.lng !== undefined) {
    center = { lat: body.lat, lng: body.lng, label: `${body.lat.toFixed(5)}, ${body.lng.toFixed(5)}` }
  } else if (body.city) {
    const found = await geocoderFor(c.env).geocode(body.city)
    if (!found)
      throw new ApiError('BAD_REQUEST', `city not found: "${body.city}"`, {
        details: [{ path: 'city', message: 'could not geocode this city; give "City, Province" or lat/lng' }],
      })
    center = { lat: found.lat, lng: found.lng, label: found.address }
  }
  const radiusKm = center ? (body.radiusKm ?? DEFAULT_RADIUS_KM) : null
  const prospects = await findProspects(c.env, {
    centre: center ?? undefined,
    radiusKm: radiusKm ?? undefined,
    businessType: body.businessType,
  })
  return c.json({ prospects, center, radiusKm, limit: MAX_PROSPECTS }, 200)
})
