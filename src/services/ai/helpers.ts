// The three AI helpers (spec §4.2): call the provider with a versioned prompt, validate the answer,
// and turn it into values the API stands behind (geocoded addresses, renormalised weights,
// catalogue sign types). Pure of HTTP concerns: routes/ai.ts does the request/response side.
import type { z } from '@hono/zod-openapi'
import type { ScoreResult } from '../../scoring'
import { FACTOR_KEYS, type WeightProfile } from '../../scoring'
import type { GeocodeResult, Geocoder } from '../geocoder'
import { noReverseGeocoder, type ReverseGeocoder } from '../reverse-geocoder'
import { BUILTIN_VERSION, type BuiltinScorer, builtinQuery, builtinRecommend, builtinWeights, isBuiltin } from './builtin'
import type { Audience } from './builtin/recommend'
import type { AiBackend } from './index'
import { distinctStrings, renormaliseWeights } from './normalise'
import { upstreamError } from './provider'
import { type INTENTS, QUERY_JSON_SCHEMA, QUERY_PROMPT_VERSION, QUERY_SYSTEM, QueryAnswerSchema, queryUserMessage } from './prompts/query'
import {
  RECOMMEND_PROMPT_VERSION,
  RECOMMEND_SYSTEM,
  RecommendAnswerSchema,
  recommendJsonSchema,
  recommendUserMessage,
  type LocationSummary,
} from './prompts/recommend'
import {
  WEIGHTS_JSON_SCHEMA_ANSWER,
  WEIGHTS_PROMPT_VERSION,
  WEIGHTS_SYSTEM,
  WeightsAnswerSchema,
  weightsUserMessage,
} from './prompts/weights'
import { clipped } from './prompts/shared'

/** Spec §8: ai/query returns at most 3 suggested addresses. */
export const MAX_SUGGESTED_ADDRESSES = 3
/** Addresses beyond this many from the model are not even geocoded. */
const MAX_CANDIDATES = 5

export interface AiMeta {
  provider: AiBackend['name']
  model: string
  /** The prompt's version, or the built-in rules' version. */
  promptVersion: string
}
const metaOf = (provider: AiBackend, promptVersion: string): AiMeta => ({ provider: provider.name, model: provider.model, promptVersion })

function parseAnswer<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw upstreamError('AI provider returned an answer in an unexpected shape')
  return parsed.data
}

export interface GeocodedLocation {
  address: string
  resolvedAddress: string
  lat: number
  lng: number
  precision: GeocodeResult['precision']
  /** Built-in provider: the engine's score of the point (with the suggested weights); null otherwise. */
  overallScore: number | null
  grade: ScoreResult['grade'] | null
}
export interface DroppedAddress {
  address: string
  reason: 'not_geocoded' | 'over_limit'
}

export interface QueryResult {
  intent: (typeof INTENTS)[number]
  city: string | null
  businessType: string | null
  suggestedAddresses: string[]
  geocodedLocations: GeocodedLocation[]
  droppedAddresses: DroppedAddress[]
  explanation: string
  /** Null when the question implies no priorities (or the model's profile was unusable). */
  suggestedWeights: WeightProfile | null
  notes: string[]
  meta: AiMeta
}

/** Geocodes the candidates (in parallel) and keeps the first 3 that resolve, in the model's order. */
async function geocodeSuggestions(addresses: string[], geocoder: Geocoder) {
  const candidates = addresses.slice(0, MAX_CANDIDATES)
  const results = await Promise.all(candidates.map((a) => geocoder.geocode(a).catch(() => null)))
  const kept: GeocodedLocation[] = []
  const dropped: DroppedAddress[] = []
  candidates.forEach((address, i) => {
    const hit = results[i]
    if (!hit) dropped.push({ address, reason: 'not_geocoded' })
    else if (kept.length >= MAX_SUGGESTED_ADDRESSES) dropped.push({ address, reason: 'over_limit' })
    else
      kept.push({
        address,
        resolvedAddress: hit.address,
        lat: hit.lat,
        lng: hit.lng,
        precision: hit.precision,
        overallScore: null,
        grade: null,
      })
  })
  for (const address of addresses.slice(MAX_CANDIDATES)) dropped.push({ address, reason: 'over_limit' })
  return { kept, dropped }
}

export async function answerQuery(
  provider: AiBackend,
  query: string,
  geocoder: Geocoder,
  reverse: ReverseGeocoder = noReverseGeocoder,
  scorer?: BuiltinScorer,
): Promise<QueryResult> {
  if (isBuiltin(provider))
    return { ...(await builtinQuery(query, geocoder, reverse, scorer)), meta: metaOf(provider, BUILTIN_VERSION.query) }
  const raw = await provider.complete({
    system: QUERY_SYSTEM,
    user: queryUserMessage(query),
    schema: QUERY_JSON_SCHEMA,
    name: 'sign_placement_query',
  })
  const answer = parseAnswer(QueryAnswerSchema, raw)
  const { kept, dropped } = await geocodeSuggestions(distinctStrings(answer.suggestedAddresses, 300), geocoder)
  const notes: string[] = []
  for (const d of dropped) {
    notes.push(
      d.reason === 'not_geocoded'
        ? `Suggested address "${d.address}" could not be located in Canada and was dropped.`
        : `Suggested address "${d.address}" was dropped: at most ${MAX_SUGGESTED_ADDRESSES} are returned.`,
    )
  }
  let suggestedWeights: WeightProfile | undefined
  if (answer.suggestedWeights !== undefined && answer.suggestedWeights !== null) {
    suggestedWeights = renormaliseWeights(answer.suggestedWeights) ?? undefined
    if (!suggestedWeights) notes.push('The suggested weights were not a valid profile and were left out.')
  }
  return {
    intent: answer.intent,
    city: answer.city || null,
    businessType: answer.businessType || null,
    suggestedAddresses: kept.map((k) => k.address),
    geocodedLocations: kept,
    droppedAddresses: dropped,
    explanation: answer.explanation,
    suggestedWeights: suggestedWeights ?? null,
    notes,
    meta: metaOf(provider, QUERY_PROMPT_VERSION),
  }
}

export interface WeightsResult {
  weights: WeightProfile
  profileName: string
  explanation: string
  meta: AiMeta
}

export async function generateWeights(provider: AiBackend, businessDescription: string): Promise<WeightsResult> {
  if (isBuiltin(provider)) return { ...builtinWeights(businessDescription), meta: metaOf(provider, BUILTIN_VERSION.weights) }
  const raw = await provider.complete({
    system: WEIGHTS_SYSTEM,
    user: weightsUserMessage(businessDescription),
    schema: WEIGHTS_JSON_SCHEMA_ANSWER,
    name: 'weight_profile',
  })
  const answer = parseAnswer(WeightsAnswerSchema, raw)
  const weights = renormaliseWeights(answer.weights)
  if (!weights) throw upstreamError('AI provider returned weights that are not a valid profile')
  return { weights, profileName: answer.profileName, explanation: answer.explanation, meta: metaOf(provider, WEIGHTS_PROMPT_VERSION) }
}

export interface SignChoice {
  type: string
  reason: string
  productsUrl: string
}
export interface RecommendResult {
  primaryRecommendation: SignChoice
  alternatives: SignChoice[]
  tips: string[]
  estimatedImpact: string
  meta: AiMeta
}

/** What the model sees of a score result: scores and raw estimates, no coordinates or sources. */
export function summarise(result: Omit<ScoreResult, 'audience'>): LocationSummary {
  const factors = Object.fromEntries(
    FACTOR_KEYS.map((k) => {
      const f = result.factorScores[k]
      return [k, { score: f.score, label: f.label, raw: `${f.raw.value} ${f.raw.unit}` }]
    }),
  )
  return { overallScore: result.overallScore, grade: result.grade, address: result.address, precision: result.precision, factors }
}

const productsUrl = (type: string) => `/api/v1/products?category=${encodeURIComponent(type)}`
const Tip = clipped(300)

export async function recommendSign(
  provider: AiBackend,
  scoreResult: Omit<ScoreResult, 'audience'> & { audience?: Audience },
  signTypes: string[],
  businessType?: string,
): Promise<RecommendResult> {
  if (isBuiltin(provider))
    return { ...builtinRecommend(scoreResult, signTypes, businessType), meta: metaOf(provider, BUILTIN_VERSION.recommend) }
  const raw = await provider.complete({
    system: RECOMMEND_SYSTEM,
    user: recommendUserMessage(summarise(scoreResult), signTypes, businessType),
    schema: recommendJsonSchema(signTypes),
    name: 'sign_recommendation',
  })
  const answer = parseAnswer(RecommendAnswerSchema, raw)
  const known = new Map(signTypes.map((t) => [t.toLowerCase(), t]))
  const primaryType = known.get(answer.primaryRecommendation.type.trim().toLowerCase())
  // A sign type outside the catalogue could not lead to a product: the answer is unusable.
  if (!primaryType) throw upstreamError('AI provider recommended a sign type outside the catalogue')
  const seen = new Set([primaryType])
  const alternatives: SignChoice[] = []
  for (const alt of answer.alternatives) {
    const parsed = RecommendAnswerSchema.shape.primaryRecommendation.safeParse(alt)
    const type = parsed.success ? known.get(parsed.data.type.trim().toLowerCase()) : undefined
    if (!parsed.success || !type || seen.has(type) || alternatives.length >= 3) continue
    seen.add(type)
    alternatives.push({ type, reason: parsed.data.reason, productsUrl: productsUrl(type) })
  }
  const tips = answer.tips
    .flatMap((t) => {
      const tip = Tip.safeParse(t)
      return tip.success && tip.data ? [tip.data] : []
    })
    .slice(0, 5)
  return {
    primaryRecommendation: { type: primaryType, reason: answer.primaryRecommendation.reason, productsUrl: productsUrl(primaryType) },
    alternatives,
    tips,
    estimatedImpact: answer.estimatedImpact,
    meta: metaOf(provider, RECOMMEND_PROMPT_VERSION),
  }
}
