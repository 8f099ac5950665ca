// Lines through a street's address points where the GTA file has no centreline (scripts/lib/address-line.ts),
// and what intersections make of them (src/geo/geocode/address-lookup.ts).
import { describe, expect, it } from 'vitest'
import { addressLines, gtaAddressLineRows, metresToLines } from '../../scripts/lib/address-line'
import { pieceFields, pieceRows } from '../../scripts/lib/geodata-store-streets'
import type { AddressRecord } from '../../scripts/lib/address-import'
import { planAddressLookup, resolveAddressLookup, type AddressPoint } from '../../src/geo/geocode/address-lookup'
import { decodePiece } from '../../src/geo/geocode/street-pieces'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'

const LAT = 43.68
const KY = 111_195
const KX = KY * Math.cos((LAT * Math.PI) / 180)
/** A point `east` and `north` metres from a fixed origin in Toronto, as [lng, lat]. */
const at = (east: number, north: number): [number, number] => [-79.35 + east / KX, LAT + north / KY]

describe('addressLines', () => {
  it('runs between the lots of both sides, in order along the street', () => {
    const lots = Array.from({ length: 20 }, (_, i) => at(i * 30, i % 2 ? 20 : -20))
    const [line, ...rest] = addressLines(lots)
    expect(rest).toHaveLength(0)
    for (const [, lat] of line) expect(Math.abs((lat - LAT) * KY)).toBeLessThan(8)
    const easts = line.map(([lng]) => lng)
    expect([...easts].sort((a, b) => a - b)).toEqual(easts.slice().sort((a, b) => a - b))
    expect(Math.abs(easts[easts.length - 1] - easts[0]) * KX).toBeGreaterThan(400)
  })

  it('bridges gaps up to 600 m between lots and not longer ones', () => {
    const block = (from: number) => Array.from({ length: 6 }, (_, i) => at(from + i * 25, 15))
    expect(addressLines([...block(0), ...block(125 + 500)])).toHaveLength(1)
    expect(addressLines([...block(0), ...block(125 + 800)])).toHaveLength(2)
  })

  it('follows a street that turns a corner instead of cutting across it', () => {
    const east = Array.from({ length: 10 }, (_, i) => at(i * 50, 15))
    const north = Array.from({ length: 10 }, (_, i) => at(465, 50 + i * 50))
    const lines = addressLines([...east, ...north])
    // The corner's inside (250 m east, 250 m north) is far from the street: the line must not pass there.
    expect(metresToLines(lines, ...at(250, 250))).toBeGreaterThan(150)
    expect(metresToLines(lines, ...at(465, 15))).toBeLessThan(60)
  })

  it('draws nothing for a lone lot', () => {
    expect(addressLines([at(0, 0)])).toEqual([])
  })
})

const record = (nameKey: string, typeKey: string, east: number, north: number, number: number): AddressRecord => {
  const [lng, lat] = at(east, north)
  return {
    cityKey: 'toronto',
    nameKey,
    typeKey,
    dir: '',
    number,
    suffix: '',
    latE5: Math.round(lat * 1e5),
    lngE5: Math.round(lng * 1e5),
    street: '',
    city: '',
  }
}

describe('gtaAddressLineRows', () => {
  const names = 'name,highway,has_geometry\nDanforth Avenue,primary,0\nPape Avenue,tertiary,1\n'
  const danforth = Array.from({ length: 12 }, (_, i) => record('danforth', 'ave', i * 40, i % 2 ? 25 : -25, 100 + i))

  it('builds a line with the class and name of the names file where the street has no centreline', () => {
    const { rows } = gtaAddressLineRows(danforth, [], names)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.name === 'Danforth Avenue' && r.roadClass === 40)).toBe(true)
  })

  it('builds nothing where the street already has its centreline', () => {
    const centreline = pieceRows({ nameKey: 'danforth', typeKey: 'ave', dir: '' }, 'Danforth Avenue', 4, [at(-50, 0), at(500, 0)])
    expect(gtaAddressLineRows(danforth, centreline, names).rows).toEqual([])
  })

  it('skips streets the names file does not list', () => {
    const other = danforth.map((r) => ({ ...r, nameKey: 'nowhere' }))
    expect(gtaAddressLineRows(other, [], names).rows).toEqual([])
  })
})

describe('an intersection on an address line', () => {
  // Pape Ave has a centreline (north-south at 400 m east); Danforth Ave only lots on one side that stop 325 m
  // and 250 m short of it: the crossing lies on Pape where Danforth's lots line up, within the radius given.
  const lots: AddressPoint[] = Array.from({ length: 4 }, (_, i) => {
    const [lng, lat] = at(i * 25, 20)
    return { cityKey: 'toronto', nameKey: 'danforth', typeKey: 'ave', dir: '', number: 10 + 2 * i, suffix: '', lat, lng }
  })
  const farLots = lots.map((p, i) => {
    const [lng, lat] = at(650 + i * 25, 20)
    return { ...p, number: 200 + 2 * i, lat, lng }
  })
  const pape = pieceRows({ nameKey: 'pape', typeKey: 'ave', dir: '' }, 'Pape Avenue', 2, [at(400, -600), at(400, 600)]).map((r) =>
    decodePiece({ source: 'gta', ...r }),
  )
  const line = pieceRows(
    { nameKey: 'danforth', typeKey: 'ave', dir: '' },
    'Danforth Avenue',
    4,
    addressLines([...lots, ...farLots].map((p) => [p.lng, p.lat]))[0],
  ).map((r) => decodePiece({ source: 'gta-address-line', ...r }))

  it('is placed where the lots line up across the centreline, within its radius', () => {
    const lookup = planAddressLookup('Danforth Ave & Pape Ave, Toronto, ON')!
    const store = { points: [...lots, ...farLots], cityInStore: true, streetsInArea: true }
    const withLine = resolveAddressLookup(lookup, { ...store, pieces: [...pape, ...line] })
    expect(withLine?.precision).toBe('intersection')
    const [lng, lat] = at(400, 20)
    const errorM = Math.hypot((withLine!.lat - lat) * KY, (withLine!.lng - lng) * KX)
    expect(errorM).toBeLessThan(withLine!.accuracyM)
    expect(withLine!.accuracyM).toBeGreaterThanOrEqual(40)
  })
})

describe('the street at a coordinate on an address line', () => {
  it('names the hole road, with the class of its name, not the side street beside it', async () => {
    const fields = (r: ReturnType<typeof pieceRows>[number]) => pieceFields(r).map(String)
    // Danforth Ave: lots along 0–1000 m east, no centreline; Pape Ave's centreline ends 45 m south of the point asked.
    const lots = Array.from({ length: 30 }, (_, i) => at(i * 33, i % 2 ? 20 : -20))
    const danforth = addressLines(lots).flatMap((line) =>
      pieceRows({ nameKey: 'danforth', typeKey: 'ave', dir: '' }, 'Danforth Avenue', 4, line),
    )
    const pape = pieceRows({ nameKey: 'pape', typeKey: 'ave', dir: '' }, 'Pape Avenue', 2, [at(500, -600), at(500, -45)])
    const store = memoryGeodata(
      [],
      [
        ...danforth.map((r) => ({ source: 'gta-address-line', fields: fields(r) })),
        ...pape.map((r) => ({ source: 'gta', fields: fields(r) })),
      ],
    )
    const [lng, lat] = at(500, 5)
    const street = await store.locate(lat, lng)
    expect(street?.name).toBe('Danforth')
    expect(street?.roadClass).toBe(4)
    expect(street?.classSource).toMatch(/line through its address points/)
    const without = memoryGeodata(
      [],
      pape.map((r) => ({ source: 'gta', fields: fields(r) })),
    )
    expect((await without.locate(lat, lng))?.name).toBe('Pape')
  })
})
