// POST /api/v1/score and POST /api/v1/compare (spec §4.1). Validation lives in the schemas (the same
// ones the OpenAPI document is generated from); the work is in services/scoring.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import type { TypedResponse } from 'hono'
import {
  DEFAULT_WEIGHTS,
  RankBySchema,
  ScoreResultSchema,
  SignSchema,
  WeightProfileSchema,
  scoreResultJson,
  type ScoreResult,
} from '../scoring'
import { compareLocations, scoreLocation } from '../services/scoring'
import type { Defer } from '../services/geocoder'
import { CANADA_BOUNDS } from '../geo/geodata'
import { LocationInputSchema, locationFields, requireLocation } from '../scoring/location'

export const ScoreRequestSchema = z
  .object({ ...locationFields, weights: WeightProfileSchema.optional(), sign: SignSchema.optional() })
  .superRefine(requireLocation)
  .openapi('ScoreRequest')

export const CompareRequestSchema = z
  .object({
    locations: z
      .array(LocationInputSchema)
      .min(2, { error: 'locations must hold 2 to 5 locations' })
      .max(5, { error: 'locations must hold 2 to 5 locations' }),
    weights: WeightProfileSchema.optional(),
    sign: SignSchema.optional().openapi({ description: 'The same sign considered at every location (audience.impressions)' }),
    rankBy: RankBySchema.optional(),
  })
  .openapi('CompareRequest')

const CompareResponseSchema = z
  .object({
    results: z
      .array(ScoreResultSchema)
      .max(5)
      .openapi({ description: 'Score results sorted by rankBy (default overallScore), highest first (ties keep input order)' }),
    winner: ScoreResultSchema.openapi({ description: 'The first by rankBy (same as results[0])' }),
    rankBy: RankBySchema,
    rankValues: z
      .array(z.number().min(0).max(1e9))
      .max(5)
      .openapi({ description: 'The value each result was ranked by, in the order of results' }),
  })
  .openapi('CompareResult')

const scoreRoute = createRoute({
  method: 'post',
  path: '/score',
  tags: ['Scoring'],
  operationId: 'scoreLocation',
  summary: 'Score a Canadian address or coordinate pair',
  description:
    `Scores an address or a lat/lng pair (Canada: lat ${CANADA_BOUNDS.minLat}…${CANADA_BOUNDS.maxLat}, ` +
    `lng ${CANADA_BOUNDS.minLng}…${CANADA_BOUNDS.maxLng}) for sign placement: overall 0–100, letter ` +
    `grade and seven factors. When both are given, the coordinates locate the point and the address ` +
    `is kept as display address and supplies the street for road class. Geocoding failure → 400. ` +
    `Optional weights (all seven keys, summing to 1.0) replace the defaults. An optional sign block (type, size, height, ` +
    `setback, facing street, illuminated) sets audience.impressions; without it they are for a typical wall sign.`,
  request: { body: jsonBody(ScoreRequestSchema) },
  responses: { 200: jsonResponse(ScoreResultSchema, 'The score result'), ...errorResponses(400) },
})

const compareRoute = createRoute({
  method: 'post',
  path: '/compare',
  tags: ['Scoring'],
  operationId: 'compareLocations',
  summary: 'Score 2 to 5 locations and rank them',
  description:
    'Scores 2–5 locations concurrently with the same weights; results are sorted by overallScore ' +
    '(highest first) and winner is the first. If any location cannot be geocoded the request fails ' +
    'with 400 and the location index in details (e.g. locations.2). rankBy sorts by impressions or by the people passing ' +
    'in a day part (weekdayAM, weekdayMidday, weekdayPM, weekdayEvening, weekend) instead of overallScore.',
  request: { body: jsonBody(CompareRequestSchema) },
  responses: { 200: jsonResponse(CompareResponseSchema, 'Results, best first, and the winner'), ...errorResponses(400) },
})

/** Cache writes after the response when the runtime gives an execution context. */
export function deferTo(c: { executionCtx: ExecutionContext }): Defer | undefined {
  try {
    const ctx = c.executionCtx
    return (promise) => ctx.waitUntil(promise)
  } catch {
    return undefined
  }
}

export const scoreRoutes = createRouter()
  .openapi(scoreRoute, async (c) => {
    const body = c.req.valid('json')
    const result = await scoreLocation(c.env, { address: body.address, lat: body.lat, lng: body.lng }, body.weights ?? DEFAULT_WEIGHTS, {
      defer: deferTo(c),
      sign: body.sign,
    })
    // What c.json(result, 200) sends, serialised with the constant dataSources block made once (scoreResultJson).
    const json = c.body(scoreResultJson(result), 200, { 'Content-Type': 'application/json' })
    return json as unknown as TypedResponse<ScoreResult, 200, 'json'>
  })
  .openapi(compareRoute, async (c) => {
    const { locations, weights, sign, rankBy } = c.req.valid('json')
    return c.json(await compareLocations(c.env, locations, weights ?? DEFAULT_WEIGHTS, { defer: deferTo(c), sign, rankBy }), 200)
  })
