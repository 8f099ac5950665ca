// The geocoder service (services/geocoder.ts) and scoreLocation's geocoding, in Node: the live HTTP geocoder
// with an injected fetch, the choice of geocoder, the KV cache in front of the chain (on a KV in memory,
// test/helpers/memory-kv.ts), and scoring on an empty geodata store (the memory adapter).
import { describe, it, expect } from 'vitest'
import { createHttpGeocoder, geocodeCacheKey, geocoderFor, offlineGeocoder, withKvCache, type Geocoder } from '../../src/services/geocoder'
import { scoreLocation } from '../../src/services/scoring'
import { ApiError } from '../../src/errors'
import { memoryKv } from '../helpers/memory-kv'
import { memoryStore } from '../helpers/memory-store'

const empty = memoryStore().env
const mockFetch = (handler: (url: URL) => Response | Promise<Response>) => {
  const calls: URL[] = []
  const fn = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input))
    calls.push(url)
    return handler(url)
  }) as typeof fetch
  return { fn, calls }
}

describe('live HTTP geocoder (mocked fetch)', () => {
  it('queries a Nominatim-compatible API restricted to Canada and keeps our street parse', async () => {
    const { fn, calls } = mockFetch(() => Response.json([{ lat: '43.65234', lon: '-79.38312', display_name: 'Toronto City Hall' }]))
    const geocoder = createHttpGeocoder({ url: 'https://geo.example/search', apiKey: 'k1', fetch: fn })
    const result = await geocoder.geocode('100 Queen St W, Toronto, ON M5H 2N2')
    expect(calls[0].searchParams.get('q')).toBe('100 Queen St W, Toronto, ON M5H 2N2')
    expect(calls[0].searchParams.get('countrycodes')).toBe('ca')
    expect(result).toMatchObject({
      lat: 43.65234,
      lng: -79.38312,
      precision: 'coordinates',
      street: { name: 'Queen', type: 'St' },
      province: 'ON',
    })
  })

  it('falls back to offline on HTTP errors, exceptions, empty or out-of-Canada answers', async () => {
    for (const handler of [
      () => new Response('nope', { status: 503 }),
      () => {
        throw new TypeError('network down')
      },
      () => Response.json([]),
      () => Response.json([{ lat: '40.7', lon: '-74.0' }]),
      () => new Response('not json', { status: 200 }),
    ]) {
      const geocoder = createHttpGeocoder({ url: 'https://geo.example/search', fetch: mockFetch(handler).fn })
      const result = await geocoder.geocode('100 Queen St W, Toronto, ON M5H 2N2')
      expect(result?.precision).toBe('postal_code')
    }
  })

  it('geocoderFor picks offline without GEOCODER_URL nor a geodata store', () => {
    // Bindings as tokens: geocoderFor only chooses (the chain reads them when it geocodes).
    const KEYS = {} as KVNamespace
    expect(geocoderFor({ KEYS })).toBe(offlineGeocoder)
    expect(geocoderFor({ KEYS, DB: {} as D1Database })).not.toBe(offlineGeocoder)
    expect(geocoderFor({ KEYS, geodata: memoryStore().store })).not.toBe(offlineGeocoder)
    expect(geocoderFor({ KEYS, GEOCODER_URL: 'https://geo.example/search' })).not.toBe(offlineGeocoder)
  })
})

describe('KV cache', () => {
  const { kv: KEYS } = memoryKv()
  it('caches successful results under geocode: for later calls', async () => {
    let calls = 0
    const inner: Geocoder = {
      geocode: async (a) => {
        calls++
        return offlineGeocoder.geocode(a)
      },
    }
    const cached = withKvCache(inner, KEYS)
    const address = `  1 Yonge St,   Toronto ON M5E 1W7 #${Math.random()}`
    const first = await cached.geocode(address)
    const second = await cached.geocode(address.toUpperCase())
    expect(calls).toBe(1)
    expect(second).toEqual(first)
    const key = await geocodeCacheKey(address)
    expect(key.startsWith('geocode:')).toBe(true)
    expect(await KEYS.get(key, 'json')).toEqual(first)
  })

  it('does not cache failures and hashes very long keys', async () => {
    let calls = 0
    const cached = withKvCache(
      {
        geocode: async () => {
          calls++
          return null
        },
      },
      KEYS,
    )
    await cached.geocode('Atlantis')
    await cached.geocode('Atlantis')
    expect(calls).toBe(2)
    expect(await geocodeCacheKey('x'.repeat(600))).toMatch(/^geocode:sha256:[0-9a-f]{64}$/)
  })
})

describe('scoreLocation', () => {
  it('throws BAD_REQUEST "could not geocode" with the address', async () => {
    const error = await scoreLocation(empty, { address: 'Gotham City' }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error.code).toBe('BAD_REQUEST')
    expect(error.message).toMatch(/^could not geocode "Gotham City"/)
  })

  it('uses an injected geocoder (e.g. the live one) and keeps coordinates when both are given', async () => {
    const geocoder: Geocoder = {
      geocode: async () => ({ lat: 45.5, lng: -73.57, precision: 'coordinates', accuracyM: 30, address: 'stub' }),
    }
    expect((await scoreLocation(empty, { address: 'anything' }, undefined, { geocoder })).address).toBe('stub')
    const both = await scoreLocation(empty, { address: '977 rue Sainte-Catherine O, Montréal', lat: 45.5, lng: -73.57 })
    expect(both.address).toBe('977 rue Sainte-Catherine O, Montréal')
    expect(both.factorScores.roadClass.raw.method).toMatch(/^street-/)
  })
})
