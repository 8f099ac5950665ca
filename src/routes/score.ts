// POST /api/v1/score and POST /api/v1/compare (spec §4.1). Validation lives in the schemas (the same
// ones the OpenAPI document is generated from); the work is in services/scoring.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { ApiError } from '../errors'
import { ScoreResultSchema, WeightProfileSchema, DEFAULT_WEIGHTS, type ScoreResult } from '../scoring'
import { CANADA_BOUNDS, scoreLocation, type LocationInput } from '../services/scoring'

export const latitude = z.number().min(CANADA_BOUNDS.minLat, { error: `lat must be between ${CANADA_BOUNDS.minLat} and ${CANADA_BOUNDS.maxLat} (Canada)` })
  .max(CANADA_BOUNDS.maxLat, { error: `lat must be between ${CANADA_BOUNDS.minLat} and ${CANADA_BOUNDS.maxLat} (Canada)` })
export const longitude = z.number().min(CANADA_BOUNDS.minLng, { error: `lng must be between ${CANADA_BOUNDS.minLng} and ${CANADA_BOUNDS.maxLng} (Canada)` })
  .max(CANADA_BOUNDS.maxLng, { error: `lng must be between ${CANADA_BOUNDS.minLng} and ${CANADA_BOUNDS.maxLng} (Canada)` })

export const locationFields = {
  address: z.string().trim().min(1).max(300).optional().openapi({ example: '100 Queen St W, Toronto, ON M5H 2N2', description: 'Canadian address; use this OR lat/lng. When both are given the coordinates locate the point and the address is kept for display and road class.' }),
  lat: latitude.optional().openapi({ example: 43.6534 }),
  lng: longitude.optional().openapi({ example: -79.3839 }),
}

/** Either an address or a lat/lng pair (or both: coordinates win). */
export function requireLocation(value: { address?: string; lat?: number; lng?: number }, ctx: z.RefinementCtx) {
  const hasLat = value.lat !== undefined
  const hasLng = value.lng !== undefined
  if (hasLat !== hasLng) ctx.addIssue({ code: 'custom', path: [hasLat ? 'lng' : 'lat'], message: 'lat and lng must be given together' })
  else if (!hasLat && !value.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'address or lat/lng is required' })
}

const LocationSchema = z.object(locationFields).superRefine(requireLocation).openapi('LocationInput')

const ScoreRequestSchema = z
  .object({ ...locationFields, weights: WeightProfileSchema.optional() })
  .superRefine(requireLocation)
  .openapi('ScoreRequest')

const CompareRequestSchema = z
  .object({
    locations: z.array(LocationSchema).min(2, { error: 'locations must hold 2 to 5 locations' }).max(5, { error: 'locations must hold 2 to 5 locations' }),
    weights: WeightProfileSchema.optional(),
  })
  .openapi('CompareRequest')

const CompareResponseSchema = z
  .object({
    results: z.array(ScoreResultSchema).max(5).openapi({ description: 'Score results sorted by overallScore, highest first (ties keep input order)' }),
    winner: ScoreResultSchema.openapi({ description: 'The highest-scoring location (same as results[0])' }),
  })
  .openapi('CompareResult')

const scoreRoute = createRoute({
  method: 'post',
  path: '/score',
  tags: ['Scoring'],
  operationId: 'scoreLocation',
  summary: 'Score a Canadian address or coordinate pair',
  description: 'Scores an address or a lat/lng pair (Canada: lat 41…84, lng −142…−52) for sign placement: overall 0–100, letter grade and seven factors. When both are given, the coordinates locate the point and the address is kept as display address and supplies the street for road class. Geocoding failure → 400. Optional weights (all seven keys, summing to 1.0) replace the defaults.',
  request: { body: jsonBody(ScoreRequestSchema) },
  responses: { 200: jsonResponse(ScoreResultSchema, 'The score result'), ...errorResponses(400) },
})

const compareRoute = createRoute({
  method: 'post',
  path: '/compare',
  tags: ['Scoring'],
  operationId: 'compareLocations',
  summary: 'Score 2 to 5 locations and rank them',
  description: 'Scores 2–5 locations concurrently with the same weights; results are sorted by overallScore (highest first) and winner is the first. If any location cannot be geocoded the request fails with 400 and the location index in details (e.g. locations.2).',
  request: { body: jsonBody(CompareRequestSchema) },
  responses: { 200: jsonResponse(CompareResponseSchema, 'Results, best first, and the winner'), ...errorResponses(400) },
})

const toInput = (l: { address?: string; lat?: number; lng?: number }): LocationInput => ({ address: l.address, lat: l.lat, lng: l.lng })

export const scoreRoutes = createRouter()
  .openapi(scoreRoute, async (c) => {
    const body = c.req.valid('json')
    const result = await scoreLocation(c.env, toInput(body), body.weights ?? DEFAULT_WEIGHTS)
    return c.json(result, 200)
  })
  .openapi(compareRoute, async (c) => {
    const { locations, weights } = c.req.valid('json')
    const settled = await Promise.allSettled(
      locations.map((l, i) => scoreLocation(c.env, toInput(l), weights ?? DEFAULT_WEIGHTS, { path: `locations.${i}` })),
    )
    const failures = settled.flatMap((s, i) => (s.status === 'rejected' ? [{ i, error: s.reason as unknown }] : []))
    if (failures.length) {
      const first = failures[0]
      if (!(first.error instanceof ApiError)) throw first.error
      const details = failures.flatMap((f) => (f.error instanceof ApiError ? (f.error.details ?? [{ path: `locations.${f.i}`, message: f.error.message }]) : []))
      throw new ApiError(first.error.code, `locations.${first.i}: ${first.error.message}`, { details })
    }
    const results = settled
      .map((s, i) => ({ result: (s as PromiseFulfilledResult<ScoreResult>).value, i }))
      .sort((a, b) => b.result.overallScore - a.result.overallScore || a.i - b.i)
      .map((r) => r.result)
    return c.json({ results, winner: results[0] }, 200)
  })
