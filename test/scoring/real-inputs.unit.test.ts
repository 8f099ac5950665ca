// Calibration on the address forms real users send (docs/decisions.md §4 bands): rural roads written with a
// town name or a rural postal code, rural routes, rural highways, and streets located by city name
// only. Found by research/probe-scoring.mjs; each case guards a model behaviour, not one address.
import { describe, it, expect } from 'vitest'
import { classifyStreet } from '../../src/geo/geodata'
import { geocodeOffline } from '../../src/geo/geocode'
import { buildScoreResult, type ScoreResult } from '../../src/scoring'

function score(address: string): ScoreResult {
  const g = geocodeOffline(address)
  if (!g) throw new Error(`did not geocode: ${address}`)
  return buildScoreResult({
    lat: g.lat,
    lng: g.lng,
    address: g.address,
    precision: g.precision,
    street: g.street,
    ruralRoute: g.ruralRoute,
    ruralPostalCode: g.ruralPostalCode,
  })
}
const at = (lat: number, lng: number, address?: string) => {
  const street = address ? geocodeOffline(address)?.street : undefined
  return buildScoreResult({ lat, lng, address: address ?? `${lat}, ${lng}`, precision: 'coordinates', street })
}

describe('rural roads named with a town or a rural postal code grade F (outside the built-up area)', () => {
  const RURAL = [
    '12 Range Road 232, Gibbons, AB T0A 1N0', // the lead's case: town name + rural FSA
    '12 Range Road 232, Gibbons, AB', // town name only
    '54012 Range Rd 232, Sturgeon County, AB T8R 1B4', // "Range Rd", urban-coded FSA
    '4000 rang 4, Saint-Jacques, QC',
    '1250 chemin du Rang 4, Saint-Jacques QC J0K 2R0', // rural name under a generic French type
    '2000 Concession 5, Uxbridge ON',
    '5678 Sideroad 10, Caledon ON',
    '4321 8th Line, Caledon ON',
    'RR 2, Gibbons AB', // rural-route delivery as the only "street"
    '123 Smith Rd, RR 2, Gibbons AB T0A 1N0', // ordinary road name, rural-route delivery
    'RR 1, Site 5, Comp 12, Olds, AB T4H 1P2',
    '1234 Rural Route 1, Moosomin SK S0G 3N0',
    'Hwy 11, Kapuskasing ON P0L 1C0', // highway in a rural postal area
    '12 Hwy 3, Yarmouth NS B0W 1A0',
  ]
  for (const address of RURAL) {
    it(address, () => {
      const r = score(address)
      expect(r.overallScore, `${address} → ${r.overallScore} ${r.grade}`).toBeLessThan(50)
    })
  }

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
    const main = score('4810 50 St, Gibbons, AB T0A 1N0')
    const range = score('12 Range Road 232, Gibbons, AB T0A 1N0')
    expect(main.factorScores.populationDensity.raw.method).not.toMatch(/outside/)
    // 2.0 measures Gibbons as it is (≈ 480 persons/km², 3 POIs within 1 km, no transit), where 1.x
    // modelled a town disc; the town street still clears the range road by a wide margin.
    expect(main.overallScore - range.overallScore).toBeGreaterThan(10)
  })

  it('a highway through a town (urban postal code or no postal code) stays a commercial strip, B range', () => {
    for (const address of ['1234 Hwy 2, Brockville ON K6V 5T1', '1234 Hwy 2, Brockville ON', '4455 Highway 7, Peterborough ON']) {
      const r = score(address)
      // ≥ 60: methodology 3.0 models traffic from counts in Calgary, Edmonton and Vancouver, which puts a
      // highway through a mid-size town lower than 2.x's Calgary-only level (Peterborough by city name 63.9).
      // What the test guards is a strip far above a rural road's F (< 50) and below A.
      expect(r.overallScore, `${address} → ${r.overallScore}`).toBeGreaterThanOrEqual(60)
      expect(r.overallScore, `${address} → ${r.overallScore}`).toBeLessThan(80)
    }
  })

  it("a rural designator needs its number: Hamilton's Concession St is an urban street", () => {
    const r = score('600 Concession St, Hamilton ON')
    expect(r.factorScores.populationDensity.raw.method).not.toMatch(/outside/)
    // Read as rural it would score ~20–25 (F); as a generic "St" located by city name, 3.0's traffic
    // model (fitted on three cities' counts) puts it at 59.5, 2.x at 60+.
    expect(r.overallScore).toBeGreaterThanOrEqual(55)
  })

  it('exact coordinates are never re-placed: the context measured at the point is used', () => {
    const r = at(53.8334, -113.3353, '12 Range Road 232, Gibbons, AB')
    expect(r.precision).toBe('coordinates')
    expect(r.factorScores.populationDensity.raw.method).not.toMatch(/outside/)
  })
})

describe('streets located by city name only use the city-wide context, not the downtown centroid', () => {
  it('a residential crescent in a big city, without postal code, grades D (not B as at the centroid)', () => {
    for (const address of [
      'Apt 1203, 35 Pinegrove Cres, Toronto',
      '14 Willow Cres, Mississauga ON',
      '22 Oakridge Crt, Burnaby BC',
      '31 impasse des Pins, Gatineau QC',
      'app. 3, 45 croissant des Érables, Laval QC',
    ]) {
      const r = score(address)
      expect(r.precision).toBe('city')
      expect(r.overallScore, `${address} → ${r.overallScore}`).toBeGreaterThanOrEqual(48)
      expect(r.overallScore, `${address} → ${r.overallScore}`).toBeLessThan(60)
    }
  })

  // Located by city name only, the area measures are the city-wide typical ones (a median urban DA:
  // 2,600 persons/km², 36 POIs, 16 stop equivalents), so a busy arterial there lands at C+ to B+
  // (1.x's modelled city-wide context gave B to B+); the street type still carries it far above crescents.
  // 3.0's traffic model (three counted cities) puts King George Blvd at 64.6: the floor is C (60).
  it('busy arterials of suburbs named as their own city grade C to B+', () => {
    for (const address of [
      '10153 King George Blvd, Surrey, BC',
      '1600 boul. Le Corbusier, Laval QC',
      '4567 Lougheed Hwy, Burnaby BC',
      '1100 boul. Maloney O, Gatineau, QC',
      '5401 boul. de la Rive-Sud, Lévis, QC',
      '8601 Warden Ave, Markham, ON',
    ]) {
      const r = score(address)
      expect(r.overallScore, `${address} → ${r.overallScore}`).toBeGreaterThanOrEqual(60)
      expect(r.overallScore, `${address} → ${r.overallScore}`).toBeLessThan(80)
    }
  })

  it('city-wide signals are low confidence and say how they were obtained', () => {
    const r = score('220 yonge street toronto')
    expect(r.factorScores.populationDensity.raw.method).toMatch(/city-wide average/)
    expect(r.factorScores.populationDensity.raw.confidence).toBe('low')
  })

  it('a postal code still places a downtown arterial downtown (A or A+), above the city-name-only form', () => {
    const precise = score('220 Yonge St, Toronto ON M5B2H1')
    expect(precise.overallScore).toBeGreaterThanOrEqual(80)
    expect(precise.overallScore).toBeGreaterThan(score('220 yonge street toronto').overallScore)
  })

  it('towns are small enough that the centroid stands for any street: small-town main streets unchanged', () => {
    const r = score('100 rue Principale, Saint-Sauveur, QC')
    expect(r.factorScores.populationDensity.raw.method).not.toMatch(/city-wide/)
    // 2.0: measured where the place's position is (see calibration.unit.test.ts for why that is D, in 3.0 F/D, here).
    expect(r.overallScore).toBeGreaterThanOrEqual(45)
  })

  it('ordering holds in each big city: arterial > crescent, postal code or not', () => {
    const pairs: [string, string][] = [
      ['5100 Hurontario St, Mississauga, ON L4Z 3X7', '14 Willow Cres, Mississauga ON'],
      ['10153 King George Blvd, Surrey, BC', '8 Cedar Pl, Surrey BC'],
      ['1500 Bayview Ave, Toronto ON', '35 Pinegrove Cres, Toronto, ON M1E 2T3'],
      ['1600 boul. Le Corbusier, Laval QC', '45 croissant des Érables, Laval, QC H7M 2M5'],
    ]
    for (const [arterial, crescent] of pairs)
      expect(score(arterial).overallScore, `${arterial} > ${crescent}`).toBeGreaterThan(score(crescent).overallScore + 10)
  })
})

describe('street names that say what the street serves', () => {
  it('a drive named after the shopping/civic centre it serves is an arterial-level access road; a crescent stays local', () => {
    expect(classifyStreet({ name: 'City Centre', type: 'Dr' })?.roadClass).toBeGreaterThanOrEqual(3)
    expect(classifyStreet({ name: 'Town Centre', type: 'Blvd' })?.roadClass).toBeGreaterThanOrEqual(3.8)
    expect(classifyStreet({ name: 'Plaza', type: 'Cres' })?.roadClass).toBe(1)
    expect(score('100 City Centre Dr, Mississauga, ON').overallScore).toBeGreaterThan(
      score('14 Willow Cres, Mississauga ON').overallScore + 10,
    )
  })
})
