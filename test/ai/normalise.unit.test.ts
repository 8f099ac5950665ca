import { describe, expect, it } from 'vitest'
import { distinctStrings, renormaliseWeights } from '../../src/services/ai/normalise'
import { parseModelJson } from '../../src/services/ai/provider'
import { FACTOR_KEYS, sumOf } from './factor-keys'

const w = (...values: number[]) => Object.fromEntries(FACTOR_KEYS.map((k, i) => [k, values[i]]))

describe('renormaliseWeights', () => {
  it('a valid profile comes back unchanged', () => {
    expect(renormaliseWeights(w(0.25, 0.1, 0.15, 0.1, 0.15, 0.15, 0.1))).toEqual(w(0.25, 0.1, 0.15, 0.1, 0.15, 0.15, 0.1))
  })

  it('sums of 0.93, 7 and thirds all come out at exactly 1.000 in thousandths', () => {
    for (const input of [
      w(0.2, 0.1, 0.15, 0.1, 0.13, 0.15, 0.1),
      w(1, 1, 1, 1, 1, 1, 1),
      w(1, 1, 1, 0, 0, 0, 0),
      w(5, 3, 0, 0, 0, 0, 1e-9),
    ]) {
      const out = renormaliseWeights(input)!
      expect(out).not.toBeNull()
      expect(Math.round(sumOf(out) * 1000)).toBe(1000)
      for (const k of FACTOR_KEYS) expect(out[k]).toBeGreaterThanOrEqual(0)
    }
  })

  it('rejects what cannot be a profile', () => {
    for (const bad of [
      null,
      'weights',
      w(0, 0, 0, 0, 0, 0, 0),
      w(0.5, 0.5, NaN, 0, 0, 0, 0),
      w(-0.1, 0.5, 0.6, 0, 0, 0, 0),
      { vehicleTraffic: 1 },
      { ...w(0.5, 0.5, 0, 0, 0, 0, 0), populationDensity: '0' },
    ]) {
      expect(renormaliseWeights(bad)).toBeNull()
    }
  })
})

describe('model answer parsing', () => {
  it('accepts objects, JSON text and fenced JSON; rejects prose', () => {
    expect(parseModelJson({ a: 1 })).toEqual({ a: 1 })
    expect(parseModelJson('{"a":1}')).toEqual({ a: 1 })
    expect(parseModelJson('```json\n{"a":1}\n```')).toEqual({ a: 1 })
    expect(() => parseModelJson('Sure! {a: 1}')).toThrow(/not valid JSON/)
    expect(() => parseModelJson('')).toThrow(/empty/)
    expect(() => parseModelJson(undefined)).toThrow()
  })

  it('distinctStrings trims, dedupes case-insensitively and keeps order', () => {
    expect(distinctStrings(['  100 Queen St W ', '100 queen st w', '', 'B  St'], 300)).toEqual(['100 Queen St W', 'B St'])
  })
})
