// A postal code stands for its area (docs/methodology.md §5.5): its income is the median of the tract incomes
// of the DAs nearest the FSA's position, and its transit the commute share expected of the area's stops and
// density. Before 3.x every postal code of a CMA got the CMA's median income: Rosedale and Moss Park alike.
import { describe, it, expect } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import { TRANSIT_MODEL } from '../../src/geo/data/transit-model.generated'
import { transitShareOf } from '../../src/geo/signals/model/activity'
import { measurePostalArea, postalAreaAt } from '../../src/geo/signals/model/postal-area'
import { FACTORS, buildScoreResult, type ScoreResult } from '../../src/scoring'

function score(address: string): ScoreResult {
  const g = geocodeOffline(address)
  if (!g) throw new Error(`did not geocode: ${address}`)
  return buildScoreResult({ ...g, address: g.address })
}
const raw = (r: ScoreResult, key: keyof ScoreResult['factorScores']) => r.factorScores[key].raw

describe('a postal code stands for its area', () => {
  it("gives each Toronto FSA its own area's income, not the CMA median (Rosedale vs Moss Park)", () => {
    const rosedale = score('M4W 1A1')
    const mossPark = score('M5A 1A1')
    expect(rosedale.precision).toBe('postal_code')
    expect(raw(rosedale, 'income').method).toMatch(/median over the \d+ DAs nearest the postal area position \(\d+ tracts\)/)
    expect(raw(rosedale, 'income').confidence).toBe('medium')
    expect(raw(rosedale, 'income').value).toBeGreaterThan(1.5 * raw(mossPark, 'income').value)
  })

  it("Ottawa's Sandy Hill (K1N: students, downtown flats) reads below the CMA median every Ottawa FSA got before", () => {
    const sandyHill = raw(score('K1N'), 'income')
    const ottawaCmaMedian = 98000
    expect(sandyHill.value).toBeLessThan(0.85 * ottawaCmaMedian)
  })

  it("a dense downtown FSA's transit share is several times a car-oriented suburb's", () => {
    const downtown = raw(score('M5A'), 'transit')
    const suburb = raw(score('L9T'), 'transit') // Milton
    expect(downtown.method).toMatch(/\d+ DAs nearest the postal area/)
    expect(downtown.value).toBeGreaterThan(3 * suburb.value)
  })

  it('a rural postal area with no stops gets a transit share near nil, scored 0', () => {
    const r = score('P0A')
    expect(raw(r, 'transit').value).toBeLessThan(0.5)
    expect(r.factorScores.transit.score).toBe(0)
  })
})

describe('the postal areas measured ahead (postal-areas.generated.ts)', () => {
  it('match what the engine measures now at those positions (else rerun npm run fit:transit after a data rebuild)', () => {
    for (const code of ['M4W', 'H3B', 'K1N', 'T2P', 'V6E', 'R3C', 'B3H', 'P0A', 'X1A', 'J0M']) {
      const g = geocodeOffline(code)!
      expect(postalAreaAt(g.lat, g.lng, false), code).toEqual(measurePostalArea(g.lat, g.lng))
    }
  })
})

describe('the transit model and its curve', () => {
  it('the factor table copies the fitted curve knots (research/fit-transit.mjs)', () => {
    expect(FACTORS.transit.curve.knots).toEqual(TRANSIT_MODEL.curveKnots)
  })

  it('more stops and more people both raise the expected share', () => {
    expect(transitShareOf(20, 3000)).toBeGreaterThan(transitShareOf(5, 3000))
    expect(transitShareOf(20, 10000)).toBeGreaterThan(transitShareOf(20, 3000))
    expect(transitShareOf(0, 1)).toBeGreaterThan(0)
  })
})
