// POST /api/v1/ai/query, /ai/weights, /ai/recommend (spec §4.2, §7; docs/decisions.md §8). Inputs are validated
// here; provider choice, prompts and answer checks live in services/ai.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../lib/openapi'
import { PLAN_LIMITS, PLANS } from '../auth/plans'
import { GEOCODE_PRECISIONS } from '../geo/geodata'
import { latitude, longitude } from '../scoring/location'
import { GRADES, ScoreResultSchema, WeightProfileSchema } from '../scoring'
import { geocoderFor } from '../services/geocoder'
import { reverseGeocoderFor } from '../services/reverse-geocoder'
import { requireAiAllowance } from '../middleware/plan-gate'
import { aiProviderFor } from '../services/ai'
import { serviceScorer } from '../services/ai/builtin'
import { answerQuery, generateWeights, recommendSign, MAX_SUGGESTED_ADDRESSES } from '../services/ai/helpers'
import { INTENTS } from '../services/ai/prompts/query'
import { MAX_USER_TEXT } from '../services/ai/normalise'
import { signTypesFor } from '../services/ai/sign-types'

const userText = (field: string, example: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(MAX_USER_TEXT, { error: `${field} must be at most ${MAX_USER_TEXT} characters` })
    .openapi({ example })

const QueryRequestSchema = z
  .object({ query: userText('query', 'Where should I put a sign for a new coffee shop in downtown Calgary?') })
  .openapi('AiQueryRequest')
const WeightsRequestSchema = z
  .object({
    businessDescription: userText('businessDescription', 'Drive-through coffee shop on a commuter route, most customers arrive by car'),
  })
  .openapi('AiWeightsRequest')
const RecommendRequestSchema = z
  .object({
    // Results saved before methodology 3.0 have no audience block: still accepted.
    scoreResult: ScoreResultSchema.partial({ audience: true }).openapi({ description: 'A full result of POST /api/v1/score' }),
    businessType: z.string().trim().min(1).max(200).optional().openapi({ example: 'coffee shop' }),
  })
  .openapi('AiRecommendRequest')

const MetaSchema = z
  .object({
    provider: z.enum(['builtin', 'openai-compatible', 'workers-ai']).openapi({
      description: "`builtin`: rules over the engine's own data, no language model (docs/ai.md)",
    }),
    model: z.string().max(200).openapi({ description: 'The model; for `builtin`, "rules (no language model)"' }),
    promptVersion: z.string().max(40).openapi({ description: "Prompt version, or the built-in rules' version", example: 'query-v1' }),
  })
  .openapi('AiMeta', { description: 'Which provider, model and prompt (or rules) version produced the answer' })

const GeocodedLocationSchema = z
  .object({
    address: z.string().max(300).openapi({ description: 'The suggested address, as the model wrote it' }),
    resolvedAddress: z.string().max(400),
    lat: latitude,
    lng: longitude,
    precision: z.enum(GEOCODE_PRECISIONS),
    overallScore: z
      .number()
      .min(0)
      .max(100)
      .nullable()
      .openapi({ description: 'The score of this point with the suggested weights (built-in provider); null from a language model' }),
    grade: z.enum(GRADES).nullable(),
  })
  .openapi('GeocodedLocation')

const QueryResponseSchema = z
  .object({
    intent: z.enum(INTENTS),
    city: z.string().max(120).nullable().openapi({ description: 'Extracted city or region; null when none' }),
    businessType: z.string().max(120).nullable(),
    suggestedAddresses: z
      .array(z.string().max(300))
      .max(MAX_SUGGESTED_ADDRESSES)
      .openapi({ description: 'Up to 3 addresses, each geocoded by our geocoder (same order as geocodedLocations)' }),
    geocodedLocations: z.array(GeocodedLocationSchema).max(MAX_SUGGESTED_ADDRESSES),
    droppedAddresses: z
      .array(z.object({ address: z.string().max(300), reason: z.enum(['not_geocoded', 'over_limit']) }))
      .max(50)
      .openapi({ description: 'Model suggestions left out: not found in Canada, or beyond the limit of 3' }),
    explanation: z.string().max(1000),
    suggestedWeights: WeightProfileSchema.nullable().openapi({
      description: 'Renormalised to sum 1.0; null unless the business implies priorities',
    }),
    notes: z.array(z.string().max(500)).max(60),
    meta: MetaSchema,
  })
  .openapi('AiQueryResult')

const WeightsResponseSchema = z
  .object({
    weights: WeightProfileSchema,
    profileName: z.string().max(60).openapi({ example: 'Drive-through coffee' }),
    explanation: z.string().max(800),
    meta: MetaSchema,
  })
  .openapi('AiWeightsResult')

const SignChoiceSchema = z
  .object({
    type: z.string().max(100).openapi({ description: 'A catalogue category', example: 'pylon' }),
    reason: z.string().max(500),
    productsUrl: z
      .string()
      .max(200)
      .openapi({ description: 'Catalogue products of this type', example: '/api/v1/products?category=pylon' }),
  })
  .openapi('SignRecommendation')

const RecommendResponseSchema = z
  .object({
    primaryRecommendation: SignChoiceSchema,
    alternatives: z.array(SignChoiceSchema).max(3),
    tips: z.array(z.string().max(300)).max(5),
    estimatedImpact: z.string().max(500),
    meta: MetaSchema,
  })
  .openapi('AiRecommendResult')

const AI_ERRORS = errorResponses(400, 502)
const AI_ALLOWANCES = PLANS.map((plan) => `${plan} ${PLAN_LIMITS[plan].aiRequestsPerMinute}`).join(', ')
const AI_NOTE =
  `Answered by the provider the server is configured with (AI_PROVIDER: builtin rules by default, an ` +
  `OpenAI-compatible API or Workers AI; \`none\` → 400, as is an external provider without its key). ` +
  `AI calls also count against a per-key ` +
  `AI allowance per minute (${AI_ALLOWANCES}; 429 with Retry-After). Provider failure or timeout ` +
  `→ 502.`

const queryRoute = createRoute({
  method: 'post',
  path: '/ai/query',
  tags: ['AI'],
  operationId: 'aiQuery',
  middleware: [requireAiAllowance(QueryRequestSchema)] as const,
  summary: 'Answer a natural-language sign placement question',
  description:
    `Extracts intent, city and business type, suggests up to 3 addresses and geocodes them with ` +
    `our geocoder (addresses that cannot be located are dropped and listed), and suggests weights ` +
    `when relevant. The built-in provider suggests the site finder's best points around the place named, ` +
    `each with its score, and names them by civic address only where one is known. ${AI_NOTE}`,
  request: { body: jsonBody(QueryRequestSchema) },
  responses: { 200: jsonResponse(QueryResponseSchema, 'Interpreted query'), ...AI_ERRORS },
})

const weightsRoute = createRoute({
  method: 'post',
  path: '/ai/weights',
  tags: ['AI'],
  operationId: 'aiWeights',
  middleware: [requireAiAllowance(WeightsRequestSchema)] as const,
  summary: 'Generate a weight profile from a business description',
  description:
    `Weights for the seven factors, renormalised and rounded to 3 decimals so they sum to 1.0, ` + `ready for POST /score. ${AI_NOTE}`,
  request: { body: jsonBody(WeightsRequestSchema) },
  responses: { 200: jsonResponse(WeightsResponseSchema, 'Weight profile'), ...AI_ERRORS },
})

const recommendRoute = createRoute({
  method: 'post',
  path: '/ai/recommend',
  tags: ['AI'],
  operationId: 'aiRecommend',
  middleware: [requireAiAllowance(RecommendRequestSchema)] as const,
  summary: 'Recommend a sign type for a score result',
  description: `Sign types are the catalogue categories, so each recommendation links to products. ${AI_NOTE}`,
  request: { body: jsonBody(RecommendRequestSchema) },
  responses: { 200: jsonResponse(RecommendResponseSchema, 'Sign recommendation'), ...AI_ERRORS },
})

export const aiRoutes = createRouter()
  .openapi(queryRoute, async (c) => {
    const { query } = c.req.valid('json')
    const geocoder = geocoderFor(c.env)
    // The built-in provider scores through POST /score's service, so a suggestion's score is /score's at that point.
    return c.json(await answerQuery(aiProviderFor(c.env), query, geocoder, reverseGeocoderFor(c.env), serviceScorer(c.env, geocoder)), 200)
  })
  .openapi(weightsRoute, async (c) => {
    const { businessDescription } = c.req.valid('json')
    return c.json(await generateWeights(aiProviderFor(c.env), businessDescription), 200)
  })
  .openapi(recommendRoute, async (c) => {
    const { scoreResult, businessType } = c.req.valid('json')
    const signTypes = await signTypesFor(c.env.DB)
    return c.json(await recommendSign(aiProviderFor(c.env), scoreResult, signTypes, businessType), 200)
  })
