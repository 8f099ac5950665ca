// POST /score takes a count of the geodata store's count_sites (loaded with the loader's own SQL) as the
// measured traffic of an exact point within 30 m of it, however the point was given; an area position
// (a postal code) never does. On the geodata store's memory adapter in Node, through the services as POST /score
// runs them; bad inputs of POST /score: test/routes/score.test.ts.
import { describe, it, expect, beforeAll } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import { cellOf } from '../../src/geo/geodata'
import { fixtureCsv, pointOf, range, type FixtureStreet } from '../helpers/address-fixture'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

// An Edmonton count site beside a fixture street's civic addresses, and one at the T5J postal area's position.
const SITE: [number, number] = [53.5588, -113.5121]
const QUOKKA: FixtureStreet = {
  street: 'Quokka Ave',
  city: 'Edmonton',
  origin: offset(SITE, -100, -12),
  bearingDeg: 90,
  numbers: range(2, 60),
}
const T5J = geocodeOffline('T5J')!
const e5 = (v: number) => Math.round(v * 1e5)
const row = ([lat, lng]: [number, number], vehicles: number, name: string) => [
  'site',
  cellOf(lat, lng),
  e5(lat),
  e5(lng),
  vehicles,
  '',
  2019,
  name,
]

describe('POST /score: measured counts from the geodata store', () => {
  const memory = memoryStore()
  const score = memory.score
  beforeAll(() => {
    memory.addAddresses(fixtureCsv([QUOKKA]))
    memory.addCounts('edmonton-counts', [
      row(SITE, 23_456, 'Quokka Avenue NW East of 101 Street NW'),
      row([T5J.lat, T5J.lng], 34_567, 'Postal Area Road at the T5J position'),
    ])
  })

  it('coordinates at a counted Edmonton site take its count; 200 m away they do not', async () => {
    const at = await score({ lat: offset(SITE, 0, 12)[0], lng: SITE[1] })
    expect(at.factorScores.vehicleTraffic.raw).toMatchObject({
      value: 23_500,
      method: 'measured: City of Edmonton AAWDT 2019, Quokka Avenue NW East of 101 Street NW, 12 m',
      confidence: 'high',
    })
    expect(at.audience.sources).toContain('edmontonTraffic')
    const [lat, lng] = offset(SITE, 0, 200)
    const away = await score({ lat, lng })
    expect(away.factorScores.vehicleTraffic.raw.method).toMatch(/^modelled: /)
  })

  it('an address at the site and its coordinates agree', async () => {
    const address = await score({ address: '20 Quokka Ave, Edmonton, AB' })
    expect(address.precision).toBe('address')
    const p = pointOf(QUOKKA, 20)
    expect(Math.abs(address.lat - p.lat) + Math.abs(address.lng - p.lng)).toBeLessThan(1e-4)
    const coords = await score({ lat: address.lat, lng: address.lng })
    expect(address.factorScores.vehicleTraffic.raw.method).toMatch(/^measured: City of Edmonton AAWDT 2019, Quokka Avenue/)
    expect(address.factorScores.vehicleTraffic.raw).toEqual(coords.factorScores.vehicleTraffic.raw)
  })

  it('a postal code never takes a count, even one at its position (coordinates there do)', async () => {
    const postal = await score({ address: 'T5J' })
    expect(postal.precision).toBe('postal_code')
    expect(postal.factorScores.vehicleTraffic.raw.method).toMatch(/^modelled: /)
    const coords = await score({ lat: T5J.lat, lng: T5J.lng })
    expect(coords.factorScores.vehicleTraffic.raw.method).toMatch(/^measured: City of Edmonton AAWDT 2019, Postal Area Road/)
  })
})
