// Typed corners on the GTA file's hole roads through the worker (issue 31): the City's own corner (table
// street_corners), a crossing on a hole line (gta-hole-line: the signals' line on a road the OSM file has no
// centreline for), the hole road found from coordinates with its class, and two hole roads that never meet.
import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:workers'
import { artefactStatements } from '../../scripts/lib/geodata-sql.mjs'
import { cornerRows, torontoCorners } from '../../scripts/lib/city-corners'
import { distanceKm } from '../../src/geo/geodata/text'
import { d1StreetStore, reverseStreet } from '../../src/services/street-store'
import { call, createKey } from '../helpers/api'
import { loadStreetFixture, offset } from '../helpers/street-fixture'

const metres = (a: { lat: number; lng: number }, b: readonly [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
// Finch Ave W runs east–west; the City has a signal where Dufferin St meets it, and Keele St crosses it 2 km west.
const DUFFERIN: [number, number] = [43.7695, -79.4698]
const KEELE = offset(DUFFERIN, -2000, 0)
const STEELES = offset(DUFFERIN, 0, 2000)
const SIGNALS = [
  'signal_id,street_1,midblock_offset,street_2,street_3,lat,lng,count_date,vehicles_8h,pedestrians_8h',
  `1,DUFFERIN ST,,FINCH AVE W,,${DUFFERIN[0]},${DUFFERIN[1]},2015-01-01,1,1`,
].join('\n')

describe('typed corners on the hole roads (City corners and hole lines in D1)', () => {
  let key: string
  beforeAll(async () => {
    key = (await createKey('pro')).key
    const statements = artefactStatements(
      { source: 'toronto-signals', kind: 'corners', file: 'corners.tsv', sha256: 'fixture', licence: 'test fixture' },
      cornerRows(torontoCorners(SIGNALS)),
    )
    await env.DB.batch(statements.map((sql: string) => env.DB.prepare(sql)))
    await loadStreetFixture(env.DB, 'gta-hole-line', [
      { name: 'Finch Avenue West', roadClass: 3, points: [offset(DUFFERIN, -3000, 0), DUFFERIN, offset(DUFFERIN, 1500, 0)] },
      { name: 'Steeles Avenue West', roadClass: 3, points: [offset(STEELES, -3000, 0), offset(STEELES, 1500, 0)] },
    ])
    await loadStreetFixture(env.DB, 'gta', [
      { name: 'Keele Street', roadClass: 3, points: [offset(KEELE, 0, -900), offset(KEELE, 0, 900)] },
    ])
  })

  it("places a City corner at the City's position, typed either way", async () => {
    for (const address of ['Dufferin St & Finch Ave W, Toronto, ON', 'FINCH AVE W AND DUFFERIN ST, Toronto']) {
      const res = await call('/api/v1/score', { key, body: { address } })
      expect(res.status, address).toBe(200)
      expect(res.json.precision, address).toBe('intersection')
      expect(metres(res.json, DUFFERIN), address).toBeLessThan(2)
    }
  })

  it('places a corner the City does not list where a centreline crosses the hole line, within 30 m, with an honest radius', async () => {
    const res = await call('/api/v1/score', { key, body: { address: 'Keele St & Finch Ave W, Toronto, ON' } })
    expect(res.status).toBe(200)
    expect(res.json.precision).toBe('intersection')
    expect(metres(res.json, KEELE)).toBeLessThan(30)
    expect(res.json.accuracyM).toBeGreaterThanOrEqual(60)
  })

  it('finds the hole road and its class from coordinates on it', async () => {
    const beside = offset(DUFFERIN, -700, 12)
    const hit = await reverseStreet(d1StreetStore(env.DB), beside[0], beside[1])
    expect(hit).toMatchObject({ name: 'Finch', type: 'Avenue', roadClass: 3 })
    expect(hit!.classSource).toMatch(/signal positions/)
  })

  it('two hole roads that never meet: INTERSECTION_NOT_FOUND, never intersection precision', async () => {
    const res = await call('/api/v1/score', { key, body: { address: 'Steeles Ave W & Finch Ave W, Toronto, ON' } })
    expect(res.status).toBe(200)
    expect(res.json.precision).not.toBe('intersection')
    expect(res.json.warnings.map((w: { code: string }) => w.code)).toContain('INTERSECTION_NOT_FOUND')
  })
})
