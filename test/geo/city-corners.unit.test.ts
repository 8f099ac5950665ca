// Typed corners on the GTA file's hole roads through the worker (issue 31): the City's own corner (table
// street_corners), a crossing on a hole line (gta-hole-line: the signals' line on a road the OSM file has no
// centreline for), the hole road found from coordinates with its class, and two hole roads that never meet.
// On the geodata store's memory adapter in Node, through the services as POST /score runs them.
import { beforeAll, describe, expect, it } from 'vitest'
import { cornerRows, torontoCorners } from '../../scripts/lib/city-corners'
import { distanceKm } from '../../src/geo/geodata/text'
import { reverseStreet } from '../../src/services/street-store'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

const metres = (a: { lat: number; lng: number }, b: readonly [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
// Finch Ave W runs east–west; the City has a signal where Dufferin St meets it, and Keele St crosses it 2 km west.
const DUFFERIN: [number, number] = [43.7695, -79.4698]
const KEELE = offset(DUFFERIN, -2000, 0)
const STEELES = offset(DUFFERIN, 0, 2000)
const SIGNALS = [
  'signal_id,street_1,midblock_offset,street_2,street_3,lat,lng,count_date,vehicles_8h,pedestrians_8h',
  `1,DUFFERIN ST,,FINCH AVE W,,${DUFFERIN[0]},${DUFFERIN[1]},2015-01-01,1,1`,
].join('\n')

describe('typed corners on the hole roads (City corners and hole lines in the geodata store)', () => {
  const memory = memoryStore()
  const score = memory.score
  beforeAll(() => {
    memory.addCorners('toronto-signals', cornerRows(torontoCorners(SIGNALS)))
    memory.addStreets('gta-hole-line', [
      { name: 'Finch Avenue West', roadClass: 3, points: [offset(DUFFERIN, -3000, 0), DUFFERIN, offset(DUFFERIN, 1500, 0)] },
      { name: 'Steeles Avenue West', roadClass: 3, points: [offset(STEELES, -3000, 0), offset(STEELES, 1500, 0)] },
    ])
    memory.addStreets('gta', [{ name: 'Keele Street', roadClass: 3, points: [offset(KEELE, 0, -900), offset(KEELE, 0, 900)] }])
  })

  it("places a City corner at the City's position, typed either way", async () => {
    for (const address of ['Dufferin St & Finch Ave W, Toronto, ON', 'FINCH AVE W AND DUFFERIN ST, Toronto']) {
      const res = await score({ address })
      expect(res.precision, address).toBe('intersection')
      expect(metres(res, DUFFERIN), address).toBeLessThan(2)
    }
  })

  it('places a corner the City does not list where a centreline crosses the hole line, within 30 m, with an honest radius', async () => {
    const res = await score({ address: 'Keele St & Finch Ave W, Toronto, ON' })
    expect(res.precision).toBe('intersection')
    expect(metres(res, KEELE)).toBeLessThan(30)
    expect(res.accuracyM).toBeGreaterThanOrEqual(60)
  })

  it('finds the hole road and its class from coordinates on it', async () => {
    const beside = offset(DUFFERIN, -700, 12)
    const hit = await reverseStreet(memory.store.streets, beside[0], beside[1])
    expect(hit).toMatchObject({ name: 'Finch', type: 'Avenue', roadClass: 3 })
    expect(hit!.classSource).toMatch(/signal positions/)
  })

  it('two hole roads that never meet: INTERSECTION_NOT_FOUND, never intersection precision', async () => {
    const res = await score({ address: 'Steeles Ave W & Finch Ave W, Toronto, ON' })
    expect(res.precision).not.toBe('intersection')
    expect(res.warnings.map((w: { code: string }) => w.code)).toContain('INTERSECTION_NOT_FOUND')
  })
})
