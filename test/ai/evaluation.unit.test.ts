// Issue 25: the /ai/query evaluation set (≥ 50 EN/FR questions, test/ai/fixtures/query-eval.json),
// scored with the provider-agnostic evaluator (src/services/ai/evaluation.ts). The built-in provider
// must get intent, city and business type all right on ≥ 90 % of the questions. The same evaluator
// scores an external provider through a running server: research/eval-ai-query.mjs.
import { describe, expect, it } from 'vitest'
import { offlineGeocoder } from '../../src/services/geocoder'
import { noReverseGeocoder } from '../../src/services/reverse-geocoder'
import { builtinQuery } from '../../src/services/ai/builtin'
import { businessIdOf, evaluate, sameCityName, type EvalCase } from '../../src/services/ai/evaluation'
import fixture from './fixtures/query-eval.json'
import holdout from './fixtures/query-eval-holdout.json'

const cases = fixture.queries as EvalCase[]
const pct = (x: number) => `${(x * 100).toFixed(1)} %`
const answersTo = async (set: EvalCase[]) => {
  const answers = []
  for (const c of set) answers.push(await builtinQuery(c.query, offlineGeocoder, noReverseGeocoder))
  return answers
}

describe('the evaluation set', () => {
  it('has at least 50 questions in English and French, each with a known business type', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50)
    expect(cases.filter((c) => c.lang === 'fr').length).toBeGreaterThanOrEqual(15)
    expect(cases.filter((c) => c.lang === 'en').length).toBeGreaterThanOrEqual(15)
    for (const c of cases) if (c.businessType) expect(businessIdOf(c.businessType), c.query).toBe(c.businessType)
  })

  it('the built-in provider: intent, city and business type all right on ≥ 90 % of questions', async () => {
    const report = evaluate(cases, await answersTo(cases))
    console.log(
      `ai/query evaluation (builtin, ${report.total} questions): all three ${pct(report.accuracy.all)}, intent ` +
        `${pct(report.accuracy.intent)}, city ${pct(report.accuracy.city)}, business ${pct(report.accuracy.businessType)}; ` +
        `EN ${report.byLanguage.en.all}/${report.byLanguage.en.total}, FR ${report.byLanguage.fr.all}/${report.byLanguage.fr.total}`,
    )
    for (const f of report.failures) console.log(`  ${f.field}: expected ${f.expected}, got ${f.got} — ${f.query}`)
    expect(report.accuracy.all).toBeGreaterThanOrEqual(0.9)
  })

  it('held-out questions (written after the parser, measured once at 23/25): reported, and no worse than 80 %', async () => {
    const set = holdout.queries as EvalCase[]
    const report = evaluate(set, await answersTo(set))
    console.log(`ai/query held-out set (builtin, ${report.total} questions): all three ${pct(report.accuracy.all)}`)
    for (const f of report.failures) console.log(`  ${f.field}: expected ${f.expected}, got ${f.got} — ${f.query}`)
    expect(report.accuracy.all).toBeGreaterThanOrEqual(0.8)
  })
})

describe('the evaluator judges any provider alike', () => {
  it("reads a language model's free-text business type through the taxonomy", () => {
    expect(businessIdOf('drive-thru café')).toBe('coffee-shop')
    expect(businessIdOf('Boulangerie artisanale')).toBe('bakery')
    expect(businessIdOf('coffee-shop')).toBe('coffee-shop')
    expect(businessIdOf('interstellar travel')).toBeNull()
    expect(businessIdOf(null)).toBeNull()
  })

  it('compares city names without accents, case or province', () => {
    expect(sameCityName('Montréal', 'Montreal, QC')).toBe(true)
    expect(sameCityName('Québec', 'quebec')).toBe(true)
    expect(sameCityName(null, null)).toBe(true)
    expect(sameCityName('Toronto', null)).toBe(false)
    expect(sameCityName(null, 'Toronto')).toBe(false)
  })

  it('counts each field and the whole answer', () => {
    const two: EvalCase[] = [
      { query: 'a', lang: 'en', intent: 'find_locations', city: 'Toronto', businessType: 'bakery' },
      { query: 'b', lang: 'fr', intent: 'compare', city: null, businessType: null },
    ]
    const report = evaluate(two, [
      { intent: 'find_locations', city: 'Toronto, ON', businessType: 'artisan bakery' },
      { intent: 'score_location', city: null, businessType: null },
    ])
    expect(report.accuracy).toEqual({ intent: 0.5, city: 1, businessType: 1, all: 0.5 })
    expect(report.failures).toEqual([{ query: 'b', field: 'intent', expected: 'compare', got: 'score_location' }])
  })
})
