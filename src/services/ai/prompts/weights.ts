// Prompt for POST /ai/weights: a weight profile from a business description.
import { z } from '@hono/zod-openapi'
import { DATA_NOT_INSTRUCTIONS, FACTOR_GLOSSARY, WEIGHTS_JSON_SCHEMA, asUserData, clipped } from './shared'

export const WEIGHTS_PROMPT_VERSION = 'weights-v1'

export const WEIGHTS_SYSTEM = [
  'You set the factor weights of a sign-placement score for a Canadian business.',
  DATA_NOT_INSTRUCTIONS,
  'The `businessDescription` field describes the business. Fill in:',
  `- weights: how much each factor matters for this business's sign, each 0 to 1, summing to 1. ${FACTOR_GLOSSARY}`,
  '- profileName: a short name for the profile, at most 5 words (e.g. "Drive-through coffee").',
  '- explanation: 2 to 3 sentences on why these weights suit the business.',
].join('\n')

export const WEIGHTS_JSON_SCHEMA_ANSWER = {
  type: 'object',
  properties: { weights: WEIGHTS_JSON_SCHEMA, profileName: { type: 'string' }, explanation: { type: 'string' } },
  required: ['weights', 'profileName', 'explanation'],
  additionalProperties: false,
}

export const WeightsAnswerSchema = z.object({
  weights: z.unknown(),
  profileName: clipped(60).pipe(z.string().min(1)),
  explanation: clipped(800).pipe(z.string().min(1)),
})

export const weightsUserMessage = (businessDescription: string) => asUserData({ businessDescription })
