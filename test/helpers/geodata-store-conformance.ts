// One conformance suite for the geodata store's port (src/services/geodata-store.ts): the same fixture
// rows, loaded into an adapter (D1 in workerd, the artefacts in memory in Node), must give the same
// answers. The rows are written by the build's own code (pieceRows), as `npm run build:geodata-store` does.
import { describe, expect, it } from 'vitest'
import { planAddressLookup } from '../../src/geo/geocode/address-lookup'
import { geocodeOffline } from '../../src/geo/geocode'
import { cellOf } from '../../src/geo/geodata/store-format'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { countCellsAround } from '../../src/services/count-store'
import type { GeodataStore } from '../../src/services/geodata-store'
import { pieceFields, pieceRows } from '../../scripts/lib/geodata-store-streets'
import { offset } from './street-fixture'

type LatLng = [number, number]
const toronto = geocodeOffline('Toronto, ON')!
/** The fixture's corner: Quill Ave (east–west) meets Zephyr St (north–south). */
export const X = offset([toronto.lat, toronto.lng], 1000, 2000)
const FAR = offset(X, 20_000, 0)
const e5 = (d: number) => Math.round(d * 1e5)

function lineRows(text: string, display: string, roadClass: number, points: LatLng[]): string[][] {
  return pieceRows(
    streetKeyOfText(text)!,
    display,
    roadClass,
    points.map(([lat, lng]) => [lng, lat]),
  ).map((r) => pieceFields(r).map(String))
}
const address = (nameKey: string, typeKey: string, n: number, [lat, lng]: LatLng) => [
  'toronto',
  nameKey,
  typeKey,
  '',
  String(n),
  '',
  String(e5(lat)),
  String(e5(lng)),
]
const corner = (a: string, b: string, [lat, lng]: LatLng): string[][] => {
  const [ka, kb] = [streetKeyOfText(a)!, streetKeyOfText(b)!]
  const row = (p: typeof ka, q: typeof kb, name: string) =>
    [p.nameKey, p.typeKey, p.dir, q.nameKey, q.typeKey, q.dir, name, cellOf(lat, lng), e5(lat), e5(lng)].map(String)
  return [row(ka, kb, `${a} & ${b}`), row(kb, ka, `${b} & ${a}`)]
}
const count = (kind: string, [lat, lng]: LatLng, vehicles: number, name: string) =>
  [kind, cellOf(lat, lng), e5(lat), e5(lng), vehicles, '', 2019, name].map(String)

/** The fixture, as artefact rows of each kind (the columns of src/geo/geodata/store-format.ts). */
export const FIXTURE = {
  addresses: [
    // Quill Ave: even numbers on its north side, 15 m back, every 20 m east of the corner.
    ...[0, 1, 2, 3, 4, 5].map((i) => address('quill', 'ave', 10 + 2 * i, offset(X, 20 + 20 * i, 15))),
    address('zephyr', 'st', 7, offset(X, -15, -60)),
  ],
  streets: {
    fixture: [
      ...lineRows('Quill Ave', 'Quill Avenue', 1, [offset(X, -600, 0), X, offset(X, 600, 0)]),
      ...lineRows('Zephyr St', 'Zephyr Street', 4, [offset(X, 0, -600), X, offset(X, 0, 600)]),
      ...lineRows('Quill Ave', 'Quill Avenue', 1, [FAR, offset(FAR, 300, 0)]),
    ],
  },
  corners: [...corner('Quill Ave', 'Zephyr St', X), ...corner('Zephyr St', 'Other Rd', offset(X, 0, 300))],
  counts: [count('intersection', X, 30_000, 'Quill Ave & Zephyr St'), count('site', FAR, 900, 'Quill Ave')],
}

const metresTo = (p: { lat: number; lng: number }, [lat, lng]: LatLng) => distanceKm(p.lat, p.lng, lat, lng) * 1000
const near = { lat: X[0], lng: X[1], radiusKm: 2 }

/** Runs the suite against one adapter; `store` is called once the adapter holds FIXTURE. */
export function geodataStoreConformance(adapter: string, store: () => Promise<GeodataStore>) {
  describe(`geodata store port: ${adapter}`, () => {
    it('streets.named: the named street’s pieces within the radius, not its namesake 20 km away', async () => {
      const pieces = await (await store()).streets.named(['quill'], near)
      expect(pieces.length).toBeGreaterThan(0)
      expect(new Set(pieces.map((p) => `${p.nameKey}|${p.typeKey}|${p.name}|${p.source}`))).toEqual(
        new Set(['quill|ave|Quill Avenue|fixture']),
      )
      expect(Math.max(...pieces.flatMap((p) => p.coords.map(([lng, lat]) => metresTo({ lat, lng }, X))))).toBeLessThan(700)
      expect(await (await store()).streets.named([], near)).toEqual([])
    })

    it('streets.named: as many names as a numbered grid asks for at once (two numbers, 17 each, bare and ordinal)', async () => {
      const many = [...Array.from({ length: 70 }, (_, i) => (i % 2 ? `${100 + i}th` : String(100 + i))), 'quill']
      const pieces = await (await store()).streets.named(many, near)
      expect(new Set(pieces.map((p) => p.nameKey))).toEqual(new Set(['quill']))
    })

    it('streets.around: every piece near the point with its class, none from far away', async () => {
      const pieces = await (await store()).streets.around(X[0], X[1])
      const names = new Set(pieces.map((p) => `${p.name}:${p.roadClass}`))
      expect(names).toEqual(new Set(['Quill Avenue:1', 'Zephyr Street:4']))
      expect(await (await store()).streets.around(FAR[0] + 0.2, FAR[1])).toEqual([])
    })

    it('nearestPoint: the nearest address point within the distance, another street’s when asked', async () => {
      const s = await store()
      const at = offset(X, 25, 10)
      expect((await s.nearestPoint(at[0], at[1], 100))?.number).toBe(10)
      expect((await s.nearestPoint(at[0], at[1], 100, 'quill'))?.nameKey).toBe('zephyr')
      expect(await s.nearestPoint(at[0], at[1], 3)).toBeUndefined()
    })

    it('addressPoints: the street’s points in the city, and whether the city is in the store', async () => {
      const s = await store()
      const found = await s.addressPoints(planAddressLookup('14 Quill Ave, Toronto, ON')!)
      expect(found.cityInStore).toBe(true)
      expect(found.points.map((p) => p.number).sort((a, b) => a - b)).toEqual([10, 12, 14, 16, 18, 20])
      expect(found.points.every((p) => p.nameKey === 'quill')).toBe(true)
      const elsewhere = await s.addressPoints(planAddressLookup('14 Quill Ave, Calgary, AB')!)
      expect(elsewhere.cityInStore).toBe(false)
      expect(elsewhere.points).toEqual([])
    })

    it('corners: every listed corner of either named street near the place, in both orders', async () => {
      const corners = await (await store()).corners(['quill', 'zephyr'], near)
      expect(new Set(corners.map((c) => c.name))).toEqual(
        new Set(['Quill Ave & Zephyr St', 'Zephyr St & Quill Ave', 'Zephyr St & Other Rd']),
      )
      const at = corners.find((c) => c.name === 'Quill Ave & Zephyr St')!
      expect(metresTo(at, X)).toBeLessThan(2)
      expect(await (await store()).corners(['quill'], { ...near, lat: FAR[0] + 0.2 })).toEqual([])
    })

    it('counts.inCells: the counts in the cells asked, as plain data', async () => {
      const counts = await (await store()).counts.inCells(countCellsAround(X[0], X[1]))
      expect(counts.map((c) => [c.kind, c.vehicles, c.name, c.pedestrians])).toEqual([
        ['intersection', 30_000, 'Quill Ave & Zephyr St', undefined],
      ])
      expect(metresTo(counts[0], X)).toBeLessThan(2)
      const far = await (await store()).counts.inCells([cellOf(FAR[0], FAR[1])])
      expect(far.map((c) => c.vehicles)).toEqual([900])
    })
  })
}
