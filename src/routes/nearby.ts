// Site finder (beyond the spec): POST /api/v1/score/nearby (JSON) and GET /api/v1/score/nearby.svg
// (heat map). Pro plan and above. The work is in services/nearby.ts; the picture in views/nearby-svg.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, int, jsonBody, jsonResponse, standardHeaders } from '../lib/openapi'
import { principalOf, requireFeature } from '../middleware/plan-gate'
import { consumeQuotaUnits } from '../middleware/rate-limit'
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { DEFAULT_WEIGHTS, GRADES, ScoreResultSchema, WeightProfileSchema, type WeightProfile } from '../scoring'
import { gridFeatureCollection, NEARBY, nameBestPoints, nearbyQuotaUnits, searchNearby, type NearbyResult } from '../services/nearby'
import { nearbySvg } from '../views/nearby-svg'
import { locationFields, locationQueryFields, requireLocation } from '../scoring/location'

const tags = ['Scoring']
const planGate = requireFeature('siteFinder')

const radiusM = int(NEARBY.minRadiusM, NEARBY.maxRadiusM)
const spacingM = int(NEARBY.minSpacingM, NEARBY.maxSpacingM)
const limit = int(NEARBY.minLimit, NEARBY.maxLimit)

const searchFields = {
  radiusM: radiusM.default(NEARBY.defaultRadiusM).openapi({
    example: 500,
    description:
      `Search radius in metres (${NEARBY.minRadiusM}–${NEARBY.maxRadiusM.toLocaleString('en-CA')}, ` + `default ${NEARBY.defaultRadiusM})`,
  }),
  spacingM: spacingM.default(NEARBY.defaultSpacingM).openapi({
    example: 50,
    description:
      `Distance between grid points in metres (≥ ${NEARBY.minSpacingM}, default ${NEARBY.defaultSpacingM}). ` +
      `The grid may hold at most ${NEARBY.maxGridPoints.toLocaleString('en-CA')} points (about π·(radiusM/spacingM)²); ` +
      `beyond → 400 with the computed count.`,
  }),
  limit: limit.default(NEARBY.defaultLimit).openapi({
    example: 5,
    description: `How many best points to return (${NEARBY.minLimit}–${NEARBY.maxLimit}, default ${NEARBY.defaultLimit})`,
  }),
}

export const NearbyRequestSchema = z
  .object({ ...locationFields, ...searchFields, weights: WeightProfileSchema.optional() })
  .superRefine(requireLocation)
  .openapi('NearbyRequest', { example: { address: '50 Rideau St, Ottawa, ON K1N 9J7', radiusM: 500, spacingM: 50, limit: 5 } })

const BestPointSchema = z
  .object({
    rank: int(1, NEARBY.maxLimit).openapi({ example: 1 }),
    distanceM: int(0, 3_000).openapi({ example: 212, description: 'Distance from the centre in metres' }),
    bearingDeg: int(0, 360).openapi({
      example: 45,
      description: 'Direction from the centre, degrees clockwise from north (0 for the centre itself)',
    }),
    name: z
      .string()
      .max(400)
      .nullable()
      .openapi({
        example: 'Queen Street West near Spadina Avenue, Toronto, ON',
        description:
          'What the point is called: the civic address whose point stands within 15 m, else the nearest street and a ' +
          'cross street meeting it within 150 m, with the municipality; null where the geodata store knows neither. ' +
          '`result.address` stays the coordinates, as POST /score writes them.',
      }),
    result: ScoreResultSchema,
  })
  .openapi('NearbyBestPoint')

const GridFeatureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({
    type: z.literal('Point'),
    coordinates: z
      .array(z.number().min(-180).max(180))
      .min(2)
      .max(2)
      .openapi({ description: '[lng, lat]', example: [-75.6919, 45.4257] }),
  }),
  properties: z.object({ overallScore: z.number().min(0).max(100).openapi({ example: 71.2 }), grade: z.enum(GRADES) }),
})

const NearbyResponseSchema = z
  .object({
    centre: ScoreResultSchema.openapi({ description: 'The centre’s own result (geocoded once, with its street)' }),
    radiusM: int(NEARBY.minRadiusM, NEARBY.maxRadiusM).openapi({ example: 500 }),
    spacingM: int(NEARBY.minSpacingM, NEARBY.maxSpacingM).openapi({ example: 50 }),
    gridPoints: int(1, NEARBY.maxGridPoints).openapi({ example: 317, description: 'Points scored (inside the circle and in Canada)' }),
    quotaUnits: int(1, nearbyQuotaUnits(NEARBY.maxGridPoints)).openapi({
      example: 5,
      description: 'Monthly quota units this search used: 1 for the request + 1 per started 100 grid points',
    }),
    best: z
      .array(BestPointSchema)
      .max(NEARBY.maxLimit)
      .openapi({
        description:
          'Best points, highest score first, each at least 2 × spacingM from every other; the first is ' + 'never worse than the centre',
      }),
    grid: z
      .object({ type: z.literal('FeatureCollection'), features: z.array(GridFeatureSchema).max(NEARBY.maxGridPoints) })
      .openapi({ description: 'Every scored grid point as a GeoJSON point with overallScore and grade, for a heat map' }),
  })
  .openapi('NearbyResult')

const NearbySvgQuery = z
  .object({
    ...locationQueryFields,
    radiusM: z.coerce.number().pipe(radiusM).optional().openapi({ example: 500 }),
    spacingM: z.coerce.number().pipe(spacingM).optional().openapi({ example: 25 }),
    limit: z.coerce.number().pipe(limit).optional().openapi({ example: 5 }),
  })
  .superRefine(requireLocation)

const QUOTA_NOTE =
  'Counts once against the per-minute limit; uses 1 monthly quota unit for the request plus 1 ' +
  'per started 100 grid points (a 500 m / 50 m search: 317 points → 5 units). When the units ' +
  'do not fit in what is left this month → 429 QUOTA_EXCEEDED stating the count needed, and nothing ' +
  'is charged.'

const nearbyRoute = createRoute({
  method: 'post',
  path: '/score/nearby',
  tags,
  operationId: 'findBestSpotNearby',
  summary: 'Site finder: the best places for a sign within a radius (Pro and above)',
  description:
    `Scores a square grid of candidate points (spacingM apart) inside the circle around an address ` +
    `or lat/lng and returns the best \`limit\` points, at least 2 × spacingM apart, each with its ` +
    `distance and bearing from the centre; the centre's own result; and the whole grid as GeoJSON. ` +
    `The centre is geocoded once; grid points are exact positions (precision coordinates). Deterministic. ` +
    `Grid over ${NEARBY.maxGridPoints.toLocaleString('en-CA')} points → 400 with the computed count. ` +
    `${QUOTA_NOTE} Free plan → 403.`,
  middleware: [planGate] as const,
  request: { body: jsonBody(NearbyRequestSchema) },
  responses: { 200: jsonResponse(NearbyResponseSchema, 'Best points, the centre and the grid'), ...errorResponses(400, 403) },
})

const nearbySvgRoute = createRoute({
  method: 'get',
  path: '/score/nearby.svg',
  tags,
  operationId: 'nearbyHeatMap',
  summary: 'Site finder heat map as SVG (Pro and above)',
  description:
    `The same search as POST /score/nearby (default weights), drawn as a self-contained SVG: one ` +
    `cell per grid point coloured by grade, the centre marked, the best points numbered, a grade ` +
    `legend and a scale bar. Query: address or lat+lng, radiusM, spacingM, limit. ${QUOTA_NOTE}`,
  middleware: [planGate] as const,
  request: { query: NearbySvgQuery },
  responses: {
    200: {
      description: 'The heat map',
      content: {
        'image/svg+xml': {
          schema: z
            .string()
            .max(5_000_000)
            .openapi({ example: '<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg">…</svg>' }),
        },
      },
      headers: standardHeaders,
    },
    ...errorResponses(400, 403),
  },
})

export interface SearchInput {
  address?: string
  lat?: number
  lng?: number
  radiusM?: number
  spacingM?: number
  limit?: number
  weights?: WeightProfile
}

/** The one search of the site finder, for the JSON and SVG routes and the MCP tool; the caller checks the plan. */
export async function search(c: Context<AppEnv>, input: SearchInput): Promise<NearbyResult> {
  const principal = principalOf(c)
  return searchNearby(
    c.env,
    { address: input.address, lat: input.lat, lng: input.lng },
    {
      radiusM: input.radiusM ?? NEARBY.defaultRadiusM,
      spacingM: input.spacingM ?? NEARBY.defaultSpacingM,
      limit: input.limit ?? NEARBY.defaultLimit,
      weights: input.weights ?? DEFAULT_WEIGHTS,
    },
    (units) => consumeQuotaUnits(c, principal, units, 'This search'),
  )
}

export const nearbyRoutes = createRouter()
  .openapi(nearbyRoute, async (c) => {
    const result = await search(c, c.req.valid('json'))
    const names = await nameBestPoints(c.env, result.best)
    return c.json(
      {
        centre: result.centre,
        radiusM: result.radiusM,
        spacingM: result.spacingM,
        gridPoints: result.points.length,
        quotaUnits: nearbyQuotaUnits(result.points.length),
        best: result.best.map((b, i) => ({
          rank: b.rank,
          distanceM: b.distanceM,
          bearingDeg: b.bearingDeg,
          name: names[i],
          result: b.result,
        })),
        grid: gridFeatureCollection(result.points),
      },
      200,
    )
  })
  .openapi(nearbySvgRoute, async (c) => {
    const result = await search(c, c.req.valid('query'))
    return c.body(nearbySvg(result), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Cache-Control': 'private, max-age=300',
    })
  })
