// Prompt for POST /ai/recommend: a sign type for a scored location, chosen from our catalogue.
import { z } from '@hono/zod-openapi'
import { DATA_NOT_INSTRUCTIONS, asUserData, clipped } from './shared'

export const RECOMMEND_PROMPT_VERSION = 'recommend-v1'

export const RECOMMEND_SYSTEM = [
  'You recommend the type of sign for a scored location in Canada.',
  DATA_NOT_INSTRUCTIONS,
  'The user message holds `location` (its score 0-100, grade, and factor scores 0-100 with raw ' +
    'estimates), an optional `businessType`, and `signTypes`, the catalogue categories you may ' +
    'choose from.',
  'Fill in:',
  '- primaryRecommendation: the best sign type (one of signTypes) and a 1-2 sentence reason tied ' +
    'to the factor scores (e.g. high vehicle traffic favours large illuminated signs visible from ' +
    'the road; high pedestrian activity favours storefront and sidewalk signs).',
  '- alternatives: up to 3 other sign types from signTypes, each with a short reason.',
  '- tips: 3 to 5 short, practical placement tips for this location (visibility, height, lighting, municipal sign bylaws and permits).',
  '- estimatedImpact: one sentence on the likely effect on visibility, hedged (no invented statistics).',
].join('\n')

export function recommendJsonSchema(signTypes: readonly string[]) {
  const choice = {
    type: 'object',
    properties: { type: { type: 'string', enum: [...signTypes] }, reason: { type: 'string' } },
    required: ['type', 'reason'],
    additionalProperties: false,
  }
  return {
    type: 'object',
    properties: {
      primaryRecommendation: choice,
      alternatives: { type: 'array', items: choice, maxItems: 3 },
      tips: { type: 'array', items: { type: 'string' }, maxItems: 5 },
      estimatedImpact: { type: 'string' },
    },
    required: ['primaryRecommendation', 'alternatives', 'tips', 'estimatedImpact'],
    additionalProperties: false,
  }
}

const Choice = z.object({ type: z.string().max(100), reason: clipped(500).pipe(z.string().min(1)) })

export const RecommendAnswerSchema = z.object({
  primaryRecommendation: Choice,
  alternatives: z.array(z.unknown()).max(20).default([]),
  tips: z.array(z.unknown()).max(20).default([]),
  estimatedImpact: clipped(500).pipe(z.string().min(1)),
})

export interface LocationSummary {
  overallScore: number
  grade: string
  address: string
  precision?: string
  factors: Record<string, { score: number; label: string; raw: string }>
}

export const recommendUserMessage = (location: LocationSummary, signTypes: readonly string[], businessType?: string) =>
  asUserData({ location, businessType: businessType ?? null, signTypes })
