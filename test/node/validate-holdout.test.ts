// The hold-out validation's bookkeeping (research/lib/validate-store.ts, npm run validate:geocoder): what it
// counts as holding, how it groups small cities, and how it types an address.
import { describe, expect, it } from 'vitest'
import type { GeocodeResult } from '../../src/geo/geocode'
import { percentile, typed, validateHoldout, type HeldOutRow } from '../../research/lib/validate-store'

const row = (city: string, i: number, postcode = ''): HeldOutRow => ({
  number: String(i + 1),
  street: 'King St N',
  city,
  province: 'ON',
  postcode,
  latE5: 4_346_500,
  lngE5: -8_052_250,
})
/** 100 m north of the true point (1e-5° of latitude ≈ 1.11 m), at the precision and radius given. */
const answer = (precision: GeocodeResult['precision'], accuracyM: number): GeocodeResult => ({
  lat: 43.465 + 90 / 1e5,
  lng: -80.5225,
  precision,
  accuracyM,
  address: '',
})

describe('validateHoldout', () => {
  it('counts a result as holding only when the true point lies within accuracyM, per precision', () => {
    const rows = Array.from({ length: 4 }, (_, i) => row('Waterloo', i))
    const results = [answer('interpolated', 150), answer('interpolated', 50), answer('city', 10_000), null]
    const [report] = validateHoldout(rows, (text) => results[Number.parseInt(text, 10) - 1], 1)
    expect(report.byPrecision).toEqual({ interpolated: 2, city: 1, 'not found': 1 })
    expect(report.holds).toEqual({ interpolated: 1, city: 1 })
    expect(report.errors).toHaveLength(3)
    expect(report.errors[0]).toBeCloseTo(100, 0)
  })

  it('groups cities below the minimum into one "other" group, largest cities first', () => {
    const rows = [...Array.from({ length: 3 }, (_, i) => row('Kitchener', i)), row('Ayr', 0), row('Elmira', 0)]
    const reports = validateHoldout(rows, () => answer('address', 200), 3)
    expect(reports.map((r) => [r.city, r.n])).toEqual([
      ['Kitchener', 3],
      ['other (2 cities)', 2],
    ])
  })

  it('types every second address (by hash) with its postal code, never one it lacks', () => {
    const withCode = Array.from({ length: 40 }, (_, i) => typed(row('Waterloo', i, 'N2J 2Y8')))
    const share = withCode.filter((t) => t.endsWith('N2J 2Y8')).length / withCode.length
    expect(share).toBeGreaterThan(0.25)
    expect(share).toBeLessThan(0.75)
    expect(typed(row('Waterloo', 0))).toBe('1 King St N, Waterloo, ON')
  })

  it('percentile is nearest-rank on sorted errors', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(10)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(6)
    expect(percentile([], 0.5)).toBeNaN()
  })
})
