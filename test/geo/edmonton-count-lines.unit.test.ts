// Edmonton's streets from its count sites (scripts/lib/count-site-lines.ts): the store's Edmonton network holds only
// its main roads and Edmonton has no address points, so Jasper Ave and the numbered grid were found only as the
// city (±20 km). Lines through each road's count sites, through the worker's own geocoding and scoring, on the
// geodata store's memory adapter in Node.
import { beforeAll, describe, expect, it } from 'vitest'
import { edmontonLineRows, edmontonSites, siteHoldoutRows, splitSites } from '../../scripts/lib/count-site-lines'
import { distanceKm } from '../../src/geo/geodata/text'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

const metres = (a: { lat: number; lng: number }, b: readonly [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
// Jasper Ave runs east–west, 109 St north–south; the City counts each every few hundred metres.
const CORNER: [number, number] = [53.5405, -113.5085]
const HEADER = 'site_id,description,road,side,cross_street,year,aawdt,lat,lng,lat_unadjusted,lng_unadjusted'
const site = (id: number, road: string, cross: string, [lat, lng]: readonly [number, number], year = 2019) =>
  `${id},${road} West of ${cross},${road},W,${cross},${year},20000,${lat.toFixed(6)},${lng.toFixed(6)},${lat.toFixed(6)},${lng.toFixed(6)}`
const CSV = [
  HEADER,
  ...[-900, -600, -300, 300, 600, 900].map((east, i) => site(100 + i, 'Jasper Avenue', `${110 + i} Street`, offset(CORNER, east, 0))),
  ...[-800, -400, 400, 800].map((north, i) => site(200 + i, '109 Street', `${100 + i} Avenue`, offset(CORNER, 0, north))),
  site(100, 'Jasper Avenue', '110 Street', offset(CORNER, -900, 0), 2018), // another year of site 100
  site(300, 'Yellowhead Trail EB On-Ramp', '97 Street', offset(CORNER, 200, 200)),
].join('\n')

describe('Edmonton count lines', () => {
  const sites = edmontonSites(CSV)

  it('reads each site once, and leaves out ramps, single carriageways and the sites it is told to', () => {
    expect(sites.map((s) => s.id)).toEqual(['100', '101', '102', '103', '104', '105', '200', '201', '202', '203'])
    expect(sites[0]).toMatchObject({ road: 'Jasper Avenue', cross: '110 Street' })
    const truth = new Set([`${sites[0].lat.toFixed(6)} ${sites[0].lng.toFixed(6)}`])
    expect(edmontonSites(CSV, truth).map((s) => s.id)).not.toContain('100')
  })

  it('holds out whole blocks, typed road and cross street, with the site as the point', () => {
    const { kept, held } = splitSites(sites)
    expect(kept.length + held.length).toBe(sites.length)
    const rows = siteHoldoutRows(sites)
    expect(rows[0]).toEqual(['Edmonton', 'AB', 'JASPER AVENUE', '110 STREET', expect.any(Number), expect.any(Number), 'edmonton:100'])
  })

  describe('in the store', () => {
    const memory = memoryStore()
    beforeAll(() => memory.addStreetRows('edmonton-count-line', edmontonLineRows(sites)))

    it('finds a typed corner of two counted roads where their lines cross, with a radius that holds', async () => {
      for (const address of ['Jasper Ave & 109 St, Edmonton, AB', '109 Street and Jasper Avenue, Edmonton']) {
        const res = await memory.score({ address })
        expect(res.precision, address).toBe('intersection')
        expect(metres(res, CORNER), address).toBeLessThan(15)
        expect(res.accuracyM).toBeGreaterThanOrEqual(60)
      }
    })

    it("reads Whyte Avenue as 82 Avenue, the City's name for it, in Edmonton only", async () => {
      const whyte = offset(CORNER, 0, -600)
      memory.addStreetRows(
        'edmonton-count-line',
        edmontonLineRows(
          edmontonSites(
            [
              HEADER,
              ...[-600, -300, 300, 600].map((east, i) => site(400 + i, '82 Avenue', `${104 + i} Street`, offset(whyte, east, 0))),
            ].join('\n'),
          ),
        ),
      )
      const res = await memory.score({ address: 'Whyte Ave & 109 St, Edmonton, AB' })
      expect(res.precision).toBe('intersection')
      expect(metres(res, whyte)).toBeLessThan(15)
      expect((await memory.score({ address: 'Whyte Ave & 109 St, Calgary, AB' })).precision).not.toBe('intersection')
    })

    it('finds a counted road by its name, at street precision', async () => {
      const res = await memory.score({ address: 'Jasper Avenue, Edmonton, AB' })
      expect(res.precision).toBe('street')
      expect(res.warnings.map((w: { code: string }) => w.code)).not.toContain('STREET_NOT_FOUND')
    })

    it('sees the road from coordinates between its sites, and names it', async () => {
      const [lat, lng] = offset(CORNER, -450, 8)
      const res = await memory.score({ lat, lng })
      expect(res.audience.streets.map((s: { name: string }) => s.name)).toContain('Jasper Avenue')
      expect(res.resolvedAddress ?? res.address).toMatch(/Jasper/)
    })
  })
})
