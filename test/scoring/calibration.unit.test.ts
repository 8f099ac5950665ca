// Calibration against docs/decisions.md §4: grades fall in the stated bands for real, named Canadian places,
// and the ordering downtown > suburban arterial > residential crescent > rural road holds per city.
// Addresses go through the real offline geocoder, as they would through the API. The places and checks are
// data (calibration-places.ts), shared with the default weights' search (research/validation/default-weights.mjs).
import { describe, it, expect } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import { buildScoreResult, type ScoreResult } from '../../src/scoring'
import { CALIBRATION_CHECKS, LOCATIONS, scoreAddress, type CalibrationScores } from './calibration-places'

const scored = new Map<string, ScoreResult>()
function score(address: string, designators = false): ScoreResult {
  const key = `${designators}|${address}`
  const result = scored.get(key) ?? scoreAddress({ geocodeOffline, buildScoreResult }, address, designators)
  scored.set(key, result)
  return result
}
const at = (lat: number, lng: number) => buildScoreResult({ lat, lng, address: `${lat}, ${lng}`, precision: 'coordinates' })
const scores: CalibrationScores = {
  place: (address) => score(address).overallScore,
  named: (address) => score(address, true).overallScore,
  at: (lat, lng) => at(lat, lng).overallScore,
}

describe('calibration bands and orderings (docs/decisions.md §4)', () => {
  it('spans at least 25 named locations of every kind', () => {
    expect(LOCATIONS.length).toBeGreaterThanOrEqual(25)
    expect(new Set(LOCATIONS.map((l) => l.kind)).size).toBe(5)
  })

  for (const check of CALIBRATION_CHECKS) it(check.name, () => expect(check.failures(scores)).toEqual([]))
})

describe('coordinates only (no street) say how they were measured', () => {
  it("downtown Montréal's income is its tract's, not the CMA's", () => {
    // Peel & Sainte-Catherine lies in a census tract whose 2020 median household income is $55,600
    // (small households, students): income scores 31 there, where 1.x gave every point the CMA's $72,000.
    expect(at(45.5003, -73.5735).factorScores.income.raw.method).toMatch(/census-tract median/)
  })

  it('road class from coordinates is marked low confidence, from a street type higher', () => {
    expect(at(43.6487, -79.3817).factorScores.roadClass.raw.confidence).toBe('low')
    expect(score('100 Queen St W, Toronto, ON M5H 2N2').factorScores.roadClass.raw.confidence).not.toBe('low')
  })
})
