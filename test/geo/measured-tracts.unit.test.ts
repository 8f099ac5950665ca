// Census-tract income: the tract that contains the point, from the bundled 2021 tract polygons.
import { describe, expect, it } from 'vitest'
import { tractAt } from '../../src/geo/geodata/measured'

describe('tractAt', () => {
  it('tells a rich Toronto tract (Rosedale) from a poor one (Moss Park) 3 km away', () => {
    const rosedale = tractAt(43.6839, -79.3737)!
    const mossPark = tractAt(43.6565, -79.3695)!
    expect(rosedale.ctuid).toBe('5350086.00')
    expect(mossPark.ctuid).toBe('5350033.00')
    expect(rosedale.medianHouseholdIncome).toBeGreaterThan(200_000)
    expect(mossPark.medianHouseholdIncome).toBeLessThan(50_000)
  })

  it('has no tract outside tracted areas (rural Saskatchewan, open ocean)', () => {
    expect(tractAt(49.42, -107.072)).toBeUndefined()
    expect(tractAt(45, -40)).toBeUndefined()
  })

  it('finds a tract for downtown Ottawa, Calgary and Vancouver', () => {
    for (const [lat, lng, cma] of [
      [45.4215, -75.6972, '505'],
      [51.0447, -114.0719, '825'],
      [49.2827, -123.1207, '933'],
    ] as const) {
      const tract = tractAt(lat, lng)
      expect(tract?.ctuid.slice(0, 3)).toBe(cma)
      expect(tract!.medianHouseholdIncome).toBeGreaterThan(20_000)
    }
  })

  it('holds out a tract by ctuid', () => {
    expect(tractAt(43.6839, -79.3737, { exclude: new Set(['5350086.00']) })).toBeUndefined()
  })
})
