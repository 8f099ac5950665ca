// The pedestrian model's POIs at the corner (docs/methodology.md §2.3): where a POI source covers the city
// (Metro Vancouver's OSM amenities, Montréal's civic places) the destinations within 100 m raise or lower the
// estimate against the neighbourhood's; everywhere else the model fitted without them answers, and says so.
import { describe, expect, it } from 'vitest'
import { poisNear } from '../../src/geo/geodata/measured'
import { featuresAt } from '../../src/geo/signals'
import { LOCAL_POI_RADIUS_M, pedestriansPerDay } from '../../src/geo/signals/model/activity'

// Main St & E Broadway (Mount Pleasant, restaurants and cafés on every corner) and a residential block of
// E 14th Ave 600 m east; Montréal, Sainte-Catherine & Peel; Calgary and Toronto: no POI source.
const MAIN_BROADWAY = { lat: 49.26274, lng: -123.10066 }
const RESIDENTIAL = { lat: 49.25887, lng: -123.09151 }
const PEEL = { lat: 45.50177, lng: -73.57329 }
const CALGARY_17AVE = { lat: 51.037842, lng: -113.975848 }
const TORONTO_DUFFERIN = { lat: 43.6555, lng: -79.4352 }
const inputs = { popDensity: 6000, poiCount1km: 400, intersectionDensity: 60, transit: 40, nearStops: 1, roadClass: 3 }

describe('POIs near the corner', () => {
  it('are found where a source covers the city, and nowhere else', () => {
    const main = poisNear(MAIN_BROADWAY.lat, MAIN_BROADWAY.lng, LOCAL_POI_RADIUS_M)
    expect(main?.source).toBe('osm-vancouver-2019')
    expect(main?.count).toBeGreaterThan(3)
    const quiet = poisNear(RESIDENTIAL.lat, RESIDENTIAL.lng, LOCAL_POI_RADIUS_M)
    expect(quiet?.count).toBeLessThan(main?.count ?? 0)
    expect(poisNear(PEEL.lat, PEEL.lng, 300)?.source).toBe('montreal-lieux-2020')
    expect(poisNear(CALGARY_17AVE.lat, CALGARY_17AVE.lng, LOCAL_POI_RADIUS_M)).toBeUndefined()
    expect(poisNear(TORONTO_DUFFERIN.lat, TORONTO_DUFFERIN.lng, LOCAL_POI_RADIUS_M)).toBeUndefined()
  })

  it('raise the estimate when the corner has more of them than its neighbourhood, lower it when fewer', () => {
    const without = pedestriansPerDay(inputs)
    // 400 Can-ALE POIs within 1 km spread evenly put 4 within 100 m: a corner like its neighbourhood.
    expect(pedestriansPerDay({ ...inputs, localPois: 4 })).toBeCloseTo(without, -1)
    expect(pedestriansPerDay({ ...inputs, localPois: 20 })).toBeGreaterThan(1.5 * without)
    expect(pedestriansPerDay({ ...inputs, localPois: 0 })).toBeLessThan(without)
  })

  it('make a Vancouver corner with shops busier than a residential block of the same neighbourhood, and say so', () => {
    const main = featuresAt({ ...MAIN_BROADWAY, precision: 'coordinates' }).pedestrian
    const quiet = featuresAt({ ...RESIDENTIAL, precision: 'coordinates' }).pedestrian
    expect(main.method).toMatch(/POIs ≤ 100 m \(\d+, osm-vancouver-2019\)/)
    expect(main.value).toBeGreaterThan(2 * quiet.value)
  })

  it('a city without POIs still gets an estimate, with a method saying the corner had none to read', () => {
    for (const p of [CALGARY_17AVE, TORONTO_DUFFERIN]) {
      const ped = featuresAt({ ...p, precision: 'coordinates' }).pedestrian
      expect(ped.value).toBeGreaterThan(0)
      expect(ped.method).toContain('no POI data at the corner')
    }
    // A postal-area position is not at a frontage: the POIs near it are not read either.
    const area = featuresAt({ ...MAIN_BROADWAY, precision: 'postal_code' }).pedestrian
    expect(area.method).toContain('no POI data at the corner')
  })
})
