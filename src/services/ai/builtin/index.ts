// The built-in AI provider: rules over the engine's own data (taxonomy, gazetteer, geocoder, site
// finder, factor values), no language model and no network. It answers the three AI endpoints with
// the same response shapes as the external providers, and says in `meta` that rules answered.
import type { ScoreResult } from '../../../scoring'
import type { Geocoder } from '../../geocoder'
import { forgiving, type ReverseGeocoder } from '../../reverse-geocoder'
import { builtinAnswerQuery } from './query'
import type { BuiltinScorer } from './scorer'
export { serviceScorer, type BuiltinScorer } from './scorer'
import { type Audience, kindName, recommendByRules, siteFacts } from './recommend'
import { estimatedImpact, tipsFor } from './recommend-text'
import { builtinProfile } from './weights'

export interface BuiltinProvider {
  readonly name: 'builtin'
  /** Not a model: says what answers instead. */
  readonly model: string
}
export const BUILTIN_PROVIDER: BuiltinProvider = { name: 'builtin', model: 'rules (no language model)' }
/** Version of the rules, in meta.promptVersion (as a prompt's version for the external providers). */
export const BUILTIN_VERSION = { query: 'builtin-query-v1', weights: 'builtin-weights-v1', recommend: 'builtin-recommend-v1' }

export const isBuiltin = (provider: { name: string }): provider is BuiltinProvider => provider.name === 'builtin'

/** `scorer`: POST /score's service in the worker (`serviceScorer`); without it, the engine over the geocoder's answer. */
export const builtinQuery = (query: string, geocoder: Geocoder, reverse: ReverseGeocoder, scorer?: BuiltinScorer) =>
  builtinAnswerQuery(query, { geocoder, reverse: forgiving(reverse), scorer })

export function builtinWeights(description: string) {
  const { weights, profileName, explanation } = builtinProfile(description)
  return { weights, profileName, explanation }
}

const productsUrl = (type: string) => `/api/v1/products?category=${encodeURIComponent(type)}`

export function builtinRecommend(
  result: Omit<ScoreResult, 'audience'> & { audience?: Audience },
  signTypes: string[],
  businessType?: string,
) {
  const facts = siteFacts(result, result.audience, businessType)
  const { primary, alternatives } = recommendByRules(facts, signTypes)
  return {
    primaryRecommendation: {
      type: primary.type,
      reason: `${capitalise(kindName(primary.kind))}. ${primary.reason}`.slice(0, 500),
      productsUrl: productsUrl(primary.type),
    },
    alternatives: alternatives.map((a) => ({ type: a.type, reason: a.reason.slice(0, 500), productsUrl: productsUrl(a.type) })),
    tips: tipsFor(primary.kind, facts, result),
    estimatedImpact: estimatedImpact(result, result.audience),
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
