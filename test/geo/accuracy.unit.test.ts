// accuracyM as a calibrated quantity (src/geo/accuracy.ts, research/calibrate-geocoder.mjs): city and
// postal-area radii cover the places' far addresses, grow with the area's extent, and the fitting
// functions keep the share they are asked for. Reference points are from public maps, not the bundled data.
import { describe, expect, it } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import {
  accuracyOf,
  ACCURACY_TERMS,
  decodeRawTerm,
  fsaAccuracyM,
  placeAccuracyM,
  useRawAccuracyTerms,
} from '../../src/geo/geodata/accuracy'
import { planAddressLookup, resolveAddressLookup, type AddressPoint } from '../../src/geo/geocode/address-lookup'
import { geoStore, type Fsa } from '../../src/geo/geodata/store'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { fitScale, fitTerm, heldNeeded, quantile, shareWithin } from '../../research/lib/calibrate-accuracy'

const metresTo = (r: { lat: number; lng: number }, [lat, lng]: [number, number]) => distanceKm(r.lat, r.lng, lat, lng) * 1000

describe('city and postal-area radii', () => {
  it('a city result covers the far ends of the city', () => {
    // Aylmer (Gatineau's west end) lies ~14 km from Gatineau's place point; Scarborough's Toronto Zoo ~22 km from Toronto's.
    const cases: [string, [number, number]][] = [
      ['Gatineau, QC', [45.396, -75.844]],
      ['Toronto, ON', [43.8177, -79.1859]],
      ['Sherbrooke, QC', [45.352, -72.0]],
    ]
    for (const [text, far] of cases) {
      const r = geocodeOffline(text)!
      expect(r.precision, text).toBe('city')
      expect(r.accuracyM, text).toBeGreaterThanOrEqual(metresTo(r, far))
    }
  })

  it('a small town still gets a radius of several kilometres, never the old 1 km', () => {
    const r = geocodeOffline('Baie-Saint-Paul, QC')!
    expect(r.precision).toBe('city')
    expect(r.accuracyM).toBeGreaterThanOrEqual(5000)
  })

  it("a postal area's radius grows with its extent and never falls below its people's radius", () => {
    const fsa = (radiusM: number): Fsa => ({ code: 'Z9Z', lat: 45, lng: -75, province: 'ON', area: '', rural: false, radiusM })
    const radii = [500, 1000, 2000, 5000, 10_000, 50_000].map((m) => fsaAccuracyM(fsa(m)))
    for (let i = 1; i < radii.length; i++) expect(radii[i]).toBeGreaterThanOrEqual(radii[i - 1])
    expect(radii[radii.length - 1]).toBeGreaterThan(radii[0])
    for (const f of geoStore().fsaByCode.values()) expect(fsaAccuracyM(f), f.code).toBeGreaterThanOrEqual(f.radiusM - 5)
  })

  it("a place's radius grows with its population", () => {
    const place = (population: number) => ({ name: 'Nowhere Junction', lat: 50, lng: -100, province: 'MB', population, featureCode: 'PPL' })
    const radii = [100, 10_000, 100_000, 1_000_000, 3_000_000].map((p) => placeAccuracyM(place(p)))
    for (let i = 1; i < radii.length; i++) expect(radii[i]).toBeGreaterThanOrEqual(radii[i - 1])
    expect(radii[radii.length - 1]).toBeGreaterThan(radii[0])
  })
})

describe('sparse streets (one side mapped)', () => {
  // Odd numbers only, 1–99, 10 m apart due north of a point in Hamilton: the even 50 has no same-side neighbour.
  const key = streetKeyOfText('Ottawa St N')!
  const points: AddressPoint[] = Array.from({ length: 50 }, (_, i) => ({
    ...key,
    cityKey: 'hamilton',
    number: 2 * i + 1,
    suffix: '',
    lat: 43.25 + (i * 10) / 111_195,
    lng: -79.8,
  }))
  const geocode = (text: string) => resolveAddressLookup(planAddressLookup(text)!, { points, cityInStore: true })!

  it("places a number between the other side's neighbours, with the wider radius calibrated for that", () => {
    const r = geocode('50 Ottawa St N, Hamilton, ON')
    expect(r.precision).toBe('interpolated')
    const between = { lat: 43.25 + 245 / 111_195, lng: -79.8 }
    expect(metresTo(r, [between.lat, between.lng])).toBeLessThan(8)
    // 49 and 51 stand 10 m apart: 5 m to the nearer one, two numbers between them.
    expect(r.accuracyM).toBe(accuracyOf('interpolatedAcross', 5, { spanM: 10, numberGap: 2 }))
    expect(r.accuracyM).toBeGreaterThan(geocode('51 Ottawa St N, Hamilton, ON').accuracyM)
  })

  it('never interpolates past the last number of either side', () => {
    expect(geocode('400 Ottawa St N, Hamilton, ON').precision).toBe('street')
  })

  it('widens a street result by how far past the known numbers the number lies (~5 m per number here)', () => {
    const [street, near, far] = ['Ottawa St N', '130 Ottawa St N', '900 Ottawa St N'].map((t) => geocode(`${t}, Hamilton, ON`))
    for (const r of [street, near, far]) expect(r.precision).toBe('street')
    expect(near.accuracyM).toBeGreaterThanOrEqual(street.accuracyM)
    expect(far.accuracyM).toBeGreaterThan(near.accuracyM)
    // 801 numbers past 99, about 4 km up the street's line: the radius reaches that far.
    expect(far.accuracyM).toBeGreaterThan(4000)
  })
})

describe('accuracy terms', () => {
  it('never returns less than the term scaled by its fitted k, nor less than the floor', () => {
    for (const term of ACCURACY_TERMS) {
      expect(accuracyOf(term, 0), term).toBeGreaterThan(0)
      expect(accuracyOf(term, 10_000), term).toBeGreaterThanOrEqual(accuracyOf(term, 100))
    }
  })

  it('widens an interpolated radius where the neighbours stand far apart or lots are long, the nearer one as near', () => {
    const dense = accuracyOf('interpolated', 40, { spanM: 80, numberGap: 20 })
    expect(accuracyOf('interpolated', 40, { spanM: 800, numberGap: 200 })).toBeGreaterThan(dense)
    expect(accuracyOf('interpolated', 40, { spanM: 80, numberGap: 2 })).toBeGreaterThanOrEqual(dense)
    // A curved rural gap of 600 m, 100 m from the nearer lot: well over the old 0.82 × 100 m.
    expect(accuracyOf('interpolated', 100, { spanM: 600, numberGap: 40 })).toBeGreaterThan(100)
  })

  it('raw mode (for the fitting script) encodes the term and its metres', () => {
    useRawAccuracyTerms(true)
    try {
      expect(decodeRawTerm(accuracyOf('extrapolated', 73.4))).toEqual({ term: 'extrapolated', termM: 73 })
      expect(decodeRawTerm(accuracyOf('address', 0))).toEqual({ term: 'address', termM: 0 })
      const detail = { spanM: 240, numberGap: 12 }
      expect(decodeRawTerm(accuracyOf('interpolated', 60, detail))).toEqual({ term: 'interpolated', termM: 60, detail })
    } finally {
      useRawAccuracyTerms(false)
    }
  })
})

describe('fitting (research/lib/calibrate-accuracy.ts)', () => {
  // Errors proportional to the term (20–120 % of it) plus a few metres of noise: a k near 1 and a small floor fit them.
  const samples = Array.from({ length: 400 }, (_, i) => {
    const termM = 10 + (i % 40) * 5
    return { termM, errorM: termM * (0.2 + ((i * 37) % 100) / 100) + (i % 7) }
  })

  it('keeps at least the target share within max(floor, k × term)', () => {
    for (const target of [0.8, 0.9, 0.95]) {
      const fit = fitTerm(samples, target)
      expect(fit.holds).toBeGreaterThanOrEqual(target)
      expect(shareWithin(samples, fit.floorM, fit.k)).toBe(fit.holds)
      // Tight: a 10 % smaller k with the same floor no longer holds.
      expect(shareWithin(samples, fit.floorM, fit.k * 0.9)).toBeLessThan(target)
    }
  })

  it('respects a minimum k', () => {
    expect(fitTerm(samples, 0.5, { kMin: 2 }).k).toBeGreaterThanOrEqual(2)
  })

  it('holds the target in each city with enough results, not only overall', () => {
    // City B's errors run three times city A's: one k for both, fitted overall, leaves B short.
    const cities = [
      ...samples.map((s) => ({ ...s, group: 'A' })),
      ...samples.slice(0, 150).map((s) => ({ ...s, errorM: 3 * s.errorM, group: 'B' })),
    ]
    expect(fitTerm(cities, 0.9).groups).toEqual([])
    const overallOnly = fitTerm(cities, 0.9)
    expect(
      shareWithin(
        cities.filter((s) => s.group === 'B'),
        overallOnly.floorM,
        overallOnly.k,
      ),
    ).toBeLessThan(0.9)
    const perCity = fitTerm(cities, 0.9, { minGroup: 100 })
    expect(perCity.groups.map((g) => g.group)).toEqual(['A', 'B'])
    for (const g of perCity.groups) expect(g.holds, g.group).toBeGreaterThanOrEqual(0.9)
    expect(perCity.meanM).toBeGreaterThan(overallOnly.meanM)
  })

  it('holds a count that depends on the group size: more of a small city than of a large one', () => {
    const cities = [
      ...samples.map((s) => ({ ...s, group: 'A' })),
      ...samples.slice(0, 200).map((s) => ({ ...s, errorM: 3 * s.errorM, group: 'B' })),
    ]
    const need = heldNeeded(0.9, 4)
    const fit = fitTerm(cities, need, { minGroup: 200 })
    for (const g of fit.groups) expect(Math.round(g.holds * g.n), g.group).toBeGreaterThanOrEqual(need(g.n))
    expect(need(200) / 200).toBeGreaterThan(need(400) / 400)
    // The flat share of the same goal asks less, and gives a smaller radius.
    expect(fit.meanM).toBeGreaterThan(fitTerm(cities, 0.9, { minGroup: 200 }).meanM)
  })

  it("weighs the neighbours' span in when the errors grow with it", () => {
    // Errors grow with the span between the neighbours, not with the distance to the nearer one.
    const spans = Array.from({ length: 400 }, (_, i) => {
      const spanM = 20 + (i % 20) * 40
      return { termM: 10, detail: { spanM, numberGap: 10 }, errorM: spanM * (0.05 + ((i * 37) % 100) / 400) }
    })
    const fit = fitTerm(spans, 0.9)
    expect(fit.spanWeight).toBeGreaterThan(0)
    expect(fit.holds).toBeGreaterThanOrEqual(0.9)
    expect(fit.meanM).toBeLessThan(
      fitTerm(
        spans.map(({ detail, ...s }) => s),
        0.9,
      ).meanM,
    )
  })

  it('fits a scale and quantiles by nearest rank', () => {
    const areas = Array.from({ length: 100 }, (_, i) => ({ radiusM: 1000, errorM: (i + 1) * 20 }))
    expect(fitScale(areas, 0.9)).toBe(1.8)
    expect(quantile([5, 1, 4, 2, 3], 0.9)).toBe(5)
    expect(quantile([5, 1, 4, 2, 3], 0.5)).toBe(3)
  })
})
