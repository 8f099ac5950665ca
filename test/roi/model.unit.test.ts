import { describe, it, expect } from 'vitest'
import { estimateRoi, modelledImpressions, signalsFromScore, CPM_CAD, VEHICLE_OCCUPANCY } from '../../src/roi'

// Hand computations of the impressions model (src/scoring/impressions.ts) for the default sign, a 4 m² wall
// sign (channel letters, 4 m × 1 m, centre 5 m up, 8 m back, lit), on the class-3 street ROI assumes without a
// location (50 km/h, 7 m curb to centreline):
// drivers: lateral 15 m; noticed within 4.123 / tan 1.5° = 157.4 m; a parallel face is viewable within 15 × tan 60° =
// 25.98 m; 3.92 m above the eye it is under 10° beyond 22.23 m, i.e. 16.41 m along the road → 9.57 m in view, 0.689 s
// at 13.89 m/s → likelihood 0.6 × (1 − e^(−0.689/3)) = 0.1231 → 1.5 × 0.1231 = 0.1847 impressions per vehicle.
// pedestrians: lateral 10 m, in view 17.32 m at 1.2 m/s = 14.4 s → 0.6 × (1 − e^(−4.81)) = 0.5951.
const PER_VEHICLE =
  1.5 * 0.6 * (1 - Math.exp(-(Math.sqrt(3) * 15 - Math.sqrt((3.92 / Math.tan(Math.PI / 18)) ** 2 - 225)) / (50 / 3.6) / 3))
const PER_PEDESTRIAN = 0.6 * (1 - Math.exp(-(Math.sqrt(3) * 10) / 1.2 / 3))
const hand = (vehicles: number, pedestrians: number) => Math.round(vehicles * PER_VEHICLE + pedestrians * PER_PEDESTRIAN)

describe('ROI model (pure)', () => {
  it('the hand computation is the one in the comment', () => {
    expect(PER_VEHICLE).toBeCloseTo(0.1847, 3)
    expect(PER_PEDESTRIAN).toBeCloseTo(0.5951, 3)
  })

  it('score 0 → rural traffic: 500 veh/day and 30 pedestrians/day → the modelled impressions, valued at the CPM', () => {
    const e = estimateRoi({ overallScore: 0, signCost: 1000 })
    expect(e.assumptions.vehicleTrafficPerDay).toBe(500)
    expect(e.assumptions.pedestriansPerDay).toBe(30)
    expect(e.estimatedDailyImpressions).toBe(hand(500, 30))
    const monthly = Math.round(((hand(500, 30) * 30 * 5) / 1000) * 100) / 100
    expect(e.estimatedMonthlyValue).toBe(monthly)
    expect(e.paybackMonths).toBe(Math.round((1000 / monthly) * 100) / 100)
    expect(e.assumptions.impressionsFrom).toBe('overallScore')
    expect(e.assumptions.valueFrom).toBe('cpm')
    expect(e.assumptions.sign).toMatchObject({ type: 'channel-letters', assumed: true })
    expect(e.assumptions.impressionsMethod).toMatch(/likelihood to see.*typical sign of the default type/)
  })

  it('score 100 → prime arterial: 50,000 veh/day and 9,000 pedestrians/day', () => {
    const e = estimateRoi({ overallScore: 100, signCost: 5000 })
    expect(e.estimatedDailyImpressions).toBe(Math.round(hand(50_000, 9000) / 100) * 100)
    expect(e.assumptions.vehicleLikelihoodToSee).toEqual([0.12])
    expect(e.assumptions.pedestrianLikelihoodToSee).toBe(0.6)
  })

  it('score 80 interpolates log-linearly: 19,905 veh/day, 2,876 pedestrians/day', () => {
    expect(signalsFromScore(80)).toEqual({ vehicleTrafficPerDay: 19_905, pedestriansPerDay: 2_876 }) // 500×100^0.8, 30×300^0.8
    const e = estimateRoi({ overallScore: 80, signCost: 10_000 })
    expect(e.estimatedDailyImpressions).toBe(Math.round(hand(19_905, 2_876) / 100) * 100)
  })

  it('a sign block changes the impressions: a tall pylon beats the wall sign for drivers, an unlit one loses the dark hours', () => {
    const wall = modelledImpressions(20_000, 0)
    const pylon = modelledImpressions(20_000, 0, { type: 'pylon' })
    const unlitPylon = modelledImpressions(20_000, 0, { type: 'pylon', illuminated: false })
    expect(pylon.vehicles).toBeGreaterThan(3 * wall.vehicles)
    expect(unlitPylon.vehicles).toBeLessThan(pylon.vehicles * 0.9)
    expect(unlitPylon.vehicles).toBeGreaterThan(pylon.vehicles * 0.6)
    const e = estimateRoi({ overallScore: 80, signCost: 10_000, sign: { type: 'pylon' } })
    expect(e.estimatedDailyImpressions).toBeGreaterThan(estimateRoi({ overallScore: 80, signCost: 10_000 }).estimatedDailyImpressions)
    expect(e.assumptions.sign).toMatchObject({ type: 'pylon', assumed: false })
  })

  it("a location's own impressions are used as they are", () => {
    const impressions = modelledImpressions(1000, 100, { type: 'monument' })
    const e = estimateRoi({ overallScore: 10, signCost: 10_000, signals: { vehicleTrafficPerDay: 1, pedestriansPerDay: 1 }, impressions })
    expect(e.estimatedDailyImpressions).toBe(impressions.daily)
    expect(e.assumptions.impressionsMethod).toBe(impressions.method)
  })

  it('monthlyRevenue replaces the media value; impressions are still reported', () => {
    const e = estimateRoi({ overallScore: 80, signCost: 12_000, monthlyRevenue: 1500 })
    expect(e.estimatedDailyImpressions).toBe(estimateRoi({ overallScore: 80, signCost: 12_000 }).estimatedDailyImpressions)
    expect(e.estimatedMonthlyValue).toBe(1500)
    expect(e.paybackMonths).toBe(8)
    expect(e.roiPercentage).toBe(50) // (18,000 − 12,000) / 12,000
    expect(e.assumptions.valueFrom).toBe('monthlyRevenue')
    const media = ((e.estimatedDailyImpressions * 30 * 5) / 1000).toFixed(2)
    expect(e.assumptions.notes.join(' ')).toContain(`$${media}`)
  })

  it('monthlyRevenue 0 → paybackMonths null, ROI −100 %, a note, and nothing non-finite', () => {
    const e = estimateRoi({ overallScore: 50, signCost: 8000, monthlyRevenue: 0 })
    expect(e.estimatedMonthlyValue).toBe(0)
    expect(e.paybackMonths).toBeNull()
    expect(e.roiPercentage).toBe(-100)
    expect(e.assumptions.notes.some((n) => n.includes('never pays back'))).toBe(true)
    expect(JSON.stringify(e)).not.toMatch(/Infinity|NaN/)
  })

  it('huge and tiny values stay finite', () => {
    for (const input of [
      { overallScore: 100, signCost: 0.01, monthlyRevenue: 1e9 },
      { overallScore: 0, signCost: 1e9 },
      { overallScore: 100, signCost: 1e9, monthlyRevenue: 1e9 },
      { overallScore: 0, signCost: 0.01 },
    ]) {
      const e = estimateRoi(input)
      for (const value of [e.estimatedDailyImpressions, e.estimatedMonthlyValue, e.paybackMonths ?? 0, e.roiPercentage])
        expect(Number.isFinite(value)).toBe(true)
      expect(JSON.parse(JSON.stringify(e))).toEqual(e)
    }
    // (12e9 − 0.01) / 0.01 × 100
    expect(estimateRoi({ overallScore: 100, signCost: 0.01, monthlyRevenue: 1e9 }).roiPercentage).toBe(119_999_999_999_900)
  })

  it('location signals drive the impressions instead of the score', () => {
    const e = estimateRoi({ overallScore: 10, signCost: 10_000, signals: { vehicleTrafficPerDay: 28_000, pedestriansPerDay: 12_000 } })
    expect(e.estimatedDailyImpressions).toBe(Math.round(hand(28_000, 12_000) / 100) * 100)
    expect(e.assumptions.impressionsFrom).toBe('location')
  })

  it('impressions grow with score, and occupancy/CPM constants are the documented ones', () => {
    let last = -1
    for (let s = 0; s <= 100; s += 5) {
      const i = estimateRoi({ overallScore: s, signCost: 1 }).estimatedDailyImpressions
      expect(i).toBeGreaterThan(last)
      last = i
    }
    expect([VEHICLE_OCCUPANCY, CPM_CAD]).toEqual([1.5, 5])
  })
})
