// Issue 25: built-in /ai/recommend, a rule table over the score result (road class, traffic,
// pedestrian share, setting) → a catalogue sign type, alternatives, tips and an exposure estimate.
import { beforeAll, describe, expect, it } from 'vitest'
import { call, createKey } from '../helpers/api'
import type { ScoreResult } from '../../src/scoring'
import { builtinRecommend } from '../../src/services/ai/builtin'
import { FALLBACK_SIGN_TYPES } from '../../src/services/ai/sign-types'
import { FRESH_ENV, aiCall } from './support'

let key: string
let base: ScoreResult
beforeAll(async () => {
  key = (await createKey('pro')).key
  const scored = await call('/api/v1/score', { key, body: { lat: 43.6487, lng: -79.3817 } })
  expect(scored.status).toBe(200)
  base = scored.json
})

/** The real result with some raw values replaced: each rule's situation without hunting for a place. */
function site(raw: { roadClass: number; aadt: number; pedestrians: number; density: number; pois: number }): Omit<ScoreResult, 'audience'> {
  const f = structuredClone(base.factorScores)
  f.roadClass.raw.value = raw.roadClass
  f.vehicleTraffic.raw.value = raw.aadt
  f.pedestrian.raw.value = raw.pedestrians
  f.populationDensity.raw.value = raw.density
  f.poiDensity.raw.value = raw.pois
  // The real audience block describes the real point, not these values: a saved pre-3.0 result has none.
  const { audience: _, ...withoutAudience } = base
  return { ...withoutAudience, factorScores: f }
}
/** A result saved before methodology 3.0: no audience block. */
const withoutAudience = (result: ScoreResult) => {
  const { audience: _, ...rest } = result
  return rest
}
const SIGN_TYPES = [...FALLBACK_SIGN_TYPES]
const recommend = (result: Omit<ScoreResult, 'audience'> & { audience?: ScoreResult['audience'] }, businessType?: string) =>
  builtinRecommend(result, SIGN_TYPES, businessType)

describe('the rule table', () => {
  it.each([
    ['a freeway', { roadClass: 6, aadt: 80000, pedestrians: 5, density: 800, pois: 20 }, 'pylon'],
    ['a busy suburban arterial', { roadClass: 4, aadt: 28000, pedestrians: 40, density: 1200, pois: 60 }, 'pylon'],
    ['a very busy urban arterial', { roadClass: 4, aadt: 45000, pedestrians: 600, density: 4000, pois: 300 }, 'led-message-centre'],
    ['a pedestrian downtown street', { roadClass: 3, aadt: 9000, pedestrians: 5000, density: 12000, pois: 1500 }, 'blade'],
    ['a moderate suburban arterial', { roadClass: 3, aadt: 12000, pedestrians: 100, density: 1500, pois: 80 }, 'monument'],
    ['an urban mixed street', { roadClass: 2, aadt: 4000, pedestrians: 300, density: 4000, pois: 200 }, 'channel-letters'],
    ['a quiet rural road', { roadClass: 1, aadt: 400, pedestrians: 2, density: 50, pois: 2 }, 'monument'],
  ])('%s → %s', (_label, raw, type) => {
    const answer = recommend(site(raw))
    expect(answer.primaryRecommendation.type).toBe(type)
    expect(answer.primaryRecommendation.productsUrl).toBe(`/api/v1/products?category=${type}`)
    expect(answer.alternatives.length).toBeGreaterThanOrEqual(1)
    expect(answer.alternatives.map((a) => a.type)).not.toContain(type)
    expect(answer.tips.length).toBeGreaterThanOrEqual(1)
    expect(answer.tips.length).toBeLessThanOrEqual(5)
  })

  it('a car-oriented business on a pedestrian street gets a wall sign, not a sidewalk-level one', () => {
    const downtown = site({ roadClass: 3, aadt: 9000, pedestrians: 5000, density: 12000, pois: 1500 })
    expect(recommend(downtown, 'coffee shop').primaryRecommendation.type).toBe('blade')
    const car = recommend(downtown, 'car dealership').primaryRecommendation
    expect(car.type).toBe('channel-letters')
    expect(car.reason).toMatch(/wall sign on the storefront/)
  })

  it('only catalogue categories: a kind the catalogue does not sell is skipped', () => {
    const freeway = site({ roadClass: 6, aadt: 80000, pedestrians: 5, density: 800, pois: 20 })
    const answer = builtinRecommend(freeway, ['monument', 'channel-letters'])
    expect(answer.primaryRecommendation.type).toBe('monument')
    expect(answer.primaryRecommendation.reason).toMatch(/catalogue has none/)
    for (const alt of answer.alternatives) expect(['monument', 'channel-letters']).toContain(alt.type)
  })
})

describe('estimatedImpact', () => {
  it('uses the audience estimate when the result carries one', () => {
    const audience = {
      dailyVehicles: 18000,
      dailyPedestrians: 4200,
      dailyPersons: 25800,
      interval: { low: 16000, high: 38000 },
      method: 'modelled',
    }
    const impact = recommend({ ...base, audience } as ScoreResult).estimatedImpact
    expect(impact).toMatch(/audience estimate: about 25,800 people a day/)
    expect(impact).toMatch(/18,000 vehicles and 4,200 pedestrians/)
    expect(impact).toMatch(/range 16,000–38,000/)
    expect(impact).toMatch(/not customers/)
  })

  it("falls back to the result's traffic and pedestrian values, and says so", () => {
    const impact = recommend(withoutAudience(base)).estimatedImpact
    expect(impact).toContain(`${Math.round(base.factorScores.vehicleTraffic.raw.value).toLocaleString('en-CA')} vehicles/day`)
    expect(impact).toMatch(/has no audience estimate/)
  })
})

describe('POST /api/v1/ai/recommend with the built-in provider', () => {
  it('answers from the catalogue, with the audience the caller sent, and says rules answered', async () => {
    const audience = { ...base.audience, dailyVehicles: 9000, dailyPedestrians: 5000, dailyPersons: 15800, method: 'test' }
    const scoreResult = { ...base, audience }
    const res = await aiCall('/ai/recommend', { key, body: { scoreResult, businessType: 'bakery' }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    expect(res.json.meta).toEqual({ provider: 'builtin', model: 'rules (no language model)', promptVersion: 'builtin-recommend-v1' })
    const products = await call(res.json.primaryRecommendation.productsUrl, { key })
    expect(products.status).toBe(200)
    expect(res.json.estimatedImpact).toMatch(/15,800 people a day/)
  })
})
