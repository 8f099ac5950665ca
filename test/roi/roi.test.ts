import { describe, it, expect } from 'vitest'
import { estimateRoi } from '../../src/roi'
import { call, createKey, expectError } from '../helpers/api'

const DOWNTOWN = '100 Queen St W, Toronto, ON M5H 2N2'

describe('POST /api/v1/roi', () => {
  // The figures themselves are hand-computed in test/roi/model.unit.test.ts; here the route answers the model's.
  it("estimates from overallScore: the pure model's figures and assumptions", async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/roi', { key, body: { overallScore: 80, signCost: 10_000 } })
    expect(res.status).toBe(200)
    const model = estimateRoi({ overallScore: 80, signCost: 10_000 })
    expect(res.json).toMatchObject({
      estimatedDailyImpressions: model.estimatedDailyImpressions,
      estimatedMonthlyValue: model.estimatedMonthlyValue,
      paybackMonths: model.paybackMonths,
      roiPercentage: model.roiPercentage,
    })
    expect(model.estimatedDailyImpressions).toBeGreaterThan(1000)
    expect(res.json.assumptions).toMatchObject({
      cpm: 5,
      currency: 'CAD',
      vehicleOccupancy: 1.5,
      impressionsFrom: 'overallScore',
      valueFrom: 'cpm',
    })
  })

  it('monthlyRevenue given vs not: the value source changes, impressions do not', async () => {
    const { key } = await createKey('free')
    const without = await call('/api/v1/roi', { key, body: { overallScore: 60, signCost: 5000 } })
    const withRevenue = await call('/api/v1/roi', { key, body: { overallScore: 60, signCost: 5000, monthlyRevenue: 2500 } })
    expect(withRevenue.json.estimatedDailyImpressions).toBe(without.json.estimatedDailyImpressions)
    expect(withRevenue.json).toMatchObject({ estimatedMonthlyValue: 2500, paybackMonths: 2, roiPercentage: 500 })
    expect(without.json.assumptions.valueFrom).toBe('cpm')
    expect(withRevenue.json.assumptions.valueFrom).toBe('monthlyRevenue')
  })

  it('monthlyRevenue 0 → paybackMonths null (valid JSON, no Infinity) and a note', async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/roi', { key, body: { overallScore: 90, signCost: 20_000, monthlyRevenue: 0 } })
    expect(res.status).toBe(200)
    expect(res.json.paybackMonths).toBeNull()
    expect(res.json.roiPercentage).toBe(-100)
    expect(res.text).not.toMatch(/Infinity|NaN/)
    expect(res.json.assumptions.notes.join(' ')).toMatch(/never pays back/)
  })

  it('huge values stay finite', async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/roi', { key, body: { overallScore: 100, signCost: 1, monthlyRevenue: 1_000_000_000 } })
    expect(res.status).toBe(200)
    expect(res.json.roiPercentage).toBe(1_199_999_999_900)
    expect(res.json.paybackMonths).toBe(0)
  })

  it('a location drives the impressions from its traffic and pedestrian estimates', async () => {
    const { key } = await createKey('free')
    const score = await call('/api/v1/score', { key, body: { address: DOWNTOWN } })
    const res = await call('/api/v1/roi', { key, body: { overallScore: 10, signCost: 10_000, address: DOWNTOWN } })
    expect(res.status).toBe(200)
    expect(res.json.assumptions.impressionsFrom).toBe('location')
    expect(res.json.assumptions.vehicleTrafficPerDay).toBe(score.json.factorScores.vehicleTraffic.raw.value)
    expect(res.json.assumptions.pedestriansPerDay).toBe(score.json.factorScores.pedestrian.raw.value)
    expect(res.json.assumptions.location.overallScore).toBe(score.json.overallScore)
    expect(res.json.assumptions.notes.join(' ')).toContain(`The location scores ${score.json.overallScore}`)
    const fromScoreOnly = await call('/api/v1/roi', { key, body: { overallScore: 10, signCost: 10_000 } })
    expect(res.json.estimatedDailyImpressions).toBeGreaterThan(fromScoreOnly.json.estimatedDailyImpressions)
  })

  describe('errors (spec §7)', () => {
    it('overallScore or signCost missing → 400 naming the field', async () => {
      const { key } = await createKey('free')
      expect(expectError(await call('/api/v1/roi', { key, body: { signCost: 100 } }), 400, 'BAD_REQUEST').details?.[0].path).toBe(
        'overallScore',
      )
      expect(expectError(await call('/api/v1/roi', { key, body: { overallScore: 50 } }), 400, 'BAD_REQUEST').details?.[0].path).toBe(
        'signCost',
      )
    })

    it('out-of-range and wrong-typed values → 400', async () => {
      const { key } = await createKey('free')
      for (const body of [
        { overallScore: 101, signCost: 100 },
        { overallScore: -1, signCost: 100 },
        { overallScore: 50, signCost: 0 },
        { overallScore: 50, signCost: -5 },
        { overallScore: 50, signCost: 100, monthlyRevenue: -1 },
        { overallScore: '50', signCost: 100 },
        { overallScore: 50, signCost: 2e9 },
        { overallScore: 50, signCost: 100, lat: 43.6 },
        { overallScore: 50, signCost: 100, lat: 10, lng: 10 },
      ])
        expectError(await call('/api/v1/roi', { key, body }), 400, 'BAD_REQUEST')
    })

    it('an address that cannot be geocoded → 400', async () => {
      const { key } = await createKey('free')
      expectError(await call('/api/v1/roi', { key, body: { overallScore: 50, signCost: 100, address: 'zzzz qqqq' } }), 400, 'BAD_REQUEST')
    })

    it('no key → 401', async () => {
      expectError(await call('/api/v1/roi', { body: { overallScore: 50, signCost: 100 } }), 401, 'UNAUTHORIZED')
    })
  })
})
