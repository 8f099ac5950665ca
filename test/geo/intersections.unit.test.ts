// Typed intersections resolved by the geocoder's own code on small fixture networks (no store, no ../shared):
// each case is a typed form or a choice that `npm run validate:intersections` found failing, and fails again
// if that fix is undone.
import { describe, expect, it } from 'vitest'
import { planAddressLookup, resolveAddressLookup, type AddressPoint, type StoreAnswer } from '../../src/geo/geocode/address-lookup'
import { geocodeOffline } from '../../src/geo/geocode'
import { parseIntersection } from '../../src/geo/geocode/intersection-text'
import { decodePiece, type StreetPiece } from '../../src/geo/geocode/street-pieces'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'
import { offset } from '../helpers/street-fixture'

type LatLng = [number, number]
const metres = (a: { lat: number; lng: number }, b: LatLng) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
const centreOf = (city: string): LatLng => {
  const c = geocodeOffline(city)!
  return [c.lat, c.lng]
}

/** Pieces as the store holds them (the build's own pieceRows, decoded like D1 rows). */
function line(name: string, points: LatLng[], options: { untyped?: boolean; source?: string } = {}): StreetPiece[] {
  const key = options.untyped ? { nameKey: name.toLowerCase(), typeKey: '', dir: '' } : streetKeyOfText(name)!
  return pieceRows(
    key,
    name,
    2,
    points.map(([lat, lng]) => [lng, lat]),
  ).map((r) => decodePiece({ ...r, source: options.source ?? 'fixture' }))
}
/** A straight street through `at`, `halfM` each way, east–west or north–south. */
const straight = (at: LatLng, halfM: number, ew: boolean): LatLng[] =>
  ew ? [offset(at, -halfM, 0), at, offset(at, halfM, 0)] : [offset(at, 0, -halfM), at, offset(at, 0, halfM)]

function geocode(text: string, pieces: StreetPiece[], points: AddressPoint[] = []) {
  const lookup = planAddressLookup(text)
  expect(lookup, text).toBeDefined()
  const answer: StoreAnswer = { points, cityInStore: points.length > 0, pieces, streetsInArea: true }
  return resolveAddressLookup(lookup!, answer)
}

describe('typed intersections: parsing', () => {
  it('reads a numbered street written first as a street, not a civic number', () => {
    expect(parseIntersection('12 Avenue SE & Macleod Trail SE, Calgary')).toMatchObject({ a: '12 Avenue SE', b: 'Macleod Trail SE' })
    expect(parseIntersection('4 st nw / centre st, calgary')).toMatchObject({ a: '4 st nw', b: 'centre st' })
    expect(parseIntersection('coin 3e Rue et 71e Avenue, Montréal')).toMatchObject({ a: '3e Rue', b: '71e Avenue' })
    expect(parseIntersection('58e & de Montigny Montréal')).toMatchObject({ a: '58e', b: 'de Montigny', rest: 'Montréal' })
    expect(parseIntersection('128A Avenue & 168 Street, Edmonton, AB')).toMatchObject({ a: '128A Avenue', b: '168 Street' })
  })

  it('reads "corner of A and B" as A and B, and a city and province written without commas', () => {
    expect(parseIntersection('corner of Queen and Spadina, Toronto')).toMatchObject({ a: 'Queen', b: 'Spadina', rest: 'Toronto' })
    expect(parseIntersection('at the corner of Yonge & Bloor, Toronto')).toMatchObject({ a: 'Yonge', b: 'Bloor' })
    expect(parseIntersection('intersection of King and Bay, Toronto')).toMatchObject({ a: 'King', b: 'Bay' })
    expect(parseIntersection('Robson & Thurlow Vancouver BC')).toMatchObject({ a: 'Robson', b: 'Thurlow', rest: 'Vancouver, BC' })
    expect(parseIntersection('Yonge and Dundas Toronto')).toMatchObject({ a: 'Yonge', b: 'Dundas', rest: 'Toronto' })
  })

  it('reads "Ste-Catherine" as a street, "Ste 5" as a suite', () => {
    expect(parseIntersection('Ste-Catherine & Peel, Montréal')).toMatchObject({ a: 'Ste-Catherine', b: 'Peel' })
    expect(parseIntersection('Ste Catherine et Peel, Montréal')).toMatchObject({ a: 'Ste Catherine', b: 'Peel' })
    expect(parseIntersection('Ste 5 / 100 Main St, Toronto')).toBeUndefined()
    expect(parseIntersection('Suite 200 / 100 King St W, Toronto')).toBeUndefined()
  })

  it('still reads a civic number first as an address', () => {
    expect(parseIntersection('350 Rue Saint George / St. George Street, Moncton, NB')).toBeUndefined()
    expect(parseIntersection('100 King St & Bay, Toronto')).toBeUndefined()
    expect(parseIntersection('#5 / 100 Main St, Toronto')).toBeUndefined()
  })

  it('after "coin", drops "de la rue" but keeps an article that is part of the name', () => {
    expect(parseIntersection('coin de la rue Sainte-Catherine et de la rue Peel, Montréal')).toMatchObject({
      a: 'rue Sainte-Catherine',
      b: 'rue Peel',
    })
    expect(parseIntersection('coin du Parc et Sherbrooke, Montréal')).toMatchObject({ a: 'du Parc', b: 'Sherbrooke' })
  })

  it('reads "A et B" and "à l\'angle de A et B" as a crossing, as users in Québec write it', () => {
    expect(parseIntersection('Sainte-Catherine et Peel, Montréal')).toMatchObject({ a: 'Sainte-Catherine', b: 'Peel', rest: 'Montréal' })
    expect(parseIntersection('angle Saint-Denis et Rachel, Montréal')).toMatchObject({ a: 'Saint-Denis', b: 'Rachel' })
    expect(parseIntersection("à l'angle de la rue Peel et de la rue Sherbrooke, Montréal")).toMatchObject({
      a: 'rue Peel',
      b: 'rue Sherbrooke',
    })
    // A civic number first is still an address; a hyphenated name keeps its "et".
    expect(parseIntersection('1234 rue Saint-Denis et Rachel, Montréal')).toBeUndefined()
    expect(parseIntersection('rue Saint-Pierre-et-Miquelon, Montréal')).toBeUndefined()
  })
})

describe('a direction spelled out before the name', () => {
  it('"700 West Georgia Street" is the City\'s W Georgia St; "100 West Broadway" its untyped W Broadway', () => {
    const x = offset(centreOf('Vancouver, BC'), 200, 3000)
    const along = (nameKey: string, typeKey: string, dir: string): AddressPoint[] =>
      [0, 100, 200].map((m, i) => {
        const [lat, lng] = offset(x, m, 15)
        return { nameKey, typeKey, dir, cityKey: 'vancouver', number: 600 + 100 * i, suffix: '', lat, lng }
      })
    const georgia = geocode('700 West Georgia Street, Vancouver, BC', [], along('georgia', 'st', 'W'))
    expect(georgia).toMatchObject({ precision: 'address' })
    expect(metres(georgia!, offset(x, 100, 15))).toBeLessThan(2)
    const broadway = geocode('700 West Broadway, Vancouver, BC', [], along('w broadway', '', ''))
    expect(broadway).toMatchObject({ precision: 'address' })
  })

  it('where "East" is part of a name, the street as typed wins over its other reading (Wilmot\'s East Morningside Circle)', () => {
    const x = offset(centreOf('Waterloo, ON'), -2000, 1000)
    const point = (nameKey: string, number: number, eastM: number): AddressPoint => {
      const [lat, lng] = offset(x, eastM, 0)
      return { nameKey, typeKey: 'circle', dir: '', cityKey: 'waterloo', number, suffix: '', lat, lng }
    }
    const points = [point('east morningside', 17, 0), point('east morningside', 21, 40), point('morningside', 19, 400)]
    const res = geocode('19 East Morningside Circle, Waterloo, ON', [], points)
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, offset(x, 20, 0))).toBeLessThan(15)
  })

  it('"1234 St Catherine St W" is rue Sainte-Catherine O in Montréal, even beside a stray point filed as written', () => {
    const x = offset(centreOf('Montréal, QC'), -800, -700)
    const on = (nameKey: string, typeKey: string, number: number, eastM: number): AddressPoint => {
      const [lat, lng] = offset(x, eastM, 12)
      return { nameKey, typeKey, dir: 'W', cityKey: 'montreal', number, suffix: '', lat, lng }
    }
    const points = [
      on('sainte catherine', 'rue', 1200, 0),
      on('sainte catherine', 'rue', 1250, -100),
      on('saint catherine', '', 1500, -600),
    ]
    const res = geocode('1234 St Catherine St W, Montreal, QC', [], points)
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, offset(x, -68, 12))).toBeLessThan(15)
  })

  it('"3500 Côte-des-Neiges" without its type is chemin de la Côte-des-Neiges (the article the key keeps)', () => {
    const x = offset(centreOf('Montréal, QC'), -2000, 300)
    const points = [3400, 3600].map((number, i): AddressPoint => {
      const [lat, lng] = offset(x, 0, 200 * i)
      return { nameKey: 'de la cote des neiges', typeKey: 'ch', dir: '', cityKey: 'montreal', number, suffix: '', lat, lng }
    })
    const res = geocode('3500 Côte-des-Neiges, Montréal, QC', [], points)
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, offset(x, 0, 100))).toBeLessThan(15)
  })
})

describe('typed intersections: matching and choice', () => {
  it('a number with or without its ordinal is one street (Calgary files 17 Ave SW, Vancouver W 4th Av)', () => {
    const x = offset(centreOf('Calgary, AB'), 800, -1200)
    const calgary = [...line('17 Ave SW', straight(x, 800, true)), ...line('8 St SW', straight(x, 800, false))]
    const a = geocode('17th Ave SW & 8th St SW, Calgary, AB', calgary)
    expect(a?.precision).toBe('intersection')
    expect(metres(a!, x)).toBeLessThan(15)
    const y = offset(centreOf('Vancouver, BC'), -900, -1500)
    const vancouver = [...line('W 4th Av', straight(y, 800, true)), ...line('Burrard St', straight(y, 800, false))]
    const b = geocode('W 4 Ave & Burrard St, Vancouver, BC', vancouver)
    expect(b?.precision).toBe('intersection')
    expect(metres(b!, y)).toBeLessThan(15)
  })

  it('finds "12 Ave SE & Macleod Trail SE" where the centrelines cross', () => {
    const x = offset(centreOf('Calgary, AB'), 500, -1500)
    const pieces = [...line('12 Ave SE', straight(x, 800, true)), ...line('Macleod Trail SE', straight(x, 800, false))]
    for (const text of ['12 Avenue SE & Macleod Trail SE, Calgary, AB', '12 Ave SE and Macleod Trail, Calgary']) {
      const res = geocode(text, pieces)
      expect(res?.precision, text).toBe('intersection')
      expect(metres(res!, x), text).toBeLessThan(5)
    }
  })

  it('finds a crossing beyond the place radius (Ottawa runs 40 km from its centre), preferring one within it', () => {
    const far = offset(centreOf('Ottawa, ON'), -21_000, -9_000)
    const pieces = [
      ...line('Nipissing', straight(far, 300, true), { untyped: true }),
      ...line('Huron', straight(far, 300, false), { untyped: true }),
    ]
    const res = geocode('Nipissing and Huron, Ottawa', pieces)
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, far)).toBeLessThan(5)

    const near = offset(centreOf('Ottawa, ON'), 2_000, 0)
    const both = [
      ...pieces,
      ...line('Nipissing', straight(near, 50, true), { untyped: true }),
      ...line('Huron', straight(near, 50, false), { untyped: true }),
    ]
    expect(metres(geocode('Nipissing and Huron, Ottawa', both)!, near)).toBeLessThan(5)
  })

  it('reads "Clanton Park" as the name of Clanton Park Road, not Clanton with type Park', () => {
    const x = offset(centreOf('Toronto, ON'), -3000, 9000)
    const pieces = [...line('Clanton Park Road', straight(x, 400, false)), ...line('Gladiola Avenue', straight(x, 400, true))]
    const res = geocode('Gladiola and Clanton Park, Toronto', pieces)
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(5)
  })

  it('reads a bare French name without its article: "Côte-des-Neiges" is Chemin de la Côte-des-Neiges', () => {
    const x = offset(centreOf('Montréal, QC'), -2500, -1500)
    const pieces = [...line('Chemin de la Côte-des-Neiges', straight(x, 400, false)), ...line('Chemin Queen Mary', straight(x, 400, true))]
    expect(pieces[0].nameKey).toBe('de la cote des neiges')
    for (const text of ['Côte-des-Neiges & Queen-Mary, Montréal, QC', 'Queen Mary & Côte-des-Neiges, Montréal']) {
      const res = geocode(text, pieces)
      expect(res?.precision, text).toBe('intersection')
      expect(metres(res!, x), text).toBeLessThan(5)
    }
  })

  it('reads a bare "Broadway" as the "W Broadway" a city files with a leading direction', () => {
    const x = offset(centreOf('Vancouver, BC'), -1200, 1500)
    const pieces = [...line('W Broadway', straight(x, 400, true)), ...line('Granville St', straight(x, 400, false))]
    expect(pieces[0].nameKey).toBe('w broadway')
    for (const text of ['Granville and Broadway, Vancouver', 'Granville St & Broadway, Vancouver, BC']) {
      const res = geocode(text, pieces)
      expect(res?.precision, text).toBe('intersection')
      expect(metres(res!, x), text).toBeLessThan(5)
    }
  })

  it('where a name repeats, takes the pieces with the typed direction before a longer untyped run', () => {
    const c = centreOf('Calgary, AB')
    const typed = offset(c, -2000, -300)
    const untyped = offset(c, 1500, -300)
    const pieces = [
      ...line('6 Ave SW', [offset(typed, -500, 0), typed, untyped, offset(untyped, 500, 0)]),
      ...line('Bow Trail SW', straight(typed, 150, false)),
      ...line('Bow Trail', straight(untyped, 3000, false)),
    ]
    const res = geocode('Bow Trail SW & 6 Ave SW, Calgary, AB', pieces)
    expect(metres(res!, typed)).toBeLessThan(5)
  })

  it('puts a divided road’s crossing in its middle, with a radius reaching both carriageways', () => {
    const x = offset(centreOf('Calgary, AB'), 3000, -6000)
    const pieces = [
      ...line('Glenmore Trail SE', straight(offset(x, 0, 15), 800, true)),
      ...line('Glenmore Trail SE', straight(offset(x, 0, -15), 800, true)),
      ...line('Heritage Dr SE', straight(x, 800, false)),
    ]
    const res = geocode('Glenmore Trail & Heritage Dr SE, Calgary', pieces)
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(5)
    expect(res!.accuracyM).toBeGreaterThanOrEqual(15)
  })

  it('meets a street known only by address points (the GTA hole) where their axis reaches the other centreline', () => {
    const x = offset(centreOf('Toronto, ON'), 1000, 2000)
    const pieces = line('Sumach Street', straight(x, 300, false))
    // King St E's points stop 200 m short of Sumach: both sides of the street, 15 m back.
    const points: AddressPoint[] = [200, 240, 280, 320, 360].flatMap((m, i) =>
      [15, -15].map((side, s) => {
        const [lat, lng] = offset(x, -m, side)
        return { nameKey: 'king', typeKey: 'st', dir: 'E', cityKey: 'toronto', number: 100 + 4 * i + 2 * s, suffix: '', lat, lng }
      }),
    )
    const res = geocode('Sumach St & King St E, Toronto, ON', pieces, points)
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(10)
    expect(res!.accuracyM).toBeGreaterThanOrEqual(40)
  })

  it('crosses two streets whose address points stop short of each other where their axes meet', () => {
    const x = offset(centreOf('Vancouver, BC'), 1500, -2500)
    const side = (nameKey: string, ew: boolean): AddressPoint[] =>
      [250, 290, 330, 370].flatMap((m, i) =>
        [12, -12].map((d, s) => {
          const [lat, lng] = ew ? offset(x, m, d) : offset(x, d, m)
          return { nameKey, typeKey: 'st', dir: '', cityKey: 'vancouver', number: 200 + 4 * i + s, suffix: '', lat, lng }
        }),
      )
    const res = geocode('Fir St & Pine St, Vancouver, BC', [], [...side('fir', false), ...side('pine', true)])
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(10)
    expect(res!.accuracyM).toBeGreaterThanOrEqual(metres(res!, x))
  })

  it('gives a crossing of address points at least 40 m: lots stand back from the road', () => {
    const x = offset(centreOf('Vancouver, BC'), 0, -3000)
    const pts = (nameKey: string, typeKey: string, ew: boolean): AddressPoint[] =>
      [30, 60, 90, 120].flatMap((m, i) =>
        [m, -m].map((d, s) => {
          const [lat, lng] = ew ? offset(x, d, 20) : offset(x, 20, d)
          return { nameKey, typeKey, dir: '', cityKey: 'vancouver', number: 100 + 10 * i + s, suffix: '', lat, lng }
        }),
      )
    const res = geocode('Alder St & Hemlock St, Vancouver, BC', [], [...pts('alder', 'st', false), ...pts('hemlock', 'st', true)])
    expect(res?.precision).toBe('intersection')
    expect(res!.accuracyM).toBeGreaterThanOrEqual(40)
    expect(metres(res!, x)).toBeLessThanOrEqual(res!.accuracyM)
  })
})
