// Intersections, the street at a coordinate, the streets in sight and honest warnings, on the geodata store's
// memory adapter in Node (the same rows as D1's, which the conformance suite holds to the same answers):
// the geocoder and scoring services as POST /score runs them (test/helpers/memory-store.ts `score`).
import { describe, it, expect, beforeAll } from 'vitest'
import { geocodeOffline } from '../../src/geo/geocode'
import { planAddressLookup, resolveAddressLookup, type AddressPoint } from '../../src/geo/geocode/address-lookup'
import { decodePiece } from '../../src/geo/geocode/street-pieces'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { reverseStreet } from '../../src/services/street-store'
import { fixtureCsv, pointOf, range, type FixtureStreet } from '../helpers/address-fixture'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

// Toronto's harbour: a shore street, and open water 800 m south of it (no census point or stop within reach).
const SHORE = 43.6395
const HARBOUR = { lat: 43.632, lng: -79.375 }
const metres = (a: { lat: number; lng: number }, b: [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000

// Toronto: Zephyr Street (north–south, a major arterial in the fixture) crosses Quill Avenue West.
const T0: [number, number] = [43.7, -79.4]
const ZEPHYR_POINTS: FixtureStreet = {
  street: 'Zephyr St',
  city: 'Toronto',
  origin: offset(T0, 0, -300),
  bearingDeg: 0,
  numbers: range(2, 200),
}
// Ottawa: the network's names carry no type. A long "Zorn" and a short, separate "Zorn" both cross
// "Yarrow"; the short one crosses right by the city's centre point, the long one 2 km east of it.
const OTTAWA = geocodeOffline('Ottawa, ON')!
const O_SHORT = offset([OTTAWA.lat, OTTAWA.lng], 80, 0)
const O_LONG = offset([OTTAWA.lat, OTTAWA.lng], 2000, 0)

describe('geodata store: intersections, reverse street, honest warnings', () => {
  const memory = memoryStore()
  const score = memory.score
  beforeAll(() => {
    memory.addAddresses(fixtureCsv([ZEPHYR_POINTS]))
    memory.addStreets('fixture', [
      { name: 'Zephyr Street', roadClass: 4, points: [offset(T0, 0, -800), T0, offset(T0, 0, 800)] },
      { name: 'Quill Avenue West', roadClass: 2, points: [offset(T0, -700, 0), T0, offset(T0, 700, 0)] },
      { name: 'Zorn', untyped: true, roadClass: 3, points: [offset(O_LONG, 0, -1200), O_LONG, offset(O_LONG, 0, 1200)] },
      { name: 'Zorn', untyped: true, roadClass: 1, points: [offset(O_SHORT, 0, -40), offset(O_SHORT, 0, 40)] },
      { name: 'Yarrow', untyped: true, roadClass: 2, points: [offset(O_SHORT, -300, 0), offset(O_LONG, 300, 0)] },
    ])
    // As a street of the GTA network (one that holds every street of its area: store-format.ts COVERING_STREET_SOURCES).
    memory.addStreets('gta', [
      {
        name: 'Harbour Test Quay',
        roadClass: 2,
        points: [
          [SHORE, -79.39],
          [SHORE, -79.36],
        ],
      },
    ])
  })

  it('places typed intersections where the centrelines cross, in any typed form', async () => {
    for (const address of [
      'Zephyr St & Quill Ave W, Toronto',
      'Zephyr and Quill, Toronto',
      'Quill Avenue West / Zephyr Street, Toronto, ON',
    ]) {
      const res = await score({ address })
      expect(res.precision, address).toBe('intersection')
      expect(metres(res, T0), address).toBeLessThan(10)
      expect(res.accuracyM).toBeGreaterThanOrEqual(metres(res, T0))
    }
  })

  it('reads typed forms the hold-out truth sets found failing: a numbered street first, a name ending in a type word', async () => {
    const calgary = geocodeOffline('Calgary, AB')!
    const c = offset([calgary.lat, calgary.lng], 400, -1200)
    const t = offset(T0, -2500, 1500)
    memory.addStreets('fixture-typed', [
      { name: '12 Avenue SE', roadClass: 3, points: [offset(c, -600, 0), c, offset(c, 600, 0)] },
      { name: 'Macleod Trail SE', roadClass: 4, points: [offset(c, 0, -600), c, offset(c, 0, 600)] },
      { name: 'Clanton Park Road', roadClass: 1, points: [offset(t, 0, -400), t, offset(t, 0, 400)] },
      { name: 'Gladiola Avenue', roadClass: 1, points: [offset(t, -400, 0), t, offset(t, 400, 0)] },
    ])
    for (const [address, at] of [
      ['12 Avenue SE & Macleod Trail SE, Calgary, AB', c],
      ['Gladiola and Clanton Park, Toronto', t],
    ] as const) {
      const res = await score({ address })
      expect(res.precision, address).toBe('intersection')
      expect(metres(res, at), address).toBeLessThan(10)
    }
  })

  it('where a name repeats, takes the crossing on its main body, not the one nearest the centre', async () => {
    const res = await score({ address: 'Zorn St & Yarrow Dr, Ottawa, ON' })
    expect(res.precision).toBe('intersection')
    expect(metres(res, O_LONG)).toBeLessThan(15)
  })

  it('finds the nearest street from coordinates: name, class, side and offset', async () => {
    const east = offset(T0, 15, 300)
    const hit = await reverseStreet(memory.store.streets, east[0], east[1])
    expect(hit).toMatchObject({ name: 'Zephyr', type: 'Street', roadClass: 4, side: 'E' })
    expect(hit!.offsetM).toBeCloseTo(15, 0)
    const far = offset(T0, 400, 400)
    expect(await reverseStreet(memory.store.streets, far[0], far[1])).toBeUndefined()
  })

  it('gives one answer per place: an address and its own coordinates resolve the same road and score within 3', async () => {
    const byAddress = await score({ address: '120 Zephyr St, Toronto, ON' })
    expect(byAddress.precision).toBe('address')
    const p = pointOf(ZEPHYR_POINTS, 120)
    const byPoint = await score({ lat: p.lat, lng: p.lng })
    expect(byPoint.factorScores.roadClass.raw.value).toBe(byAddress.factorScores.roadClass.raw.value)
    expect(Math.abs(byPoint.overallScore - byAddress.overallScore)).toBeLessThanOrEqual(3)
  })

  it('a corner is seen from both streets: the address at the corner and its coordinates count the same two', async () => {
    const byAddress = await score({ address: '58 Zephyr St, Toronto, ON' })
    expect(byAddress.precision).toBe('address')
    const p = pointOf(ZEPHYR_POINTS, 58)
    const byPoint = await score({ lat: p.lat, lng: p.lng })
    for (const res of [byAddress, byPoint]) {
      const streets = res.audience.streets as { name: string; roadClass: number; dailyVehicles: number }[]
      expect(streets.map((s) => s.name).sort()).toEqual(['Quill Avenue West', 'Zephyr Street'])
      const busier = Math.max(...streets.map((s) => s.dailyVehicles))
      expect(res.factorScores.vehicleTraffic.raw.value).toBe(busier)
      expect(res.factorScores.roadClass.raw.value).toBe(4)
      expect(res.audience.dailyVehicles).toBeGreaterThan(busier)
    }
    expect(Math.abs(byPoint.overallScore - byAddress.overallScore)).toBeLessThanOrEqual(3)
    // 100 m up the street, Quill is out of sight.
    const mid = pointOf(ZEPHYR_POINTS, 80)
    const alone = await score({ lat: mid.lat, lng: mid.lng })
    expect(alone.audience.streets.map((s: { name: string }) => s.name)).toEqual(['Zephyr Street'])
  })

  it('open water where the network holds streets around: NO_ROAD_NEARBY, no traffic; the shore street is a road', async () => {
    const water = await score(HARBOUR)
    expect(water.warnings.map((w: { code: string }) => w.code)).toContain('NO_ROAD_NEARBY')
    expect(water.factorScores.vehicleTraffic.raw.value).toBe(0)
    expect(water.audience.streets).toEqual([])
    const shore = await score({ lat: SHORE - 0.0002, lng: HARBOUR.lng })
    expect(shore.warnings.map((w: { code: string }) => w.code)).not.toContain('NO_ROAD_NEARBY')
    expect(shore.audience.streets[0]).toMatchObject({ name: 'Harbour Test Quay', roadClass: 2 })
  })

  it('an unknown street in a city the store knows: STREET_NOT_FOUND, city precision, every factor at low confidence', async () => {
    const res = await score({ address: '1 Nonexistent Crescent, Toronto' })
    expect(res.precision).toBe('city')
    const codes = res.warnings.map((w: { code: string }) => w.code)
    expect(codes).toEqual(['STREET_NOT_FOUND', 'LOCATED_AT_CITY'])
    expect(res.warnings[1].message).toMatch(/^located at the centre of .*Toronto.*±\d+ km; factor values are city averages$/)
    for (const factor of Object.values(res.factorScores) as { raw: { confidence: string } }[]) expect(factor.raw.confidence).toBe('low')
  })

  it('an intersection whose cross street the data lacks: the known street at street precision, never the city', async () => {
    const res = await score({ address: 'Zephyr St & Nonexistent Rd, Toronto' })
    expect(res.precision).toBe('street')
    expect(res.warnings.map((w: { code: string }) => w.code)).toEqual(['STREET_NOT_FOUND', 'LOCATED_AT_STREET'])
    expect(res.warnings[0].message).toMatch(/"Nonexistent Rd" not found in Toronto.*located on Zephyr St/)
    // On Zephyr (its centreline north–south through T0, or one of its lots 12 m aside); its radius reaches both ends.
    expect(Math.abs(res.lng - T0[1]) * 111_195 * Math.cos((T0[0] * Math.PI) / 180)).toBeLessThan(15)
    for (const end of [offset(T0, 0, -800), offset(T0, 0, 800)]) expect(res.accuracyM).toBeGreaterThanOrEqual(metres(res, end) - 1)
  })

  it('two known streets whose data do not meet: one of them at street precision, at its point nearest the other', async () => {
    // Wombat Road runs east–west 1.5 km north of Zephyr's north end: the typed pair meets nowhere in the data.
    const w = offset(T0, 0, 2300)
    memory.addStreets('fixture-apart', [{ name: 'Wombat Road', roadClass: 3, points: [offset(w, -500, 0), w, offset(w, 500, 0)] }])
    const res = await score({ address: 'Wombat Rd & Zephyr St, Toronto, ON' })
    expect(res.precision).toBe('street')
    expect(res.warnings.map((x: { code: string }) => x.code)).toEqual(['INTERSECTION_NOT_FOUND', 'LOCATED_AT_STREET'])
    // Where the two come nearest: Wombat's point above Zephyr's north end, or that end (or its last lot).
    const on = /^located on (Wombat Rd|Zephyr St), /.exec(res.warnings[1].message)?.[1]
    expect(on).toBeDefined()
    expect(metres(res, on === 'Wombat Rd' ? w : offset(T0, 0, 800))).toBeLessThan(30)
  })

  it('stays at the city when the known street says no more: address points alone, or a street as long as the city', () => {
    const lookup = planAddressLookup('Zephyr St & Nonexistent Rd, Toronto')!
    // Address points only (no centreline): where its lots stop says nothing of where the street runs.
    const points: AddressPoint[] = [2, 4, 6].map((n) => ({
      ...streetKeyOfText('Zephyr St')!,
      cityKey: 'toronto',
      number: n,
      suffix: '',
      lat: T0[0] + n * 1e-4,
      lng: T0[1],
    }))
    expect(resolveAddressLookup(lookup, { points, cityInStore: true })!.precision).toBe('city')
    // A centreline running 40 km either way: its radius would exceed the city's.
    const line = [offset(T0, 0, -40_000), offset(T0, 0, 40_000)].map(([lat, lng]): [number, number] => [lng, lat])
    const pieces = pieceRows(streetKeyOfText('Zephyr Street')!, 'Zephyr Street', 4, line).map((r) => decodePiece({ ...r, source: 'test' }))
    const long = resolveAddressLookup(lookup, { points: [], cityInStore: true, pieces })!
    expect(long.precision).toBe('city')
    expect(long.warnings?.map((w) => w.code)).toEqual(['STREET_NOT_FOUND'])
  })

  it('a postal-area position says so; an address point carries no warning', async () => {
    const postal = await score({ address: 'Toronto, ON M5V' })
    expect(postal.precision).toBe('postal_code')
    expect(postal.warnings.map((w: { code: string }) => w.code)).toEqual(['LOCATED_AT_POSTAL_AREA'])
    const exact = await score({ address: '120 Zephyr St, Toronto, ON' })
    expect(exact.warnings).toEqual([])
  })

  it("keeps an interpolated point at least 5 m off the centreline, on its numbers' side", () => {
    // Points digitised almost on the centreline (3 m off): evens east, odds west of a north–south street.
    const along = (n: number, eastM: number) => offset(T0, eastM, n * 5)
    const points: AddressPoint[] = [2, 4, 6, 8, 10, 14, 16, 18, 3, 5, 7, 9, 13, 15, 17].map((n) => {
      const [lat, lng] = along(n, n % 2 === 0 ? 3 : -3)
      return { ...streetKeyOfText('Zephyr St')!, cityKey: 'toronto', number: n, suffix: '', lat, lng }
    })
    const line = [offset(T0, 0, -100), offset(T0, 0, 300)].map(([lat, lng]): [number, number] => [lng, lat])
    const pieces = pieceRows(streetKeyOfText('Zephyr Street')!, 'Zephyr Street', 4, line).map((r) => decodePiece({ ...r, source: 'test' }))
    for (const [n, side] of [
      [12, 1],
      [11, -1],
    ]) {
      const lookup = planAddressLookup(`${n} Zephyr St, Toronto, ON`)!
      const r = resolveAddressLookup(lookup, { points, cityInStore: true, pieces })!
      expect(r.precision).toBe('interpolated')
      const eastM = (r.lng - T0[1]) * 111_195 * Math.cos((T0[0] * Math.PI) / 180)
      expect(eastM * side, `${n}`).toBeGreaterThanOrEqual(4.9)
      expect(metres(r, along(n, 5 * side))).toBeLessThan(2)
    }
  })
})
