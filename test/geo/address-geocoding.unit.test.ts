// Civic geocoding on the geodata store's address points: the geocoder service (services/geocoder.ts) on the
// store's memory adapter, in Node. POST /score on the same fixture in D1: test/routes/score.test.ts (workerd).
import { describe, it, expect } from 'vitest'
import { geocoderFor } from '../../src/services/geocoder'
import { distanceKm } from '../../src/geo/geodata/text'
import { accuracyOf } from '../../src/geo/geodata/accuracy'
import { fixtureCsv, pointOf, type FixtureStreet } from '../helpers/address-fixture'
import { ALL, KING_N, MONTREAL, STE_CATHERINE_O, STE_CATHERINE_E, RENE_LEVESQUE, COTE_DES_NEIGES, WATERLOO } from '../helpers/civic-fixture'
import { memoryStore } from '../helpers/memory-store'

const memory = memoryStore()
memory.addAddresses(fixtureCsv(ALL))
const geocode = (text: string) => geocoderFor(memory.env).geocode(text)
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000

describe('civic addresses from the address store', () => {
  it('finds an address point with and without a postal code, ~10 m', async () => {
    for (const text of ['250 King St N, Waterloo, ON', '250 King Street North, Waterloo, ON N2J 2Y8', '250 KING ST N WATERLOO ON']) {
      const r = await geocode(text)
      expect(r, text).toMatchObject({ precision: 'address', accuracyM: accuracyOf('address', 0) })
      expect(metres(r!, pointOf(KING_N, 250)), text).toBeLessThan(2)
    }
    expect((await geocode('250 King St N, Waterloo, ON N2J 2Y8'))!.address).toBe('250 King St N, Waterloo, ON N2J 2Y8')
  })

  it('ignores units: #4-250, Unit 5 - 250, app. 3', async () => {
    for (const text of ['#4-250 King St N, Waterloo, ON', 'Unit 5 - 250 King St N, Waterloo, ON', '250 King St N, app. 3, Waterloo, ON']) {
      const r = await geocode(text)
      expect(r?.precision, text).toBe('address')
      expect(metres(r!, pointOf(KING_N, 250)), text).toBeLessThan(2)
    }
  })

  it('reads French forms: rue, boul., ch., directions O and E', async () => {
    const cases: [string, FixtureStreet, number][] = [
      ['1250, rue Sainte-Catherine O, Montréal, QC', STE_CATHERINE_O, 1250],
      ['1250 rue Ste-Catherine Ouest, Montreal', STE_CATHERINE_O, 1250],
      ['250 rue Sainte-Catherine E, Montréal, QC', STE_CATHERINE_E, 250],
      ['1100 boul. René-Lévesque O, Montréal, QC', RENE_LEVESQUE, 1100],
      ['3100 ch. de la Côte-des-Neiges, Montréal, QC', COTE_DES_NEIGES, 3100],
    ]
    for (const [text, street, n] of cases) {
      const r = await geocode(text)
      expect(r?.precision, text).toBe('address')
      expect(metres(r!, pointOf(street, n)), text).toBeLessThan(2)
    }
  })

  it('interpolates a missing number between its same-side neighbours', async () => {
    const r = await geocode('101 King St N, Waterloo, ON')
    expect(r?.precision).toBe('interpolated')
    // 99 and 103 are 20 m apart on the odd side: 101 is half-way, on that side.
    expect(metres(r!, pointOf(KING_N, 101))).toBeLessThan(1)
    expect(r!.accuracyM).toBeGreaterThanOrEqual(10)
    expect(r!.accuracyM).toBeLessThan(30)
  })

  it("goes at most 20 numbers past a street's last known number, never further", async () => {
    const near = await geocode('310 King St N, Waterloo, ON')
    expect(near?.precision).toBe('interpolated')
    expect(metres(near!, pointOf(KING_N, 310))).toBeLessThan(3)
    const far = await geocode('9000 King St N, Waterloo, ON')
    expect(far?.precision).toBe('street')
    // Placed on the street, not 45 km up an imaginary extension of it.
    const nearestKnown = Math.min(...KING_N.numbers.map((n) => metres(far!, pointOf(KING_N, n))))
    expect(nearestKnown).toBeLessThan(1)
  })

  it('locates a street alone at its point nearest the city, with its extent as radius', async () => {
    const r = await geocode('King St N, Waterloo, ON')
    expect(r?.precision).toBe('street')
    expect(r!.accuracyM).toBeGreaterThan(500)
    expect(Math.min(...KING_N.numbers.map((n) => metres(r!, pointOf(KING_N, n))))).toBeLessThan(1)
  })

  it("falls back to the postal area or city for a street the city does not have, never to a neighbour's", async () => {
    const withPostal = await geocode('100 Weber St N, Waterloo, ON N2J 2Y8')
    expect(withPostal?.precision).toBe('postal_code')
    const withCity = await geocode('100 Weber St N, Waterloo, ON')
    expect(withCity?.precision).toBe('city')
    // The same street where it exists: found.
    expect((await geocode('100 Weber St N, Kitchener, ON'))?.precision).toBe('address')
    // A type the store does not have for that name is another street.
    expect((await geocode('250 King Ave, Waterloo, ON'))?.precision).toBe('city')
  })

  it('finds intersections in every written form', async () => {
    for (const text of [
      'King St N & Erb St W, Waterloo, ON',
      'King and Erb, Waterloo',
      'King St / Erb St, Waterloo ON',
      'King St N at Erb St W, Waterloo',
      'King x Erb, Waterloo, ON',
    ]) {
      const r = await geocode(text)
      expect(r?.precision, text).toBe('intersection')
      expect(metres(r!, { lat: WATERLOO[0], lng: WATERLOO[1] }), text).toBeLessThan(20)
    }
    const coin = await geocode('coin Sainte-Catherine et Peel, Montréal')
    expect(coin?.precision).toBe('intersection')
    expect(metres(coin!, { lat: MONTREAL[0], lng: MONTREAL[1] })).toBeLessThan(20)
    expect(coin!.address).toBe('Sainte-Catherine & Peel, Montréal, QC')
  })

  it('does not invent a crossing of parallel streets', async () => {
    expect((await geocode('Sainte-Catherine & René-Lévesque, Montréal'))?.precision).toBe('city')
  })
})
