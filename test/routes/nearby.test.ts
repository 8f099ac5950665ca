import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { call, createKey, expectError } from '../helpers/api'
import { distanceKm } from '../../src/geo/geodata/text'
import { GRADES, gradeFor } from '../../src/scoring'
import { loadStreetFixture, offset } from '../helpers/street-fixture'

const RIDEAU = '50 Rideau St, Ottawa, ON K1N 9J7'
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000

/** Lattice points (i, j) with (i² + j²)·spacing² ≤ radius², counted independently of the service. */
function latticeCount(radiusM: number, spacingM: number) {
  const n = Math.floor(radiusM / spacingM)
  let count = 0
  for (let i = -n; i <= n; i++) for (let j = -n; j <= n; j++) if ((i * spacingM) ** 2 + (j * spacingM) ** 2 <= radiusM ** 2) count++
  return count
}

async function monthUsage(userId: string) {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`))
  return (await stub.usage(Date.now())).used
}

async function setMonthUsage(userId: string, used: number) {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`))
  const month = new Date().toISOString().slice(0, 7)
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.put(`month:${month}`, used)
  })
}

describe('POST /api/v1/score/nearby (site finder)', () => {
  let pro: Awaited<ReturnType<typeof createKey>>
  let search: any

  beforeAll(async () => {
    pro = await createKey('pro')
    const res = await call('/api/v1/score/nearby', { key: pro.key, body: { address: RIDEAU, radiusM: 500, spacingM: 50, limit: 5 } })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    search = res.json
  })

  it('is for Pro and above: a Free key gets 403, JSON and SVG alike', async () => {
    const free = await createKey('free')
    expectError(await call('/api/v1/score/nearby', { key: free.key, body: { address: RIDEAU } }), 403, 'FORBIDDEN')
    expectError(await call(`/api/v1/score/nearby.svg?address=${encodeURIComponent(RIDEAU)}`, { key: free.key }), 403, 'FORBIDDEN')
    for (const plan of ['scale', 'enterprise'] as const) {
      const { key } = await createKey(plan)
      expect((await call('/api/v1/score/nearby', { key, body: { lat: 45.4257, lng: -75.6919, radiusM: 100 } })).status).toBe(200)
    }
  })

  it('never ranks a best point below the centre, whatever the centre', async () => {
    expect(search.best[0].result.overallScore).toBeGreaterThanOrEqual(search.centre.overallScore)
    for (const body of [
      { address: '15 Maple Crescent, Oakville, ON L6J 2A1' },
      { lat: 49.2827, lng: -123.1207 },
      { address: 'Rimouski, QC G5L', radiusM: 2000, spacingM: 100 },
    ]) {
      const res = await call('/api/v1/score/nearby', { key: pro.key, body })
      expect(res.status).toBe(200)
      expect(res.json.best[0].result.overallScore).toBeGreaterThanOrEqual(res.json.centre.overallScore)
      expect(Math.max(...res.json.grid.features.map((f: any) => f.properties.overallScore))).toBe(res.json.best[0].result.overallScore)
    }
  })

  it('scores every lattice point inside the circle, each once', async () => {
    expect(search.gridPoints).toBe(latticeCount(500, 50))
    expect(search.grid.features).toHaveLength(search.gridPoints)
    const seen = new Set<string>()
    for (const f of search.grid.features) {
      const [lng, lat] = f.geometry.coordinates
      expect(metres(search.centre, { lat, lng })).toBeLessThanOrEqual(500 + 1)
      expect(GRADES).toContain(f.properties.grade)
      expect(f.properties.grade).toBe(gradeFor(f.properties.overallScore))
      seen.add(`${lat},${lng}`)
    }
    expect(seen.size).toBe(search.gridPoints)
  })

  it('returns `limit` best points, best first, at least 2 × spacing apart, with distance and bearing', async () => {
    expect(search.best).toHaveLength(5)
    expect(search.best.map((b: any) => b.rank)).toEqual([1, 2, 3, 4, 5])
    const scores = search.best.map((b: any) => b.result.overallScore)
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a))
    for (const [i, a] of search.best.entries()) {
      for (const b of search.best.slice(i + 1)) expect(metres(a.result, b.result)).toBeGreaterThanOrEqual(2 * 50 - 0.5)
      expect(Math.abs(a.distanceM - metres(search.centre, a.result))).toBeLessThanOrEqual(1)
      expect(a.bearingDeg).toBeGreaterThanOrEqual(0)
      expect(a.bearingDeg).toBeLessThanOrEqual(360)
    }
    const other = await call('/api/v1/score/nearby', { key: pro.key, body: { address: RIDEAU, radiusM: 300, spacingM: 25, limit: 12 } })
    expect(other.json.best.length).toBeLessThanOrEqual(12)
    for (const [i, a] of other.json.best.entries())
      for (const b of other.json.best.slice(i + 1)) expect(metres(a.result, b.result)).toBeGreaterThanOrEqual(2 * 25 - 0.5)
  })

  it('gives bearings that point the right way', async () => {
    const res = await call('/api/v1/score/nearby', {
      key: pro.key,
      body: { lat: 45.4257, lng: -75.6919, radiusM: 400, spacingM: 100, limit: 20 },
    })
    for (const b of res.json.best) {
      if (b.distanceM === 0) continue
      const north = b.result.lat - 45.4257
      const east = b.result.lng - -75.6919
      const expected = ((Math.atan2(east * Math.cos((45.4257 * Math.PI) / 180), north) * 180) / Math.PI + 360) % 360
      expect(Math.abs(((b.bearingDeg - expected + 540) % 360) - 180)).toBeLessThanOrEqual(1)
    }
  })

  it('keeps the centre’s geocoded result; a best point scores the same when re-scored by its coordinates', async () => {
    const single = await call('/api/v1/score', { key: pro.key, body: { address: RIDEAU } })
    expect(search.centre).toEqual(single.json)
    const faraway = search.best.find((b: any) => b.distanceM > 0)
    expect(faraway.result.precision).toBe('coordinates')
    const rescored = await call('/api/v1/score', { key: pro.key, body: { lat: faraway.result.lat, lng: faraway.result.lng } })
    expect(rescored.json.overallScore).toBe(faraway.result.overallScore)
  })

  // The grid is the engine alone; POST /score also reads the geodata store (none is loaded near this centre in this
  // file), so here they agree exactly. Where the store holds streets, best points are re-scored: point-names.test.ts.
  it('scores grid points as POST /score scores the same coordinates where the store holds nothing near', async () => {
    const features = search.grid.features
    for (const f of [features[0], features[Math.floor(features.length / 3)], features[features.length - 1]]) {
      const [lng, lat] = f.geometry.coordinates
      const single = await call('/api/v1/score', { key: pro.key, body: { lat, lng } })
      expect(f.properties.overallScore).toBe(single.json.overallScore)
      expect(f.properties.grade).toBe(single.json.grade)
    }
  })

  it('is deterministic', async () => {
    const again = await call('/api/v1/score/nearby', { key: pro.key, body: { address: RIDEAU, radiusM: 500, spacingM: 50, limit: 5 } })
    expect(again.json).toEqual(search)
  })

  it('applies custom weights to the grid', async () => {
    const weights = { vehicleTraffic: 0, roadClass: 0, populationDensity: 1, income: 0, poiDensity: 0, pedestrian: 0, transit: 0 }
    const res = await call('/api/v1/score/nearby', { key: pro.key, body: { address: RIDEAU, radiusM: 200, weights } })
    expect(res.json.best[0].result.factorScores.populationDensity.weight).toBe(1)
    expect(res.json.best[0].result.overallScore).toBe(res.json.best[0].result.factorScores.populationDensity.score)
  })

  it('refuses a grid over 10,000 points with the computed count, before charging for it', async () => {
    const { key, userId } = await createKey('pro')
    const res = await call('/api/v1/score/nearby', { key, body: { address: RIDEAU, radiusM: 2000, spacingM: 25 } })
    const error = expectError(res, 400, 'BAD_REQUEST')
    expect(error.message).toContain(latticeCount(2000, 25).toLocaleString('en-CA'))
    expect(error.details?.[0].path).toBe('spacingM')
    expect(await monthUsage(userId)).toBe(1)
    // Just under the cap is fine.
    expect(latticeCount(2000, 36)).toBeLessThanOrEqual(10_000)
    expect((await call('/api/v1/score/nearby', { key, body: { address: RIDEAU, radiusM: 2000, spacingM: 36, limit: 1 } })).status).toBe(200)
  })

  it('refuses a centre located only to a city (400) and says what to give instead', async () => {
    const error = expectError(await call('/api/v1/score/nearby', { key: pro.key, body: { address: 'Rimouski, QC' } }), 400, 'BAD_REQUEST')
    expect(error.message).toMatch(/located only to a city .*postal code or lat\/lng/)
    expect(error.details).toEqual([{ path: 'address', message: error.message }])
  })

  it('validates its inputs with 400s', async () => {
    for (const body of [
      {},
      { address: RIDEAU, radiusM: 49 },
      { address: RIDEAU, radiusM: 2001 },
      { address: RIDEAU, spacingM: 24 },
      { address: RIDEAU, limit: 0 },
      { address: RIDEAU, limit: 21 },
      { lat: 45.4 },
      { lat: 40, lng: -75 },
      { address: 'nowhere at all' },
    ]) {
      expectError(await call('/api/v1/score/nearby', { key: pro.key, body }), 400, 'BAD_REQUEST')
    }
  })

  it('charges the request plus one quota unit per started 100 grid points; refuses up front when they do not fit', async () => {
    const { key, userId } = await createKey('pro')
    const res = await call('/api/v1/score/nearby', { key, body: { address: RIDEAU, radiusM: 500, spacingM: 50 } })
    const units = 1 + Math.ceil(res.json.gridPoints / 100)
    expect(res.json.quotaUnits).toBe(units)
    expect(await monthUsage(userId)).toBe(units)
    expect(Number(res.headers.get('x-quota-remaining'))).toBe(50_000 - units)

    // Leave fewer units than the search needs: 429 with the count needed, and nothing charged.
    const left = units - 2
    await setMonthUsage(userId, 50_000 - left)
    const refused = await call('/api/v1/score/nearby', { key, body: { address: RIDEAU, radiusM: 500, spacingM: 50 } })
    const error = expectError(refused, 429, 'QUOTA_EXCEEDED')
    expect(error.message).toContain(`needs ${units} quota units`)
    expect(error.message).toContain(`${left} remain`)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await monthUsage(userId)).toBe(50_000 - left)
    // A smaller search that fits still runs.
    const small = await call('/api/v1/score/nearby', { key, body: { address: RIDEAU, radiusM: 50, spacingM: 50 } })
    expect(small.status).toBe(200)
    expect(await monthUsage(userId)).toBe(50_000 - left + small.json.quotaUnits)
  })
})

describe('GET /api/v1/score/nearby.svg', () => {
  it('draws a self-contained heat map: one cell per grid point, centre, numbered best points, legend, scale bar', async () => {
    const { key } = await createKey('pro')
    const json = await call('/api/v1/score/nearby', { key, body: { address: RIDEAU, radiusM: 300, spacingM: 25, limit: 4 } })
    const res = await call(`/api/v1/score/nearby.svg?address=${encodeURIComponent(RIDEAU)}&radiusM=300&spacingM=25&limit=4`, { key })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    const svg = res.text
    expect(svg).toMatch(/^<\?xml[^>]*\?>\s*<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg.trim().endsWith('</svg>')).toBe(true)
    expect(svg).not.toMatch(/<script|href=|url\(http|@import/i)
    const cellGroups = [...svg.matchAll(/<g fill="#[0-9a-f]{6}">(.*?)<\/g>/g)]
    const cells = cellGroups.reduce((n, m) => n + (m[1].match(/<rect /g)?.length ?? 0), 0)
    expect(cells).toBe(json.json.gridPoints)
    for (let rank = 1; rank <= json.json.best.length; rank++) expect(svg).toMatch(new RegExp(`class="b"[^>]*>${rank}</text>`))
    for (const grade of GRADES) expect(svg).toContain(`>${grade} `)
    expect(svg).toMatch(/>\d+ m<\/text>/)
    expect(svg).toContain('Centre')
  })

  it('escapes text it prints', async () => {
    const { key } = await createKey('pro')
    const res = await call(
      `/api/v1/score/nearby.svg?lat=45.4257&lng=-75.6919&radiusM=100&address=${encodeURIComponent('<script>alert(1)</script> & "co"')}`,
      { key },
    )
    expect(res.status).toBe(200)
    expect(res.text).not.toContain('<script>')
    expect(res.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;')
  })

  it('validates the query with 400s', async () => {
    const { key } = await createKey('pro')
    for (const q of [
      '',
      'lat=45.4',
      'address=Ottawa%2C%20ON&radiusM=abc',
      'address=Ottawa%2C%20ON&radiusM=2000&spacingM=25',
      'lat=10&lng=10',
    ]) {
      expectError(await call(`/api/v1/score/nearby.svg?${q}`, { key }), 400, 'BAD_REQUEST')
    }
  })
})

describe('POST /api/v1/score/nearby names its best points (issue 31)', () => {
  // Two fixture streets crossing at the centre: every point within 100 m lies within 71 m of one of them.
  const CENTRE: [number, number] = [45.4042, -71.8929]
  beforeAll(async () => {
    await loadStreetFixture(env.DB, 'nearby-names', [
      { name: 'Rue Fixture Nord', roadClass: 3, points: [offset(CENTRE, -400, 0), offset(CENTRE, 400, 0)] },
      { name: 'Rue Fixture Croix', roadClass: 2, points: [offset(CENTRE, 0, -400), offset(CENTRE, 0, 400)] },
    ])
  })

  it('each best point is named by its street and the cross street, in name and in result.address', async () => {
    const { key } = await createKey('pro')
    const res = await call('/api/v1/score/nearby', {
      key,
      body: { lat: CENTRE[0], lng: CENTRE[1], radiusM: 100, spacingM: 25, limit: 3 },
    })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    expect(res.json.best.length).toBeGreaterThanOrEqual(2)
    for (const b of res.json.best) {
      expect(b.name).toMatch(/^Rue Fixture (Nord|Croix)( near Rue Fixture (Nord|Croix))?, Sherbrooke, QC$/)
      expect(b.result.address).toBe(b.name)
    }
    // The centre stands where the two meet: its name says both.
    const atCentre = res.json.best.find((b: { distanceM: number }) => b.distanceM === 0)
    if (atCentre) expect(atCentre.name).toMatch(/ near /)
  })

  it('where the store knows no street or address: null, not a distance from a city', async () => {
    const { key } = await createKey('pro')
    const res = await call('/api/v1/score/nearby', { key, body: { lat: 48.4284, lng: -89.2477, radiusM: 100, spacingM: 50, limit: 2 } })
    expect(res.status).toBe(200)
    for (const b of res.json.best) expect(b.name).toBeNull()
  })
})
