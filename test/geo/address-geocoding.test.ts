// POST /score with civic geocoding from the address store in D1 (the fixture loaded by the importer's own
// SQL): the precision and radius of an address point, and a 4xx envelope for every bad address. The
// geocoding itself is tested in Node on the same fixture: address-geocoding.unit.test.ts.
import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { accuracyOf } from '../../src/geo/geodata/accuracy'
import { call, createKey } from '../helpers/api'
import { fixtureCsv, loadFixture } from '../helpers/address-fixture'
import { ALL } from '../helpers/civic-fixture'

beforeAll(async () => {
  await loadFixture(env.DB, 'fixture', fixtureCsv(ALL))
})

describe('POST /score with civic geocoding', () => {
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
