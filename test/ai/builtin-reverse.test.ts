// Issue 25: the built-in /ai/query names the site finder's points with the geodata store's nearest
// civic address, written with its street's display name; no address point near → coordinates, never
// an invented address. Issue 31: a civic address names a point within 15 m of it; farther, the point is
// named by its street and a cross street (here from the address points: the fixture's grid streets have no centrelines).
// The reverse geocoder itself on the same fixture: builtin-reverse.unit.test.ts (Node, the memory store).
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { call, createKey } from '../helpers/api'
import { loadFixture } from '../helpers/address-fixture'
import { loadStreetFixture } from '../helpers/street-fixture'
import { FRESH_ENV, aiCall } from './support'
import { ADDRESS_CSV, STREET_LINES } from './reverse-fixture'

beforeAll(async () => {
  await loadFixture(env.DB, 'ai-reverse-fixture', ADDRESS_CSV)
  await loadStreetFixture(env.DB, 'ai-reverse-streets', STREET_LINES)
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
