import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { geocoderFor } from '../../src/services/geocoder'
import { distanceKm } from '../../src/geo/geodata/text'
import { accuracyOf } from '../../src/geo/geodata/accuracy'
import { call, createKey } from '../helpers/api'
import { fixtureCsv, loadFixture, pointOf, range, type FixtureStreet } from '../helpers/address-fixture'

// Uptown Waterloo (King & Erb) and downtown Montréal (Sainte-Catherine & Peel), synthetic points.
const WATERLOO: [number, number] = [43.465, -80.5225]
const MONTREAL: [number, number] = [45.499, -73.575]
const KING_N: FixtureStreet = { street: 'KING ST N', city: 'Waterloo', origin: WATERLOO, bearingDeg: 0, numbers: range(2, 298, [101, 150]) }
const KING_S: FixtureStreet = { street: 'King St S', city: 'WATERLOO', origin: WATERLOO, bearingDeg: 180, numbers: range(2, 120) }
const ERB_W: FixtureStreet = { street: 'ERB ST W', city: 'Waterloo', origin: WATERLOO, bearingDeg: 270, numbers: range(2, 160) }
const ERB_E: FixtureStreet = { street: 'Erb St E', city: 'Waterloo', origin: WATERLOO, bearingDeg: 90, numbers: range(2, 160) }
// Weber St exists in the fixture only in Kitchener, 2 km south of uptown Waterloo.
const WEBER_KITCHENER: FixtureStreet = {
  street: 'Weber St N',
  city: 'Kitchener',
  origin: [WATERLOO[0] - 0.018, WATERLOO[1]],
  bearingDeg: 0,
  numbers: range(2, 200),
}
const STE_CATHERINE_O: FixtureStreet = {
  street: 'RUE SAINTE-CATHERINE O',
  city: 'Montréal',
  origin: MONTREAL,
  bearingDeg: 270,
  numbers: range(1000, 1400),
  startM: -2400,
  metresPerNumber: 2,
}
const STE_CATHERINE_E: FixtureStreet = {
  street: 'RUE SAINTE-CATHERINE E',
  city: 'Montréal',
  origin: [MONTREAL[0], MONTREAL[1] + 0.03],
  bearingDeg: 90,
  numbers: range(100, 400),
  metresPerNumber: 2,
}
const PEEL: FixtureStreet = {
  street: 'RUE PEEL',
  city: 'Montréal',
  origin: MONTREAL,
  bearingDeg: 0,
  numbers: range(1400, 1600),
  startM: -3000,
  metresPerNumber: 2,
}
// Parallel to Sainte-Catherine, 200 m south: the two never meet.
const RENE_LEVESQUE: FixtureStreet = {
  street: 'BOUL RENE-LEVESQUE O',
  city: 'Montréal',
  origin: [MONTREAL[0] - 0.0018, MONTREAL[1]],
  bearingDeg: 270,
  numbers: range(1000, 1300),
  startM: -2400,
  metresPerNumber: 2,
}
const COTE_DES_NEIGES: FixtureStreet = {
  street: 'CH DE LA COTE-DES-NEIGES',
  city: 'Montréal',
  origin: [MONTREAL[0] + 0.01, MONTREAL[1] - 0.01],
  bearingDeg: 315,
  numbers: range(3000, 3200),
  startM: -6000,
  metresPerNumber: 2,
}
const ALL = [KING_N, KING_S, ERB_W, ERB_E, WEBER_KITCHENER, STE_CATHERINE_O, STE_CATHERINE_E, PEEL, RENE_LEVESQUE, COTE_DES_NEIGES]

const geocode = (text: string) => geocoderFor({ DB: env.DB, KEYS: undefined as unknown as KVNamespace }).geocode(text)
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000

beforeAll(async () => {
  await loadFixture(env.DB, 'fixture', fixtureCsv(ALL))
})

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

describe('POST /score with civic geocoding', () => {
  it('scores an address point with precision and accuracyM, and a coordinates score with accuracyM 0', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/score', { key, body: { address: '250 King St N, Waterloo, ON' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ precision: 'address', accuracyM: accuracyOf('address', 0), address: '250 King St N, Waterloo, ON' })
    const coords = await call('/api/v1/score', { key, body: { lat: 43.47, lng: -80.52 } })
    expect(coords.json).toMatchObject({ precision: 'coordinates', accuracyM: 0 })
    const city = await call('/api/v1/score', { key, body: { address: 'Waterloo, ON' } })
    expect(city.json.precision).toBe('city')
    expect(city.json.accuracyM).toBeGreaterThan(1000)
  })

  it('answers every bad address with a 4xx error envelope', async () => {
    const { key } = await createKey()
    for (const address of [
      'Nowhere St & Nothing Rd, Atlantis',
      '99999999 King St N',
      '&',
      'coin  et , ',
      ' / ',
      '#4-',
      'King St N & , Waterloo'.repeat(40),
    ]) {
      const res = await call('/api/v1/score', { key, body: { address } })
      expect(res.status, address).toBeGreaterThanOrEqual(400)
      expect(res.status, address).toBeLessThan(500)
      expect(res.json.error?.code, address).toBeTruthy()
    }
  })
})
