// Prompt for POST /ai/query: intent, city, business type, addresses and weights from a question.
import { z } from '@hono/zod-openapi'
import { DATA_NOT_INSTRUCTIONS, FACTOR_GLOSSARY, WEIGHTS_JSON_SCHEMA, asUserData, clipped } from './shared'

export const QUERY_PROMPT_VERSION = 'query-v1'
export const INTENTS = ['find_locations', 'score_location', 'compare', 'general_question'] as const

export const QUERY_SYSTEM = [
  'You help businesses choose where to put a sign in Canada.',
  DATA_NOT_INSTRUCTIONS,
  'The `query` field is a question about sign placement. Fill in:',
  '- intent: find_locations (wants places for a sign), score_location (asks how good one place ' +
    'is), compare (weighs two or more places), general_question (anything else).',
  '- city: the Canadian city or region named or implied, or null.',
  '- businessType: the kind of business, in a few words, or null.',
  '- suggestedAddresses: at most 3 real Canadian street addresses with number, street, city and ' +
    'province (e.g. "100 Queen St W, Toronto, ON"), addresses the user named first; empty when ' +
    'none fit.',
  '- explanation: 1 to 3 sentences of reasoning.',
  `- suggestedWeights: when the business type implies priorities, the relative importance (0 ` +
    `to 1, summing to 1) of each factor; else null. ${FACTOR_GLOSSARY}`,
].join('\n')

export const QUERY_JSON_SCHEMA = {
  type: 'object',
  properties: {
    intent: { type: 'string', enum: [...INTENTS] },
    city: { type: ['string', 'null'] },
    businessType: { type: ['string', 'null'] },
    suggestedAddresses: { type: 'array', items: { type: 'string' }, maxItems: 5 },
    explanation: { type: 'string' },
    suggestedWeights: { anyOf: [WEIGHTS_JSON_SCHEMA, { type: 'null' }] },
  },
  required: ['intent', 'city', 'businessType', 'suggestedAddresses', 'explanation', 'suggestedWeights'],
  additionalProperties: false,
}

/** What we accept back: lenient on length (clipped) and extras (stripped), strict on meaning. */
export const QueryAnswerSchema = z.object({
  intent: z.enum(INTENTS),
  city: clipped(120).nullish(),
  businessType: clipped(120).nullish(),
  suggestedAddresses: z.array(z.string()).max(50).default([]),
  explanation: clipped(1000).pipe(z.string().min(1)),
  suggestedWeights: z.unknown().optional(),
})

export const queryUserMessage = (query: string) => asUserData({ query })
