import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import sampleGeoJson from '../../scripts/data/sample-pois.geojson?raw'
import { CANADA, parseGeoJson, parseCsv, poiUpsertStatements } from '../../scripts/lib/pois.mjs'
import { CANADA_BOUNDS } from '../../src/geo/geodata'
import { call, createKey, expectError } from '../helpers/api'

const QUEEN_SPADINA = { lat: 43.6487, lng: -79.3962 }
const RURAL_SASKATCHEWAN = { lat: 55.5, lng: -105.5 }
let enterprise: string

/** Loads rows the way `npm run import:pois` does: the same upsert SQL, executed on the test D1. */
async function load(rows: ReturnType<typeof parseGeoJson>['rows']) {
  const statements = poiUpsertStatements(rows, { importedAt: new Date().toISOString(), newId: () => crypto.randomUUID() })
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)))
}

beforeAll(async () => {
  await load(parseGeoJson(sampleGeoJson).rows)
  enterprise = (await createKey('enterprise')).key
})

const search = (body: unknown, key = enterprise) => call('/api/v1/prospects', { key, body })

describe('POST /api/v1/prospects', () => {
  it('enterprise → 200: prospects near a point, with name/address/type/distance/nearbyScore, best score first', async () => {
    const res = await search({ ...QUEEN_SPADINA })
    expect(res.status).toBe(200)
    expect(res.json.radiusKm).toBe(5) // spec default
    const prospects = res.json.prospects
    expect(prospects.length).toBeGreaterThanOrEqual(10)
    for (const p of prospects) {
      expect(p).toMatchObject({ name: expect.any(String), address: expect.any(String), type: expect.any(String), source: 'sample' })
      expect(p.distanceKm).toBeLessThanOrEqual(5)
      expect(p.nearbyScore).toBeGreaterThanOrEqual(0)
    }
    for (let i = 1; i < prospects.length; i++) {
      const [a, b] = [prospects[i - 1], prospects[i]]
      expect(a.nearbyScore > b.nearbyScore || (a.nearbyScore === b.nearbyScore && a.distanceKm <= b.distanceKm)).toBe(true)
    }
    expect(prospects.map((p: { name: string }) => p.name)).not.toContain('Maplewood Family Dental') // Brampton, 30 km away
  })

  it('{} (every field is optional) → 200: the best-scored prospects of the whole store, best first', async () => {
    const res = await search({})
    expect(res.status).toBe(200)
    expect(res.json.center).toBeNull()
    expect(res.json.radiusKm).toBeNull()
    const prospects = res.json.prospects
    expect(prospects.length).toBeGreaterThanOrEqual(10)
    expect(prospects.length).toBeLessThanOrEqual(res.json.limit)
    for (const p of prospects) expect(p.distanceKm).toBeNull()
    for (let i = 1; i < prospects.length; i++) expect(prospects[i - 1].nearbyScore).toBeGreaterThanOrEqual(prospects[i].nearbyScore)
    // The whole store: businesses far apart (Toronto core and Brampton) both qualify.
    const names = prospects.map((p: { name: string }) => p.name)
    expect(names).toContain('Maplewood Family Dental')
  })

  it('businessType alone searches the whole store for that type', async () => {
    const res = await search({ businessType: 'restaurant' })
    expect(res.status).toBe(200)
    expect(res.json.prospects.length).toBeGreaterThan(0)
    for (const p of res.json.prospects) expect(p.type).toBe('restaurant')
  })

  it("nearbyScore is the overall score at the prospect's location (default weights)", async () => {
    const res = await search({ ...QUEEN_SPADINA, radiusKm: 1 })
    const p = res.json.prospects[0]
    const score = await call('/api/v1/score', { key: enterprise, body: { lat: p.lat, lng: p.lng, address: p.address } })
    expect(p.nearbyScore).toBe(score.json.overallScore)
    expect(p.grade).toBe(score.json.grade)
  })

  it('radius filter: a smaller radius returns a subset, all within it', async () => {
    const wide = await search({ ...QUEEN_SPADINA, radiusKm: 5 })
    const narrow = await search({ ...QUEEN_SPADINA, radiusKm: 0.8 })
    expect(narrow.json.prospects.length).toBeGreaterThan(0)
    expect(narrow.json.prospects.length).toBeLessThan(wide.json.prospects.length)
    for (const p of narrow.json.prospects) expect(p.distanceKm).toBeLessThanOrEqual(0.8)
  })

  it('businessType filter: case-insensitive, plural accepted', async () => {
    const res = await search({ ...QUEEN_SPADINA, businessType: 'Restaurants' })
    expect(res.json.prospects.length).toBeGreaterThanOrEqual(3)
    for (const p of res.json.prospects) expect(p.type).toBe('restaurant')
  })

  it('city centre via our geocoder (Montréal, accents kept)', async () => {
    const res = await search({ city: 'Montréal, QC', radiusKm: 10 })
    expect(res.status).toBe(200)
    expect(res.json.prospects.map((p: { name: string }) => p.name)).toContain('Café du Plateau')
  })

  it('nothing nearby → 200 with an empty array', async () => {
    const res = await search({ ...RURAL_SASKATCHEWAN, radiusKm: 50 })
    expect(res.status).toBe(200)
    expect(res.json.prospects).toEqual([])
    expect((await search({ ...QUEEN_SPADINA, businessType: 'submarine_dealer' })).json.prospects).toEqual([])
  })

  it('caps at 100 prospects', async () => {
    const centre = { lat: 46.8139, lng: -71.208 } // Québec City
    const rows = Array.from({ length: 130 }, (_, i) => ({
      source: 'test',
      sourceId: `cap-${i}`,
      name: `Shop ${i}`,
      address: '',
      type: 'convenience',
      lat: centre.lat + (i % 13) * 0.001,
      lng: centre.lng + Math.floor(i / 13) * 0.001,
    }))
    await load(rows)
    const res = await search({ ...centre, radiusKm: 3 })
    expect(res.json.prospects).toHaveLength(100)
    expect(res.json.limit).toBe(100)
  })

  describe('errors', () => {
    it('scale key → 403; pro and free too', async () => {
      for (const plan of ['scale', 'pro', 'free'] as const) {
        const { key } = await createKey(plan)
        expect(expectError(await search({ ...QUEEN_SPADINA }, key), 403, 'FORBIDDEN').message).toMatch(/Enterprise/)
      }
    })

    it('city not found → 400 on city', async () => {
      expect(expectError(await search({ city: 'Atlantis Nowhereville' }), 400, 'BAD_REQUEST').details?.[0].path).toBe('city')
    })

    it('half a pair, radius out of range → 400', async () => {
      for (const body of [
        { lat: 43.6 },
        { ...QUEEN_SPADINA, radiusKm: 0 },
        { ...QUEEN_SPADINA, radiusKm: 51 },
        { ...QUEEN_SPADINA, radiusKm: '5' },
        { lat: 10, lng: 10 },
      ]) {
        expectError(await search(body), 400, 'BAD_REQUEST')
      }
    })

    it('no key → 401', async () => {
      expectError(await call('/api/v1/prospects', { body: { ...QUEEN_SPADINA } }), 401, 'UNAUTHORIZED')
    })
  })
})

describe('POI import parsing (scripts/lib/pois.mjs)', () => {
  it("keeps the API's Canada bounds (a plain Node script cannot import src/geo)", () => expect(CANADA).toEqual(CANADA_BOUNDS))

  it('reads the OSM-style sample: tags → type and address, polygons → a point, skips unnamed and non-Canadian', () => {
    const { rows, skipped } = parseGeoJson(sampleGeoJson)
    expect(rows).toHaveLength(30)
    expect(skipped).toEqual(['no name', 'outside Canada: Manhattan Deli (outside Canada)'])
    expect(rows.find((r) => r.name === 'Spadina Garden Centre')).toMatchObject({ type: 'garden_centre', lat: 43.6532, lng: -79.3973 })
    expect(rows.find((r) => r.name === 'Ste-Catherine Boulangerie')).toMatchObject({
      type: 'bakery',
      address: '1250 Rue Sainte-Catherine Ouest, Montréal, QC H3G 1P1',
      source: 'sample',
    })
  })

  it('reads CSV with quotes, commas and apostrophes; the SQL escapes them', async () => {
    const csv =
      'name,address,type,lat,lng\n"Tim\'s ""Best"" Donuts","12 King St W, Toronto, ON",Cafe,43.6487,-79.3790\nNo ' + 'coords,x,cafe,,\n'
    const { rows, skipped } = parseCsv(csv, 'csv:test.csv')
    expect(rows).toEqual([
      {
        source: 'csv:test.csv',
        sourceId: '43.648700,-79.379000:tim\'s "best" donuts',
        name: 'Tim\'s "Best" Donuts',
        address: '12 King St W, Toronto, ON',
        type: 'cafe',
        lat: 43.6487,
        lng: -79.379,
      },
    ])
    expect(skipped).toHaveLength(1)
    await load(rows)
    await load(rows) // re-import updates in place
    const found = await env.DB.prepare('SELECT count(*) AS n FROM pois WHERE name = ?').bind('Tim\'s "Best" Donuts').first<{ n: number }>()
    expect(found?.n).toBe(1)
  })

  it('rejects a CSV without the required columns', () => {
    expect(() => parseCsv('title,x\nfoo,1\n')).toThrow(/name, lat and lng/)
  })
})
