// Scores answers to the /ai/query evaluation set (test/ai/fixtures/query-eval.json) for ANY provider:
// it compares only the three fields every provider returns (intent, city, businessType), reading a
// free-text business type ("drive-thru café") through the taxonomy so a language model's wording and
// the built-in provider's ids are judged alike. Pure. Used by test/ai/evaluation.test.ts (built-in) and
// research/eval-ai-query.mjs (any provider, through a running server).
import { distanceM, normalizeName } from '../../geo/geodata'
import { BUSINESS_TYPES, matchBusiness } from './builtin/taxonomy'

export interface EvalCase {
  query: string
  lang: 'en' | 'fr'
  intent: string
  city: string | null
  businessType: string | null
}
export interface EvalAnswer {
  intent: string
  city: string | null
  businessType: string | null
}
export interface EvalFailure {
  query: string
  field: 'intent' | 'city' | 'businessType'
  expected: string | null
  got: string | null
}
export interface EvalReport {
  total: number
  /** Share of questions with each field right, and with all three right. */
  accuracy: { intent: number; city: number; businessType: number; all: number }
  byLanguage: Record<'en' | 'fr', { total: number; all: number }>
  failures: EvalFailure[]
}

const IDS = new Set(BUSINESS_TYPES.map((t) => t.id))

/** A taxonomy id for a provider's business type: the id itself, or the type its words name. */
export function businessIdOf(text: string | null | undefined): string | null {
  if (!text) return null
  if (IDS.has(text)) return text
  return matchBusiness(text)?.type.id ?? null
}

/** "Montreal", "Montréal, QC" and "montréal" are the same city. */
export function sameCityName(expected: string | null, got: string | null | undefined): boolean {
  if (!expected || !got) return !expected && !got
  return normalizeName(expected) === normalizeName(got.split(',')[0])
}

export function evaluate(cases: readonly EvalCase[], answers: readonly EvalAnswer[]): EvalReport {
  if (cases.length !== answers.length) throw new Error(`evaluate: ${cases.length} cases but ${answers.length} answers`)
  const failures: EvalFailure[] = []
  const right = { intent: 0, city: 0, businessType: 0, all: 0 }
  const byLanguage = { en: { total: 0, all: 0 }, fr: { total: 0, all: 0 } }
  cases.forEach((c, i) => {
    const a = answers[i]
    const gotBusiness = businessIdOf(a.businessType)
    const checks = {
      intent: a.intent === c.intent,
      city: sameCityName(c.city, a.city),
      businessType: gotBusiness === c.businessType,
    }
    const got = { intent: a.intent, city: a.city ?? null, businessType: gotBusiness }
    for (const field of ['intent', 'city', 'businessType'] as const) {
      if (checks[field]) right[field]++
      else failures.push({ query: c.query, field, expected: c[field], got: got[field] })
    }
    const all = checks.intent && checks.city && checks.businessType
    if (all) right.all++
    byLanguage[c.lang].total++
    if (all) byLanguage[c.lang].all++
  })
  const share = (n: number) => (cases.length ? n / cases.length : 0)
  return {
    total: cases.length,
    accuracy: { intent: share(right.intent), city: share(right.city), businessType: share(right.businessType), all: share(right.all) },
    byLanguage,
    failures,
  }
}

/** A question that names a place, with a known point of that place from an independent source (test/ai/fixtures/query-places.json). */
export interface PlaceCase {
  query: string
  lang: 'en' | 'fr'
  city: string | null
  /** The city the known point lies in (reports by city); `city` when absent. */
  region?: string
  known: { lat: number; lng: number }
  /** A street named without a corner: points along it; a suggestion's distance is to the nearest of them. */
  along?: readonly { lat: number; lng: number }[]
}
export interface PlaceAnswer {
  geocodedLocations: readonly { lat: number; lng: number }[]
}
export interface PlaceReport {
  total: number
  /** Share of questions whose every suggestion lies within `withinM` of the known point (none suggested: a miss). */
  within: number
  withinM: number
  /** Median over questions of the farthest suggestion's distance, metres (a question with none counts as infinitely far). */
  medianM: number
  byCity: Record<string, { total: number; within: number }>
  /** Each question's farthest suggestion, metres (null: nothing suggested). */
  farthestM: (number | null)[]
}

/** How far any provider's suggestions land from the place each question names (issue 31: ≥ 90 % within 2 km). */
export function evaluatePlaces(cases: readonly PlaceCase[], answers: readonly PlaceAnswer[], withinM = 2000): PlaceReport {
  if (cases.length !== answers.length) throw new Error(`evaluatePlaces: ${cases.length} cases but ${answers.length} answers`)
  const byCity: PlaceReport['byCity'] = {}
  const farthestM = cases.map((c, i) => {
    const located = answers[i].geocodedLocations
    const truth = c.along?.length ? c.along : [c.known]
    const from = (l: { lat: number; lng: number }) => Math.min(...truth.map((k) => distanceM(k.lat, k.lng, l.lat, l.lng)))
    return located.length ? Math.round(Math.max(...located.map(from))) : null
  })
  let within = 0
  cases.forEach((c, i) => {
    const city = c.region ?? c.city ?? '(postal code)'
    byCity[city] ??= { total: 0, within: 0 }
    byCity[city].total++
    const m = farthestM[i]
    if (m !== null && m <= withinM) {
      within++
      byCity[city].within++
    }
  })
  const sorted = farthestM.map((m) => m ?? Infinity).sort((a, b) => a - b)
  return {
    total: cases.length,
    within: cases.length ? within / cases.length : 0,
    withinM,
    medianM: sorted.length ? sorted[sorted.length >> 1] : 0,
    byCity,
    farthestM,
  }
}
