// Methodology 3.0: every result carries an audience block (people passing per day with a p10–p90
// interval), and a point with no road nearby (water, wilderness) or deep inside a park says so and does
// not score like a street (docs/methodology.md §2.4–2.5).
import { describe, expect, it } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import { buildScoreResult, ScoreResultSchema } from '../../src/scoring'
import { VEHICLE_OCCUPANCY } from '../../src/roi/model'

const at = (lat: number, lng: number, street?: { name: string; type?: string; roadClass?: number; classSource?: string }) =>
  buildScoreResult({ lat, lng, address: `${lat}, ${lng}`, precision: 'coordinates', street })
const codes = (r: ReturnType<typeof at>) => r.warnings.map((w) => w.code)

describe('audience block', () => {
  it('counts vehicles × occupancy + pedestrians, with an interval around it, and validates against the schema', () => {
    const r = at(49.282, -123.12) // Granville & Robson, Vancouver
    const a = r.audience
    expect(a.dailyVehicles).toBe(r.factorScores.vehicleTraffic.raw.value)
    expect(a.dailyPedestrians).toBe(r.factorScores.pedestrian.raw.value)
    expect(Math.abs(a.dailyPersons - (a.dailyVehicles * a.occupancy + a.dailyPedestrians))).toBeLessThanOrEqual(50)
    expect(a.interval.low).toBeLessThan(a.dailyPersons)
    expect(a.interval.high).toBeGreaterThan(a.dailyPersons)
    expect(a.occupancy).toBe(VEHICLE_OCCUPANCY)
    expect(a.sources).toContain('vancouverCounts')
    for (const key of a.sources) expect(r.dataSources[key], key).toBeDefined()
    expect(ScoreResultSchema.safeParse(r).success).toBe(true)
  })

  it('a busy downtown corner sees tens of thousands of pedestrians a day; a suburban crescent a few hundred', () => {
    expect(at(49.282, -123.12).audience.dailyPedestrians).toBeGreaterThan(10_000)
    expect(at(43.6561, -79.3802).audience.dailyPedestrians).toBeGreaterThan(10_000) // Yonge-Dundas
    const g = geocodeOffline('35 Pinegrove Cres, Toronto, ON M1E 2T3')!
    const crescent = buildScoreResult({ lat: g.lat, lng: g.lng, address: g.address, precision: g.precision, street: g.street })
    expect(crescent.audience.dailyPedestrians).toBeLessThan(1_000)
  })

  it("a counted Calgary section's interval is narrow (year-to-year spread); a modelled one is wide", () => {
    const counted = at(51.037842, -113.975848) // 17 Ave SE, counted
    const modelled = at(51.040555, -113.975848)
    const width = (r: ReturnType<typeof at>) => r.audience.interval.high / Math.max(r.audience.interval.low, 1)
    expect(width(counted)).toBeLessThan(2)
    expect(width(modelled)).toBeGreaterThan(5)
  })
})

describe('water, parks and places with no road', () => {
  for (const [name, lat, lng] of [
    ['Lake Ontario, 6 km off Toronto', 43.58, -79.45],
    ['Lake Winnipeg', 52.0, -97.3],
    ['Lac Saint-Louis', 45.405, -73.83],
  ] as const)
    it(`${name}: no road nearby, no traffic, grade F`, () => {
      const r = at(lat, lng)
      expect(codes(r)).toContain('NO_ROAD_NEARBY')
      expect(r.factorScores.vehicleTraffic.raw.value).toBe(0)
      expect(r.audience.dailyPersons).toBe(0)
      expect(r.grade).toBe('F')
    })

  it('Toronto Islands and High Park: inside a park, no vehicle traffic, not B+', () => {
    for (const [lat, lng] of [
      [43.6205, -79.3785],
      [43.6465, -79.4637],
    ]) {
      const r = at(lat, lng)
      expect(codes(r)).toEqual(['IN_PARK'])
      expect(r.factorScores.vehicleTraffic.raw.value).toBe(0)
      expect(r.overallScore).toBeLessThan(70)
    }
  })

  it('a street next to the lake, or a named street, is not flagged', () => {
    expect(codes(at(43.6383, -79.4199))).toEqual([]) // Lake Shore Blvd W at Ontario Place
    expect(codes(at(43.58, -79.45, { name: 'Lake Shore', type: 'Blvd' }))).toEqual([])
  })
})

describe('road class from a street network given with the street', () => {
  it("the caller's network class beats the class read from the name", () => {
    // A "Crescent" read from its name is local (1); the network says it is a collector-arterial (3).
    const named = at(43.665, -79.4376, { name: 'Maplewood', type: 'Cres' })
    const network = at(43.665, -79.4376, { name: 'Maplewood', type: 'Cres', roadClass: 3, classSource: 'OSM GTA streets (secondary)' })
    expect(named.factorScores.roadClass.raw.value).toBe(1)
    expect(network.factorScores.roadClass.raw).toMatchObject({ value: 3, confidence: 'high' })
    expect(network.factorScores.roadClass.raw.method).toMatch(/OSM GTA streets/)
    expect(network.factorScores.vehicleTraffic.raw.value).toBeGreaterThan(named.factorScores.vehicleTraffic.raw.value)
  })
})
