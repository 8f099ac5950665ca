// Postal areas (FSAs) land where their people live (docs/fsa-audit.md). Reference points are the places
// the Canada Post descriptions name, from public maps, not from the bundled data.
import { describe, it, expect } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import { geoStore } from '../../src/geo/geodata/store'
import { distanceKm } from '../../src/geo/geodata/text'

function postal(address: string) {
  const result = geocodeOffline(address)
  expect(result, `${address} should geocode`).not.toBeNull()
  expect(result!.precision).toBe('postal_code')
  return result!
}
const kmTo = (r: { lat: number; lng: number }, [lat, lng]: [number, number]) => distanceKm(r.lat, r.lng, lat, lng)

describe('FSA positions', () => {
  it('K1N (Lower Town / Sandy Hill) puts 50 Rideau St in Lower Town, not 17 km west', () => {
    const r = postal('50 Rideau St, Ottawa, ON K1N 9J7')
    expect(kmTo(r, [45.428, -75.69])).toBeLessThan(1.5)
  })

  it('T2P (Calgary City Centre) is downtown, not 28 km east where both source centroids lie', () => {
    const r = postal('200 8 Ave SW, Calgary, AB T2P 1B5')
    expect(kmTo(r, [51.047, -114.066])).toBeLessThan(2)
  })

  // The four FSAs whose zipcodes rows had no latitude (the longitude column held it).
  const NEW_BRUNSWICK: [fsa: string, place: string, at: [number, number], withinKm: number][] = [
    ['E1H', 'Shediac Bridge (Lakeville lies between it and Moncton)', [46.269, -64.6], 15],
    ['E2H', 'Renforth', [45.356, -66.006], 3],
    ['E2E', 'Rothesay', [45.383, -66.0], 5],
    ['E2E', 'Quispamsis', [45.432, -65.946], 5],
    ['E3C', 'New Maryland', [45.889, -66.683], 4],
  ]
  for (const [fsa, place, at, withinKm] of NEW_BRUNSWICK) {
    it(`${fsa} is in New Brunswick within ${withinKm} km of ${place}`, () => {
      const r = postal(`${fsa} 1A1`)
      expect(r.province).toBe('NB')
      expect(kmTo(r, at)).toBeLessThan(withinKm)
    })
  }

  it('Canada Post’s reserved H0H (Santa Claus, at the North Pole in GeoNames) is not a postal area', () => {
    expect(geoStore().fsaByCode.has('H0H')).toBe(false)
    expect(geocodeOffline('H0H 0H0')).toBeNull()
  })
})

describe('FSA radius', () => {
  it('an urban FSA downtown is small, a rural FSA covers a region', () => {
    const downtown = postal('100 Queen St W, Toronto, ON M5H 2N2')
    const rural = postal('12345 Range Road 232, AB T0B 4J0')
    expect(downtown.accuracyM).toBeGreaterThan(0)
    // Calibrated (src/geo/accuracy.ts): a few km downtown (the fitted floor, 5.1 km since the fit must hold 90 %
    // for a validation-sized sample with 95 % confidence), never below the FSA's own radius.
    expect(downtown.accuracyM).toBeLessThan(10_000)
    expect(rural.accuracyM).toBeGreaterThanOrEqual(10_000)
    expect(rural.accuracyM).toBeGreaterThan(5 * downtown.accuracyM)
  })

  it('every FSA has a position in Canada and a positive radius, rural ones at least 10 km', () => {
    for (const f of geoStore().fsaByCode.values()) {
      expect(f.lat, f.code).toBeGreaterThan(41.6)
      expect(f.lat, f.code).toBeLessThan(83.2)
      expect(f.lng, f.code).toBeGreaterThan(-141.1)
      expect(f.lng, f.code).toBeLessThan(-52.5)
      expect(f.radiusM, f.code).toBeGreaterThan(0)
      if (f.rural) expect(f.radiusM, f.code).toBeGreaterThanOrEqual(10_000)
    }
  })
})
