import { describe, it, expect } from 'vitest'
import { dailyImpressions, estimateRoi, signalsFromScore, CPM_CAD, VEHICLE_OCCUPANCY } from '../../src/roi'

// Hand computations use the documented constants: direction 0.5 × occupancy 1.5 × visibility 0.4 = 0.3
// impressions per vehicle; 0.3 per pedestrian; 30 days; CPM $5.
describe('ROI model (pure)', () => {
  it('score 0 → rural traffic: 500 veh/day and 30 pedestrians/day → 159 impressions, $23.85/month', () => {
    const e = estimateRoi({ overallScore: 0, signCost: 1000 })
    expect(e.assumptions.vehicleTrafficPerDay).toBe(500)
    expect(e.assumptions.pedestriansPerDay).toBe(30)
    expect(e.estimatedDailyImpressions).toBe(159) // 500×0.3 + 30×0.3 = 150 + 9
    expect(e.estimatedMonthlyValue).toBe(23.85) // 159 × 30 × 5 / 1000
    expect(e.paybackMonths).toBe(41.93) // 1000 / 23.85
    expect(e.roiPercentage).toBe(-71.4) // (286.2 − 1000) / 1000
    expect(e.assumptions.impressionsFrom).toBe('overallScore')
    expect(e.assumptions.valueFrom).toBe('cpm')
  })

  it('score 100 → prime arterial: 50,000 veh/day and 9,000 pedestrians/day → 17,700 impressions', () => {
    const e = estimateRoi({ overallScore: 100, signCost: 5000 })
    expect(e.estimatedDailyImpressions).toBe(17_700) // 15,000 + 2,700
    expect(e.estimatedMonthlyValue).toBe(2655) // 17,700 × 30 × 5 / 1000
    expect(e.paybackMonths).toBe(1.88) // 5000 / 2655 = 1.883
    expect(e.roiPercentage).toBe(537.2) // (31,860 − 5,000) / 5,000
  })

  it('score 80 interpolates log-linearly: 19,905 veh/day, 2,876 pedestrians/day', () => {
    expect(signalsFromScore(80)).toEqual({ vehicleTrafficPerDay: 19_905, pedestriansPerDay: 2_876 }) // 500×100^0.8, 30×300^0.8
    const e = estimateRoi({ overallScore: 80, signCost: 10_000 })
    expect(e.estimatedDailyImpressions).toBe(6834) // 5,971.5 + 862.8
    expect(e.estimatedMonthlyValue).toBe(1025.1)
    expect(e.paybackMonths).toBe(9.76)
    expect(e.roiPercentage).toBe(23)
  })

  it('monthlyRevenue replaces the media value; impressions are still reported', () => {
    const e = estimateRoi({ overallScore: 80, signCost: 12_000, monthlyRevenue: 1500 })
    expect(e.estimatedDailyImpressions).toBe(6834)
    expect(e.estimatedMonthlyValue).toBe(1500)
    expect(e.paybackMonths).toBe(8)
    expect(e.roiPercentage).toBe(50) // (18,000 − 12,000) / 12,000
    expect(e.assumptions.valueFrom).toBe('monthlyRevenue')
    expect(e.assumptions.notes.join(' ')).toContain('$1025.10')
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
    expect(e.estimatedDailyImpressions).toBe(28_000 * 0.3 + 12_000 * 0.3)
    expect(e.assumptions.impressionsFrom).toBe('location')
  })

  it('impressions grow with score, and occupancy/CPM constants are the documented ones', () => {
    let last = -1
    for (let s = 0; s <= 100; s += 5) {
      const i = estimateRoi({ overallScore: s, signCost: 1 }).estimatedDailyImpressions
      expect(i).toBeGreaterThan(last)
      last = i
    }
    expect(dailyImpressions(1000, 0)).toBe(300)
    expect([VEHICLE_OCCUPANCY, CPM_CAD]).toEqual([1.5, 5])
  })
})
