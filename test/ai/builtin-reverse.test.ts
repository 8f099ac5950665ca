// Issue 25: the built-in /ai/query names the site finder's points with the geodata store's nearest
// civic address, written with its street's display name; no address point near → coordinates, never
// an invented address. Issue 31: a civic address names a point within 15 m of it; farther, the point is
// named by its street and a cross street (here from the address points: the fixture's grid streets have no centrelines).
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, createKey } from '../helpers/api'
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

  it('names a point at an address point by its civic address, with the street as the source writes it', async () => {
    const p = pointOf(street, 80)
    const hit = await reverse.reverse(p.lat, p.lng, REVERSE_MAX_DISTANCE_M)
    expect(hit).toMatchObject({ address: '80 Rue Fixture Ouest, Montréal, QC', distanceM: 0 })
  })

  it('between two fixture streets, 26 m from the nearest address: named by the street and the next one, not a civic number', async () => {
    const p = pointOf(street, 80)
    const [lat, lng] = offset([p.lat, p.lng], 0, 50)
    const hit = await reverse.reverse(lat, lng, REVERSE_MAX_DISTANCE_M)
    expect(hit).toMatchObject({ kind: 'street', place: 'Montréal, QC' })
    expect(hit!.address).toMatch(/^Rue Fixture [\p{L} ]+( near Rue Fixture [\p{L} ]+)?, Montréal, QC$/u)
  })

  it('nothing within the distance: no name', async () => {
    const far = offset(origin, 0, 1500)
    expect(await reverse.reverse(far[0], far[1], REVERSE_MAX_DISTANCE_M)).toBeNull()
  })
})

describe('POST /api/v1/ai/query with the store loaded', () => {
  it('suggested points are named by a civic address within 15 m (precision address), else by their streets', async () => {
    const { key } = await createKey('free')
    const query = 'Où mettre une enseigne pour ma boulangerie près du marché Jean-Talon?'
    const res = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    const locations: { precision: string; address: string; resolvedAddress: string; lat: number; lng: number }[] =
      res.json.geocodedLocations
    expect(locations.length).toBeGreaterThanOrEqual(1)
    // Every suggested point lies within 50 m of a fixture street's addresses: each is named, never left as coordinates alone.
    for (const l of locations) {
      if (l.precision === 'address') expect(l.address).toMatch(/^\d+ Rue Fixture [\p{L} ]+, Montréal, QC$/u)
      else {
        expect(l.precision).toBe('coordinates')
        expect(l.address).toBe(`${l.lat.toFixed(5)}, ${l.lng.toFixed(5)}`)
        expect(l.resolvedAddress).toMatch(/^Rue Fixture [\p{L} ]+( près de Rue Fixture [\p{L} ]+)?, Montréal, QC$/u)
      }
    }
  })

  it('each suggestion scores what POST /score answers at its coordinates (same service: streets in sight, counts)', async () => {
    const { key } = await createKey('free')
    const query = 'Où mettre une enseigne pour ma boulangerie près du marché Jean-Talon?'
    const res = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    const weights = res.json.suggestedWeights
    expect(weights).not.toBeNull()
    for (const l of res.json.geocodedLocations as { lat: number; lng: number; overallScore: number }[]) {
      const single = await call('/api/v1/score', { key, body: { lat: l.lat, lng: l.lng, weights } })
      expect(Math.abs(single.json.overallScore - l.overallScore)).toBeLessThanOrEqual(0.1)
    }
  })
})
