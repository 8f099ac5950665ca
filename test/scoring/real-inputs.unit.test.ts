// Calibration on the address forms real users send (docs/decisions.md §4 bands): rural roads written with a
// town name or a rural postal code, rural routes, rural highways, and streets located by city name
// only. Found by research/probe-scoring.mjs; each case guards a model behaviour, not one address.
import { describe, it, expect } from 'vitest'
import { classifyStreet } from '../../src/geo/geodata'
import { geocodeOffline } from '../../src/geo/geocode'
import { buildScoreResult, type ScoreResult } from '../../src/scoring'
import { CITY_NAMED_CRESCENTS, scoreAddress } from './calibration-places'

const score = (address: string): ScoreResult => scoreAddress({ geocodeOffline, buildScoreResult }, address, true)
const at = (lat: number, lng: number, address?: string) => {
  const street = address ? geocodeOffline(address)?.street : undefined
  return buildScoreResult({ lat, lng, address: address ?? `${lat}, ${lng}`, precision: 'coordinates', street })
}

describe('rural roads named with a town or a rural postal code are outside the built-up area', () => {
  it('says so: density method names the re-placement, confidence is low, no downtown or stations', () => {
    const r = score('12 Range Road 232, Gibbons, AB T0A 1N0')
    expect(r.precision).toBe('city')
    expect(r.factorScores.populationDensity.raw.method).toMatch(/outside built-up area: rural road type/)
    expect(r.factorScores.populationDensity.raw.confidence).toBe('low')
    expect(r.factorScores.vehicleTraffic.raw.confidence).toBe('low')
    expect(r.factorScores.vehicleTraffic.raw.method).toMatch(/outside built-up area/)
    expect(r.factorScores.populationDensity.raw.value).toBeLessThanOrEqual(20)
    expect(r.factorScores.transit.score).toBe(0)
    expect(r.factorScores.pedestrian.score).toBeLessThan(20)
  })

  it("the same town's main street, even with its rural postal code, stays a town address", () => {
    // 2.0 measures Gibbons as it is (≈ 480 persons/km², 3 POIs within 1 km, no transit), where 1.x
    // modelled a town disc; its score clearing the range road's is a calibration check (calibration-places.ts).
    expect(score('4810 50 St, Gibbons, AB T0A 1N0').factorScores.populationDensity.raw.method).not.toMatch(/outside/)
  })

  it("a rural designator needs its number: Hamilton's Concession St is an urban street", () => {
    // Read as rural it would score ~20–25 (F); its urban level is a calibration check (calibration-places.ts).
    expect(score('600 Concession St, Hamilton ON').factorScores.populationDensity.raw.method).not.toMatch(/outside/)
  })

  it('exact coordinates are never re-placed: the context measured at the point is used', () => {
    const r = at(53.8334, -113.3353, '12 Range Road 232, Gibbons, AB')
    expect(r.precision).toBe('coordinates')
    expect(r.factorScores.populationDensity.raw.method).not.toMatch(/outside/)
  })
})

describe('streets located by city name only use the city-wide context, not the downtown centroid', () => {
  it('a residential crescent in a big city, without postal code, is located by its city (graded D: calibration-places.ts)', () => {
    for (const address of CITY_NAMED_CRESCENTS) expect(score(address).precision, address).toBe('city')
  })

  it('city-wide signals are low confidence and say how they were obtained', () => {
    const r = score('220 yonge street toronto')
    expect(r.factorScores.populationDensity.raw.method).toMatch(/city-wide average/)
    expect(r.factorScores.populationDensity.raw.confidence).toBe('low')
  })

  it('towns are small enough that the centroid stands for any street: small-town main streets unchanged', () => {
    // Measured where the place's position is; its level (≥ 45) is a calibration check (calibration-places.ts).
    expect(score('100 rue Principale, Saint-Sauveur, QC').factorScores.populationDensity.raw.method).not.toMatch(/city-wide/)
  })
})

describe('street names that say what the street serves', () => {
  it('a drive named after the shopping/civic centre it serves is an arterial-level access road; a crescent stays local', () => {
    expect(classifyStreet({ name: 'City Centre', type: 'Dr' })?.roadClass).toBeGreaterThanOrEqual(3)
    expect(classifyStreet({ name: 'Town Centre', type: 'Blvd' })?.roadClass).toBeGreaterThanOrEqual(3.8)
    expect(classifyStreet({ name: 'Plaza', type: 'Cres' })?.roadClass).toBe(1)
  })
})
