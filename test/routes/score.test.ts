import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { ScoreResultSchema, FACTOR_KEYS } from '../../src/scoring'
import { accuracyOf } from '../../src/geo/geodata/accuracy'
import { call, createKey, expectError } from '../helpers/api'
import { fixtureCsv, loadFixture } from '../helpers/address-fixture'
import { ALL } from '../helpers/civic-fixture'

const post = (path: string, body: unknown, key?: string) => call(path, { key, body })

const DOWNTOWN = '100 Queen St W, Toronto, ON M5H 2N2'
const CRESCENT = '10 Maplewood Cres, Brampton, ON L6S 2P4'
const RURAL = '4000 Rang 4, QC J0K 1A0'
const TRAFFIC_ONLY = { vehicleTraffic: 1, roadClass: 0, populationDensity: 0, income: 0, poiDensity: 0, pedestrian: 0, transit: 0 }

describe('POST /api/v1/score', () => {
  it('scores an address: spec §2.2 result with precision and versions', async () => {
    const { key } = await createKey()
    const res = await post('/api/v1/score', { address: DOWNTOWN }, key)
    expect(res.status).toBe(200)
    expect(ScoreResultSchema.safeParse(res.json).success).toBe(true)
    expect(res.json.precision).toBe('postal_code')
    expect(['A', 'A+']).toContain(res.json.grade)
    expect(res.json.address).toContain('Toronto, ON M5H 2N2')
    expect(Object.keys(res.json.factorScores)).toEqual([...FACTOR_KEYS])
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
  })

  it('scores coordinates (precision coordinates) and ranks downtown far above rural', async () => {
    const { key } = await createKey()
    const downtown = await post('/api/v1/score', { lat: 43.6487, lng: -79.3817 }, key)
    const rural = await post('/api/v1/score', { lat: 51.5, lng: -107.5 }, key)
    expect(downtown.status).toBe(200)
    expect(downtown.json.precision).toBe('coordinates')
    expect(downtown.json.overallScore).toBeGreaterThan(rural.json.overallScore + 40)
    expect(rural.json.grade).toBe('F')
  })

  it('both given: coordinates locate, the address is displayed and its street sets road class', async () => {
    const { key } = await createKey()
    const point = { lat: 43.73, lng: -79.76 }
    const withCrescent = await post('/api/v1/score', { ...point, address: '10 Maplewood Cres, Brampton' }, key)
    const coordsOnly = await post('/api/v1/score', point, key)
    expect(withCrescent.json.lat).toBe(point.lat)
    expect(withCrescent.json.address).toBe('10 Maplewood Cres, Brampton')
    expect(withCrescent.json.precision).toBe('coordinates')
    expect(withCrescent.json.factorScores.roadClass.raw.value).toBe(1)
    expect(coordsOnly.json.factorScores.roadClass.raw.confidence).toBe('low')
  })

  it('custom weights change the overall score as the factor scores predict', async () => {
    const { key } = await createKey()
    const base = await post('/api/v1/score', { address: CRESCENT }, key)
    const traffic = await post('/api/v1/score', { address: CRESCENT, weights: TRAFFIC_ONLY }, key)
    expect(traffic.status).toBe(200)
    expect(traffic.json.overallScore).toBe(traffic.json.factorScores.vehicleTraffic.score)
    expect(traffic.json.overallScore).not.toBe(base.json.overallScore)
    expect(traffic.json.factorScores.income.weight).toBe(0)
  })

  it('400 when neither address nor lat/lng is given', async () => {
    const { key } = await createKey()
    const error = expectError(await post('/api/v1/score', {}, key), 400, 'BAD_REQUEST')
    expect(error.details?.[0].path).toBe('address')
  })

  it('400 when geocoding fails, naming the address', async () => {
    const { key } = await createKey()
    const error = expectError(await post('/api/v1/score', { address: 'Atlantis, ON' }, key), 400, 'BAD_REQUEST')
    expect(error.message).toMatch(/could not geocode "Atlantis, ON"/)
  })

  it('400 for coordinates outside Canada or half a pair', async () => {
    const { key } = await createKey()
    expect(expectError(await post('/api/v1/score', { lat: 40.7, lng: -74 }, key), 400, 'BAD_REQUEST').details?.[0].path).toBe('lat')
    // Above the box (from the measured-counts tests, now in Node: test/scoring/store-counts.unit.test.ts).
    expect(expectError(await post('/api/v1/score', { lat: 95, lng: -113.5121 }, key), 400, 'BAD_REQUEST').details?.[0].path).toBe('lat')
    expect(expectError(await post('/api/v1/score', { lat: 45, lng: -30 }, key), 400, 'BAD_REQUEST').details?.[0].path).toBe('lng')
    expect(expectError(await post('/api/v1/score', { lat: 45 }, key), 400, 'BAD_REQUEST').details?.[0].path).toBe('lng')
  })

  it('400 for coordinates in the United States inside the bounding box (Detroit, Seattle); Windsor scores', async () => {
    const { key } = await createKey()
    const detroit = expectError(await post('/api/v1/score', { lat: 42.3314, lng: -83.0458 }, key), 400, 'BAD_REQUEST')
    expect(detroit.message).toMatch(/United States/)
    expectError(await post('/api/v1/score', { lat: 47.6062, lng: -122.3321 }, key), 400, 'BAD_REQUEST')
    expect((await post('/api/v1/score', { lat: 42.317, lng: -83.037 }, key)).status).toBe(200)
  })

  it('a rural range road named with its town and rural postal code grades F, saying why', async () => {
    const { key } = await createKey()
    const res = await post('/api/v1/score', { address: '12 Range Road 232, Gibbons, AB T0A 1N0' }, key)
    expect(res.status).toBe(200)
    expect(res.json.grade).toBe('F')
    expect(res.json.factorScores.populationDensity.raw).toMatchObject({
      confidence: 'low',
      method: expect.stringMatching(/outside built-up area/),
    })
  })

  it('400 for invalid weights, with the failing key in details', async () => {
    const { key } = await createKey()
    const sumOff = expectError(
      await post('/api/v1/score', { address: DOWNTOWN, weights: { ...TRAFFIC_ONLY, income: 0.5 } }, key),
      400,
      'BAD_REQUEST',
    )
    expect(sumOff.details?.[0].path).toBe('weights')
    expect(sumOff.details?.[0].message).toMatch(/sum to 1\.0/)
    const unknown = expectError(
      await post('/api/v1/score', { address: DOWNTOWN, weights: { ...TRAFFIC_ONLY, vibes: 0 } }, key),
      400,
      'BAD_REQUEST',
    )
    expect(JSON.stringify(unknown.details)).toMatch(/vibes/)
    const { transit: _t, ...missing } = TRAFFIC_ONLY
    expect(
      expectError(await post('/api/v1/score', { address: DOWNTOWN, weights: missing }, key), 400, 'BAD_REQUEST').details?.[0].path,
    ).toBe('weights.transit')
    expect(
      expectError(
        await post('/api/v1/score', { address: DOWNTOWN, weights: { ...TRAFFIC_ONLY, vehicleTraffic: 1.2 } }, key),
        400,
        'BAD_REQUEST',
      ).details?.[0].path,
    ).toBe('weights.vehicleTraffic')
  })

  it('401 without a key', async () => {
    expectError(await post('/api/v1/score', { address: DOWNTOWN }), 401, 'UNAUTHORIZED')
  })
})

describe('POST /api/v1/compare', () => {
  it('sorts by overallScore descending; winner is the first', async () => {
    const { key } = await createKey()
    const res = await post(
      '/api/v1/compare',
      { locations: [{ address: RURAL }, { address: CRESCENT }, { address: DOWNTOWN }, { lat: 43.5931, lng: -79.6433 }] },
      key,
    )
    expect(res.status).toBe(200)
    const scores = res.json.results.map((r: { overallScore: number }) => r.overallScore)
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a))
    expect(res.json.results).toHaveLength(4)
    expect(res.json.winner).toEqual(res.json.results[0])
    expect(res.json.winner.address).toContain('Toronto')
    expect(res.json.results.at(-1).address).toContain('J0K 1A0')
  })

  it('applies weights to every location', async () => {
    const { key } = await createKey()
    const res = await post('/api/v1/compare', { locations: [{ address: DOWNTOWN }, { address: CRESCENT }], weights: TRAFFIC_ONLY }, key)
    for (const r of res.json.results) expect(r.overallScore).toBe(r.factorScores.vehicleTraffic.score)
  })

  it('400 unless 2 to 5 locations', async () => {
    const { key } = await createKey()
    for (const n of [0, 1, 6]) {
      const error = expectError(
        await post('/api/v1/compare', { locations: Array.from({ length: n }, () => ({ address: DOWNTOWN })) }, key),
        400,
        'BAD_REQUEST',
      )
      expect(error.details?.[0].path).toBe('locations')
    }
    expectError(await post('/api/v1/compare', {}, key), 400, 'BAD_REQUEST')
  })

  it('a location that fails to geocode fails the request, naming its index', async () => {
    const { key } = await createKey()
    const error = expectError(
      await post('/api/v1/compare', { locations: [{ address: DOWNTOWN }, { address: CRESCENT }, { address: 'Nowhere Land' }] }, key),
      400,
      'BAD_REQUEST',
    )
    expect(error.details?.[0].path).toBe('locations.2')
    expect(error.message).toMatch(/locations\.2.*could not geocode "Nowhere Land"/)
  })

  it('400 for an invalid location (empty or out of Canada), naming its index', async () => {
    const { key } = await createKey()
    expect(
      expectError(await post('/api/v1/compare', { locations: [{ address: DOWNTOWN }, {}] }, key), 400, 'BAD_REQUEST').details?.[0].path,
    ).toBe('locations.1.address')
    expect(
      expectError(await post('/api/v1/compare', { locations: [{ lat: 30, lng: -79 }, { address: DOWNTOWN }] }, key), 400, 'BAD_REQUEST')
        .details?.[0].path,
    ).toBe('locations.0.lat')
  })

  it('401 without a key', async () => {
    expectError(await post('/api/v1/compare', { locations: [{ address: DOWNTOWN }, { address: CRESCENT }] }), 401, 'UNAUTHORIZED')
  })
})

// The civic fixture in D1, loaded by the importer's own SQL (test/helpers/civic-fixture.ts), after the tests
// above ran on an empty store. Geocoding on it in detail: test/geo/address-geocoding.unit.test.ts (Node).
describe('POST /score with civic geocoding', () => {
  beforeAll(async () => {
    await loadFixture(env.DB, 'fixture', fixtureCsv(ALL))
  })

  it('scores an address point with precision and accuracyM, and a coordinates score with accuracyM 0', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/score', { key, body: { address: '250 King St N, Waterloo, ON' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ precision: 'address', accuracyM: accuracyOf('address', 0), address: '250 King St N, Waterloo, ON' })
    const coords = await call('/api/v1/score', { key, body: { lat: 43.47, lng: -80.52 } })
    expect(coords.json).toMatchObject({ precision: 'coordinates', accuracyM: 0 })
    const city = await call('/api/v1/score', { key, body: { address: 'Waterloo, ON' } })
    expect(city.json.precision).toBe('city')
    expect(city.json.accuracyM).toBeGreaterThan(1000)
  })

  it('answers every bad address with a 4xx error envelope', async () => {
    const { key } = await createKey()
    for (const address of [
      'Nowhere St & Nothing Rd, Atlantis',
      '99999999 King St N',
      '&',
      'coin  et , ',
      ' / ',
      '#4-',
      'King St N & , Waterloo'.repeat(40),
    ]) {
      const res = await call('/api/v1/score', { key, body: { address } })
      expect(res.status, address).toBeGreaterThanOrEqual(400)
      expect(res.status, address).toBeLessThan(500)
      expect(res.json.error?.code, address).toBeTruthy()
    }
  })
})
