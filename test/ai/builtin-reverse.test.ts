// Issue 25: the built-in /ai/query names the site finder's points with the geodata store's nearest
// civic address, written with its street's display name; no address point near → coordinates, never
// an invented address.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createKey } from '../helpers/api'
import { fixtureCsv, loadFixture, pointOf, range, type FixtureStreet } from '../helpers/address-fixture'
import { loadStreetFixture, offset } from '../helpers/street-fixture'
import { REVERSE_MAX_DISTANCE_M, reverseGeocoderFor } from '../../src/services/reverse-geocoder'
import { LANDMARKS } from '../../src/services/ai/builtin/landmarks'
import { FRESH_ENV, aiCall } from './support'

const market = LANDMARKS.find((l) => l.label === 'Marché Jean-Talon')!
// A street through the market, running east, with civic numbers every 5 m on both sides.
const origin: [number, number] = offset([market.lat, market.lng], -400, 0)
const street: FixtureStreet = { street: 'Rue Fixture Ouest', city: 'Montréal', origin, bearingDeg: 90, numbers: range(1, 160) }
// Parallel streets every 100 m across the whole search area (the landmark's radius), so every point the
// site finder suggests, wherever the model puts it, lies within REVERSE_MAX_DISTANCE_M of a civic address.
const NAMES = 'Alpha Bravo Charlie Delta Echo Foxtrot Golf Hotel India Juliet Kilo Lima Mike November Oscar Papa'.split(' ')
const GRID = NAMES.map(
  (name, i): FixtureStreet => ({
    street: `Rue Fixture ${name}`,
    city: 'Montréal',
    origin: offset(origin, -400, (i < 8 ? i + 1 : 7 - i) * 100),
    bearingDeg: 90,
    numbers: range(1, 340),
  }),
)

beforeAll(async () => {
  await loadFixture(env.DB, 'ai-reverse-fixture', fixtureCsv([street, ...GRID]))
  await loadStreetFixture(env.DB, 'ai-reverse-streets', [
    { name: 'Rue Fixture Ouest', roadClass: 2, points: [origin, offset(origin, 900, 0)] },
  ])
})

describe('the store-backed reverse geocoder', () => {
  const reverse = reverseGeocoderFor(env)

  it('names a point by its nearest civic address, with the street as the source writes it', async () => {
    const p = pointOf(street, 80)
    const hit = await reverse.reverse(p.lat, p.lng, REVERSE_MAX_DISTANCE_M)
    expect(hit).toMatchObject({ address: '80 Rue Fixture Ouest, Montréal, QC', distanceM: 0 })
  })

  it('nothing within the distance: no name', async () => {
    const far = offset(origin, 0, 1500)
    expect(await reverse.reverse(far[0], far[1], REVERSE_MAX_DISTANCE_M)).toBeNull()
  })
})

describe('POST /api/v1/ai/query with the store loaded', () => {
  it('suggested points near civic addresses are named by them (precision address)', async () => {
    const { key } = await createKey('free')
    const query = 'Où mettre une enseigne pour ma boulangerie près du marché Jean-Talon?'
    const res = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    const locations: { precision: string; address: string }[] = res.json.geocodedLocations
    expect(locations.length).toBeGreaterThanOrEqual(1)
    // Every suggested point lies within the reverse distance of a fixture address: each is named by it.
    for (const l of locations) {
      expect(l.precision).toBe('address')
      expect(l.address).toMatch(/^\d+ Rue Fixture [\p{L} ]+, Montréal, QC$/u)
    }
  })
})
