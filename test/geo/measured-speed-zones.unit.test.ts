// Calgary's posted speed zones (City of Calgary speed limits): the road a point is on and its limit,
// from coordinates alone, and what the engine makes of them.
import { describe, expect, it } from 'vitest'
import { featuresAt } from '../../src/geo/signals'
import { countedSectionsNear, speedZoneAt } from '../../src/geo/geodata/measured'
import { cityStreet } from '../../src/geo/geodata/measured/speed-zones'

const DEERFOOT = { lat: 51.089665, lng: -114.039387 } // on Deerfoot Trail NE, 31 m from its nearest counted section
const WEST_300M = { lat: 51.089665, lng: -114.0437 } // a residential block 300 m west
const PANORAMA = { lat: 51.201113, lng: -114.117894 } // Panorama Rd NW: a 60 km/h arterial with no counted section within 1.5 km

describe('speedZoneAt', () => {
  it('names the road and its limit where a zone passes within the radius, nothing elsewhere', () => {
    expect(speedZoneAt(DEERFOOT.lat, DEERFOOT.lng, 25)).toMatchObject({
      streetName: 'DEERFOOT TR NE',
      street: { name: 'DEERFOOT', type: 'TR' },
      speedKmh: 100,
    })
    expect(speedZoneAt(DEERFOOT.lat, DEERFOOT.lng, 25)!.distanceM).toBeLessThan(2)
    expect(speedZoneAt(WEST_300M.lat, WEST_300M.lng, 25)).toBeUndefined()
    expect(speedZoneAt(45.4215, -75.6972, 500)).toBeUndefined() // Ottawa: no zones
  })

  it("reads the City's street names: quadrant dropped, type abbreviation kept apart", () => {
    expect(cityStreet('16 AV NW')).toEqual({ name: '16', type: 'AV' })
    expect(cityStreet('MACLEOD TR S')).toEqual({ name: 'MACLEOD', type: 'TR' })
    expect(cityStreet('JOHN LAURIE BV NW')).toEqual({ name: 'JOHN LAURIE', type: 'BV' })
    expect(cityStreet('MERIDITH RD')).toEqual({ name: 'MERIDITH', type: 'RD' })
  })
})

describe('vehicle traffic and road class from a speed zone (coordinates only)', () => {
  it('Deerfoot Trail between counted sections: the zone names the road, so its own counts give the traffic and 100 km/h the class', () => {
    const f = featuresAt({ ...DEERFOOT, precision: 'coordinates' })
    expect(countedSectionsNear(DEERFOOT.lat, DEERFOOT.lng, 25)).toEqual([])
    expect(f.roadClass).toMatchObject({ value: 6, method: 'measured: City of Calgary speed zone 100 km/h (DEERFOOT TR NE)' })
    expect(f.vehicleTraffic.method).toMatch(/counted sections? of DEERFOOT TR NE \(named by its City of Calgary speed zone\)/)
    expect(f.vehicleTraffic.value).toBeGreaterThan(100_000)
    const side = featuresAt({ ...WEST_300M, precision: 'coordinates' })
    expect(side.roadClass.value).toBe(1)
    expect(side.vehicleTraffic.value).toBeLessThan(2_000)
  })

  it('a 60 km/h arterial without counts nearby: the zone gives the class (3.5) and the traffic of that class in Calgary', () => {
    const f = featuresAt({ ...PANORAMA, precision: 'coordinates' })
    expect(f.roadClass).toMatchObject({
      value: 3.5,
      method: 'measured: City of Calgary speed zone 60 km/h (PANORAMA RD NW)',
      confidence: 'medium',
    })
    expect(f.vehicleTraffic.method).toMatch(/^modelled: road class \(speed zone\)/)
    // Calgary's counted 60 km/h sections carry a median of 17,400–19,000/day (methodology §2.2); the
    // national model's intercept on top of that class (2.1.0) gave about 30,000.
    expect(f.vehicleTraffic.value).toBeGreaterThan(15_000)
    expect(f.vehicleTraffic.value).toBeLessThan(22_000)
  })

  it('is switched off with the counts for validation of the national model, and unused at an area position', () => {
    const national = featuresAt({ ...DEERFOOT, precision: 'coordinates' }, { speedZones: false, excludeSections: new Set(['DEERFOOT5']) })
    expect(national.roadClass.method).not.toMatch(/speed zone/)
    const area = featuresAt({ ...DEERFOOT, precision: 'postal_code' })
    expect(area.roadClass.method).not.toMatch(/speed zone/)
    expect(area.vehicleTraffic.method).not.toMatch(/speed zone/)
  })
})
