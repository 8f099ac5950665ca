// The Cities' corners (scripts/lib/city-corners.ts) as a gazetteer of typed intersections: names matched with
// the street-key rules, both orders, the City abbreviations (AV, ST, DRIVE, E/W); the spatial-block hold-out.
import { describe, expect, it } from 'vitest'
import {
  cityCase,
  cornerRows,
  gtaHoleLines,
  heldOutBlock,
  splitHoldout,
  torontoCorners,
  vancouverCorners,
} from '../../scripts/lib/city-corners'
import polyline from '@mapbox/polyline'
import { planAddressLookup, resolveAddressLookup } from '../../src/geo/geocode/address-lookup'
import { cornerOf, type Corner } from '../../src/geo/geocode/corners'
import { streetsCompatible } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'

const TORONTO = [
  'signal_id,street_1,midblock_offset,street_2,street_3,lat,lng,count_date,vehicles_8h,pedestrians_8h',
  '1,DUFFERIN ST,,FINCH AVE W,,43.769500,-79.469800,2015-01-01,1,1',
  '2,DANFORTH AVE,,PAPE AVE,,43.678900,-79.345200,2015-01-01,1,1',
  '3,BAYVIEW AVE,265m SOUTH OF,POST RD,,43.740000,-79.383000,2015-01-01,1,1',
].join('\n')
const VANCOUVER = [
  'xstreet,street_1,street_2,local_area,on_street,at_street,lat,lng',
  'W GEORGIA ST AND GRANVILLE ST,W GEORGIA ST,GRANVILLE ST,Downtown,1,2,49.282494,-123.118121',
  'E 12TH AV AND COMMERCIAL DRIVE,E 12TH AV,COMMERCIAL DRIVE,Grandview,3,4,49.259561,-123.069816',
].join('\n')

const corners: Corner[] = cornerRows([...torontoCorners(TORONTO), ...vancouverCorners(VANCOUVER)]).map(
  ([na, ta, da, nb, tb, db, name, , lat, lng]) => ({
    a: { nameKey: String(na), typeKey: String(ta), dir: String(da) },
    b: { nameKey: String(nb), typeKey: String(tb), dir: String(db) },
    name: String(name),
    lat: Number(lat) / 1e5,
    lng: Number(lng) / 1e5,
  }),
)
const geocode = (text: string) => {
  const lookup = planAddressLookup(text)!
  return resolveAddressLookup(lookup, { points: [], cityInStore: true, pieces: [], streetsInArea: true, corners })
}
const metres = (r: { lat: number; lng: number } | null, lat: number, lng: number) => distanceKm(r!.lat, r!.lng, lat, lng) * 1000

describe('City corners as a gazetteer', () => {
  it('writes each corner once per street order, mixed-case names, and no mid-block signal', () => {
    const names = corners.map((c) => c.name)
    expect(names).toContain('Dufferin St & Finch Ave W')
    expect(names).toContain('Finch Ave W & Dufferin St')
    expect(names).toContain('E 12th Av & Commercial Drive')
    expect(names.some((n) => /Bayview|Post Rd/.test(n))).toBe(false)
    expect(cityCase("O'CONNOR DR")).toBe("O'Connor Dr")
  })

  it('finds a corner typed in the forms users write, either order, with the City abbreviations or without', () => {
    for (const [text, lat, lng] of [
      ['Dufferin St & Finch Ave W, Toronto, ON', 43.7695, -79.4698],
      ['Finch Avenue West and Dufferin Street, Toronto', 43.7695, -79.4698],
      ['DUFFERIN ST AND FINCH AVE W, Toronto', 43.7695, -79.4698],
      ['Danforth and Pape, Toronto', 43.6789, -79.3452],
      ['W GEORGIA ST AND GRANVILLE ST, Vancouver, BC', 49.282494, -123.118121],
      ['Granville St & W Georgia Street, Vancouver', 49.282494, -123.118121],
      ['Commercial Dr & East 12th Avenue, Vancouver, BC', 49.259561, -123.069816],
    ] as const) {
      const r = geocode(text)
      expect(r?.precision, text).toBe('intersection')
      expect(metres(r, lat, lng), text).toBeLessThan(1)
      expect(r!.accuracyM).toBeGreaterThanOrEqual(25)
    }
  })

  it('never takes a corner whose type or direction disagrees with the one typed', () => {
    expect(geocode('Dufferin St & Finch Ave E, Toronto')?.precision).not.toBe('intersection')
    expect(geocode('E Georgia St & Granville St, Vancouver')?.precision).not.toBe('intersection')
    expect(geocode('Commercial Dr & E 12th St, Vancouver')?.precision).not.toBe('intersection')
    const [dufferin, finch] = planAddressLookup('Dufferin Rd & Finch Ave W, Toronto')!.streets
    expect(cornerOf([dufferin, finch], corners, streetsCompatible)).toBeUndefined()
  })

  it('holds out whole spatial blocks, about one in eight, the same on every run', () => {
    const grid = Array.from({ length: 4000 }, (_, i) => [43.6 + (i % 80) * 0.004, -79.6 + Math.floor(i / 80) * 0.005] as const)
    const share = grid.filter(([lat, lng]) => heldOutBlock(lat + 0.001, lng + 0.001)).length / grid.length
    expect(share).toBeGreaterThan(0.09)
    expect(share).toBeLessThan(0.16)
    // Every corner of a block goes the same way.
    for (const [lat, lng] of grid.slice(0, 200))
      expect(heldOutBlock(lat + 0.0001, lng + 0.0001)).toBe(heldOutBlock(lat + 0.0039, lng + 0.0049))
    const all = torontoCorners(TORONTO)
    const { kept, held } = splitHoldout(all)
    expect(kept.length + held.length).toBe(all.length)
  })
})

describe('hole lines through the City signals', () => {
  // Dundas St has no centreline near Yonge St in the GTA file; the City names the Yonge St signal without a
  // direction (the two halves meet there) and the others with one.
  const signals = [
    'signal_id,street_1,midblock_offset,street_2,street_3,lat,lng,count_date,vehicles_8h,pedestrians_8h',
    '36,YONGE ST,,DUNDAS ST,,43.656326,-79.380912,2015-04-11,1,1',
    '1905,DUNDAS ST E,,VICTORIA ST,,43.656300,-79.379550,2015-04-13,1,1',
    '21,DUNDAS ST E,,CHURCH ST,,43.656499,-79.377127,2015-04-13,1,1',
    '265,DUNDAS ST W,,MC CAUL ST,,43.654313,-79.391437,2015-04-13,1,1',
    // Off Yonge St a name without a direction is its own street, even where the names file has halves.
    '900,KINGSTON RD,,MARKHAM RD,,43.738817,-79.217042,2015-04-13,1,1',
    '901,KINGSTON RD W,,FOO ST,,43.742000,-79.213000,2015-04-13,1,1',
    '902,KINGSTON RD W,,BAR ST,,43.745000,-79.209000,2015-04-13,1,1',
  ].join('\n')
  const names = [
    'name,highway,has_geometry',
    'Dundas Street East,primary,0',
    'Dundas Street West,primary,0',
    'Yonge Street,primary,0',
    'Kingston Road East,primary,0',
    'Kingston Road West,primary,0',
  ].join('\n')
  const { rows } = gtaHoleLines(torontoCorners(signals), [], [], names)
  const nearest = (dir: string, lat: number, lng: number, nameKey = 'dundas') =>
    Math.min(
      ...rows
        .filter((r) => r.nameKey === nameKey && r.dir === dir)
        .flatMap((r) => polyline.decode(r.line, 5))
        .map(([a, b]) => distanceKm(a, b, lat, lng) * 1000),
    )

  it('takes a signal named without a direction into both halves of the street, so each reaches Yonge St', () => {
    expect(nearest('E', 43.656326, -79.380912)).toBeLessThan(1)
    expect(nearest('W', 43.656326, -79.380912)).toBeLessThan(1)
    // Each half keeps its own side: no east signal on the west line.
    expect(nearest('W', 43.656499, -79.377127)).toBeGreaterThan(300)
    expect(rows.every((r) => r.roadClass === 40)).toBe(true)
  })

  it('keeps a name without a direction off Yonge St out of the halves', () => {
    expect(nearest('W', 43.742, -79.213, 'kingston')).toBeLessThan(1)
    expect(nearest('W', 43.738817, -79.217042, 'kingston')).toBeGreaterThan(300)
  })
})
