// Issue 25: the built-in provider answers /ai/query on a fresh machine (no key, no binding, no
// network), grounded in the engine's data: gazetteer, landmark table, geocoder, site finder.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { env } from 'cloudflare:workers'
import { createKey } from '../helpers/api'
import { loadStreetFixture } from '../helpers/street-fixture'
import { offlineGeocoder } from '../../src/services/geocoder'
import { builtinQuery } from '../../src/services/ai/builtin'
import type { ReverseGeocoder } from '../../src/services/reverse-geocoder'
import { noReverseGeocoder } from '../../src/services/reverse-geocoder'
import { LANDMARKS } from '../../src/services/ai/builtin/landmarks'
import { FRESH_ENV, aiCall, sumOf } from './support'

afterEach(() => vi.restoreAllMocks())

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180))

describe('POST /api/v1/ai/query with the built-in provider', () => {
  // The geodata store's Ottawa network around Bank & Somerset: the RNF vertices of streets-ottawa there
  // (names without type, class 3), as `npm run load:geodata` loads them.
  beforeAll(async () => {
    await loadStreetFixture(env.DB, 'ottawa', [
      {
        name: 'Bank',
        untyped: true,
        roadClass: 3,
        points: [
          [45.4167, -75.69754],
          [45.41603, -75.69699],
          [45.41535, -75.69641],
          [45.41472, -75.69582],
          [45.41407, -75.69525],
        ],
      },
      {
        name: 'Somerset',
        untyped: true,
        roadClass: 3,
        points: [
          [45.41702, -75.69235],
          [45.41621, -75.69434],
          [45.41535, -75.69641],
          [45.41494, -75.69741],
          [45.41465, -75.69811],
        ],
      },
    ])
  })

  it('a French question about a landmark: bakery weights, up to 3 scored points around marché Jean-Talon, no network', async () => {
    const { key } = await createKey('free')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const query = 'Où mettre une enseigne pour ma boulangerie près du marché Jean-Talon?'
    const res = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(res.json).toMatchObject({ intent: 'find_locations', city: 'Montréal', businessType: 'bakery', droppedAddresses: [] })
    expect(res.json.meta).toEqual({ provider: 'builtin', model: 'rules (no language model)', promptVersion: 'builtin-query-v1' })

    const market = LANDMARKS.find((l) => l.label === 'Marché Jean-Talon')!
    const locations = res.json.geocodedLocations
    expect(locations.length).toBeGreaterThanOrEqual(1)
    expect(locations.length).toBeLessThanOrEqual(3)
    expect(res.json.suggestedAddresses).toEqual(locations.map((l: any) => l.address))
    for (const l of locations) {
      expect(metres(l, market)).toBeLessThanOrEqual(market.radiusM + 1)
      // No address store answers here: points are given as coordinates, never as an invented address.
      expect(l.precision).toBe('coordinates')
      expect(l.address).toMatch(/^\d+\.\d{5}, -\d+\.\d{5}$/)
      expect(l.overallScore).toBeGreaterThan(0)
    }
    // Best first.
    const scores = locations.map((l: any) => l.overallScore)
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a))
    // The weights lean on walk-in customers and are a valid profile; the explanation cites the values it used.
    const w = res.json.suggestedWeights
    expect(Math.round(sumOf(w) * 1000)).toBe(1000)
    expect(w.pedestrian).toBeGreaterThan(w.vehicleTraffic)
    expect(res.json.explanation).toMatch(/sans modèle de langue/)
    expect(res.json.explanation).toMatch(/activité piétonne \d+\/100 \([\d\s\u202f]+ pedestrians\/day/)
    expect(res.json.explanation).toContain(`${locations[0].overallScore}`.replace('.', ','))
  })

  it('an English question about a city: the gazetteer city, car-oriented weights, a note that the search is city-wide', async () => {
    const { key } = await createKey('free')
    const res = await aiCall('/ai/query', {
      key,
      body: { query: 'Best spots for a pylon sign for my car dealership in Calgary' },
      env: FRESH_ENV,
    })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ intent: 'find_locations', city: 'Calgary', businessType: 'car-dealership' })
    expect(res.json.geocodedLocations).toHaveLength(3)
    expect(res.json.suggestedWeights.vehicleTraffic).toBeGreaterThan(res.json.suggestedWeights.pedestrian)
    expect(res.json.explanation).toMatch(/vehicle traffic \d+\/100 \([\d,]+ vehicles\/day/)
    expect(res.json.notes.join(' ')).toMatch(/gazetteer position of Calgary/)
  })

  it('score_location and compare score the addresses written, best named, with the precision our geocoder reached', async () => {
    const { key } = await createKey('free')
    const scored = await aiCall('/ai/query', {
      key,
      body: { query: 'How good is 100 Queen St W, Toronto, ON for a bookstore sign?' },
      env: FRESH_ENV,
    })
    expect(scored.status).toBe(200)
    expect(scored.json).toMatchObject({ intent: 'score_location', city: 'Toronto', businessType: 'bookstore' })
    expect(scored.json.geocodedLocations).toHaveLength(1)
    expect(scored.json.explanation).toContain(`scores ${scored.json.geocodedLocations[0].overallScore}`)

    const query = 'Compare 75 King St S, Waterloo and 50 Rideau St, Ottawa for a pharmacy'
    const compared = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    expect(compared.status).toBe(200)
    expect(compared.json).toMatchObject({ intent: 'compare', city: null, businessType: 'pharmacy' })
    const [waterloo, ottawa] = compared.json.geocodedLocations
    expect(waterloo.resolvedAddress).toMatch(/Waterloo/)
    expect(ottawa.resolvedAddress).toMatch(/Ottawa/)
    const best = waterloo.overallScore >= ottawa.overallScore ? waterloo : ottawa
    expect(compared.json.explanation).toContain(`Best of these: ${best.address}`)
  })

  it('an intersection located by our geocoder (Ottawa road network in the geodata store): scored there, and searched around', async () => {
    const { key } = await createKey('free')
    // "Bank" is a street here, not the business.
    const rated = await aiCall('/ai/query', {
      key,
      body: { query: 'Rate the corner of Bank and Somerset in Ottawa for a café' },
      env: FRESH_ENV,
    })
    expect(rated.status).toBe(200)
    expect(rated.json).toMatchObject({ intent: 'score_location', city: 'Ottawa', businessType: 'coffee-shop' })
    const [corner] = rated.json.geocodedLocations
    expect(corner).toMatchObject({ address: 'Bank & Somerset, Ottawa, ON', precision: 'intersection' })
    expect(corner.lat).toBeCloseTo(45.4154, 2)
    expect(corner.lng).toBeCloseTo(-75.6964, 2)

    const query = 'Where should a café near the corner of Bank and Somerset in Ottawa put its sign?'
    const found = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    expect(found.status).toBe(200)
    expect(found.json.geocodedLocations).toHaveLength(3)
    for (const l of found.json.geocodedLocations) expect(metres(l, corner)).toBeLessThanOrEqual(301)
    expect(found.json.explanation).toMatch(/around Bank & Somerset, Ottawa, ON/)
  })

  it('more than 3 addresses: 3 scored, the rest listed as over the limit', async () => {
    const { key } = await createKey('free')
    const query = 'Compare 100 Queen St W, Toronto, 220 Yonge St, Toronto, 5000 Yonge St, Toronto and 1 Dundas St W, Toronto for a bank'
    const res = await aiCall('/ai/query', { key, body: { query }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    expect(res.json.geocodedLocations).toHaveLength(3)
    expect(res.json.droppedAddresses).toEqual([{ address: '1 Dundas St W, Toronto', reason: 'over_limit' }])
  })
})

describe('built-in /ai/query names points with the reverse geocoder when it has an address', () => {
  it('a civic address near a point names it (precision address); none near → coordinates', async () => {
    const calls: number[] = []
    const reverse: ReverseGeocoder = {
      async reverse(lat, lng, maxDistanceM) {
        calls.push(maxDistanceM)
        return calls.length === 1 ? { address: '7070 av. Henri-Julien, Montréal, QC', lat, lng, distanceM: 12 } : null
      },
    }
    const answer = await builtinQuery(
      'Where should a bakery near the Jean-Talon market in Montreal put its sign?',
      offlineGeocoder,
      reverse,
    )
    expect(answer.geocodedLocations.length).toBeGreaterThanOrEqual(2)
    expect(answer.geocodedLocations[0]).toMatchObject({ address: '7070 av. Henri-Julien, Montréal, QC', precision: 'address' })
    expect(answer.geocodedLocations[0].resolvedAddress).toMatch(/12 m from the scored point/)
    expect(answer.geocodedLocations[1].precision).toBe('coordinates')
    expect(answer.suggestedAddresses[0]).toBe('7070 av. Henri-Julien, Montréal, QC')
  })

  it('a failing reverse geocoder costs only the names', async () => {
    const broken: ReverseGeocoder = {
      reverse: async () => {
        throw new Error('D1_ERROR: no such table')
      },
    }
    const withBroken = await builtinQuery('Where should a bakery in Montreal put a sign?', offlineGeocoder, broken)
    const without = await builtinQuery('Where should a bakery in Montreal put a sign?', offlineGeocoder, noReverseGeocoder)
    expect(withBroken.geocodedLocations).toEqual(without.geocodedLocations)
    expect(withBroken.geocodedLocations.length).toBe(3)
  })
})
