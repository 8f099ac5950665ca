// Issue 31 item 5: a coordinate result names its point, wherever it is scored: POST /score, compare, batch and
// the site finder's best points carry the civic address within 15 m, else the nearest street and its cross
// street ("Rue Fixture Nord near Rue Fixture Croix, Sherbrooke, QC"), never the coordinates where a street is
// known. And the site finder's best points are scored by POST /score's own service: re-scoring one by its
// coordinates gives the same score (the streets in sight and the counted streets included).
import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, createKey } from '../helpers/api'
import { loadStreetFixture, offset } from '../helpers/street-fixture'

// Two fixture streets crossing at the centre, and a third 300 m north: a grid around the centre sees one,
// two or no streets, so the streets in sight move scores from point to point.
const CENTRE: [number, number] = [45.3968, -71.9012]
const ON_NORD = offset(CENTRE, 120, 0)
const NOWHERE: [number, number] = [48.4284, -89.2477]
const NAMED = /^Rue Fixture (Nord|Croix|Haute)( near Rue Fixture (Nord|Croix|Haute))?, Sherbrooke, QC$/

let key: string
beforeAll(async () => {
  await loadStreetFixture(env.DB, 'point-names', [
    { name: 'Rue Fixture Nord', roadClass: 4, points: [offset(CENTRE, -600, 0), offset(CENTRE, 600, 0)] },
    { name: 'Rue Fixture Croix', roadClass: 3, points: [offset(CENTRE, 0, -600), offset(CENTRE, 0, 600)] },
    { name: 'Rue Fixture Haute', roadClass: 2, points: [offset(CENTRE, -600, 300), offset(CENTRE, 600, 300)] },
  ])
  key = (await createKey('pro')).key
})

const score = (body: unknown) => call('/api/v1/score', { key, body })

describe('a coordinate result names its street (issue 31 item 5)', () => {
  it('POST /score with lat/lng: the nearest street and the cross street that meets it', async () => {
    const res = await score({ lat: ON_NORD[0], lng: ON_NORD[1] })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    expect(res.json.address).toBe('Rue Fixture Nord near Rue Fixture Croix, Sherbrooke, QC')
    expect(res.json.precision).toBe('coordinates')
  })

  it('an address given with the coordinates stays the display address', async () => {
    const res = await score({ lat: ON_NORD[0], lng: ON_NORD[1], address: '10 Rue Fixture Nord, Sherbrooke, QC' })
    expect(res.json.address).toBe('10 Rue Fixture Nord, Sherbrooke, QC')
  })

  it('where the store knows no street: the coordinates, not a distance from a city', async () => {
    const res = await score({ lat: NOWHERE[0], lng: NOWHERE[1] })
    expect(res.json.address).toBe(`${NOWHERE[0].toFixed(5)}, ${NOWHERE[1].toFixed(5)}`)
  })

  it('batch and compare name the same point the same way', async () => {
    const batch = await call('/api/v1/score/batch', { key, body: { locations: [{ lat: ON_NORD[0], lng: ON_NORD[1] }] } })
    expect(batch.json.results[0].result.address).toBe('Rue Fixture Nord near Rue Fixture Croix, Sherbrooke, QC')
    const other = offset(CENTRE, 0, 300)
    const compare = await call('/api/v1/compare', {
      key,
      body: {
        locations: [
          { lat: ON_NORD[0], lng: ON_NORD[1] },
          { lat: other[0], lng: other[1] },
        ],
      },
    })
    expect(compare.status, compare.text.slice(0, 300)).toBe(200)
    for (const r of compare.json.results) expect(r.address).toMatch(NAMED)
  })
})

describe('the site finder scores its best points as POST /score does', () => {
  let search: any
  beforeAll(async () => {
    const at = offset(CENTRE, 90, 140)
    const res = await call('/api/v1/score/nearby', { key, body: { lat: at[0], lng: at[1], radiusM: 400, spacingM: 50, limit: 5 } })
    expect(res.status, res.text.slice(0, 300)).toBe(200)
    search = res.json
  })

  it('every best point re-scored by its coordinates through POST /score: the same score (|Δ| ≤ 0.1) and name', async () => {
    expect(search.best.length).toBe(5)
    for (const b of search.best) {
      const single = await score({ lat: b.result.lat, lng: b.result.lng })
      expect(Math.abs(single.json.overallScore - b.result.overallScore)).toBeLessThanOrEqual(0.1)
      expect(b.result.address).toBe(single.json.address)
    }
  })

  it('best points are named by their streets, in result.address and in name (coordinates only far from every street)', async () => {
    for (const b of search.best) {
      if (b.name !== null) expect(b.name).toMatch(NAMED)
      expect(b.result.address).toBe(b.name ?? `${b.result.lat.toFixed(5)}, ${b.result.lng.toFixed(5)}`)
    }
    expect(search.best.filter((b: any) => b.name !== null).length).toBeGreaterThanOrEqual(3)
  })

  it('ranked best first by those scores; the grid carries the same score at a best point', async () => {
    const scores = search.best.map((b: any) => b.result.overallScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    for (const b of search.best) {
      const f = search.grid.features.find(
        (g: any) => g.geometry.coordinates[0] === b.result.lng && g.geometry.coordinates[1] === b.result.lat,
      )
      expect(f.properties.overallScore).toBe(b.result.overallScore)
    }
    expect(search.best[0].result.overallScore).toBeGreaterThanOrEqual(search.centre.overallScore)
  })
})
