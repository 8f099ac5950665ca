// Numbering origins (src/geo/geocode/numbering-origin.ts) on small fixtures: a civic number past a street's
// known address points is placed from the line the city numbers it from (Toronto: Yonge St), at
// `interpolated` precision; a city without such a rule keeps `street`. No store, no ../shared.
import { describe, expect, it } from 'vitest'
import { planAddressLookup, resolveAddressLookup, type AddressPoint } from '../../src/geo/geocode/address-lookup'
import { decodePiece, type StreetPiece } from '../../src/geo/geocode/street-pieces'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { normalizeName } from '../../src/geo/geodata/text'
import { distanceKm } from '../../src/geo/geodata/text'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'
import { offset } from '../helpers/street-fixture'

type LatLng = [number, number]
const metres = (a: { lat: number; lng: number }, b: LatLng) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000

function line(name: string, points: LatLng[]): StreetPiece[] {
  const rows = pieceRows(
    streetKeyOfText(name)!,
    name,
    3,
    points.map(([lat, lng]) => [lng, lat]),
  )
  return rows.map((r) => decodePiece({ ...r, source: 'fixture' }))
}

/** Address points of one street, number → metres west (−) or east (+), and north of the street's line. */
function points(city: string, street: string, at: LatLng, numbers: [number, number, number][]): AddressPoint[] {
  const key = streetKeyOfText(street)!
  return numbers.map(([number, eastM, northM]) => {
    const [lat, lng] = offset(at, eastM, northM)
    return { ...key, cityKey: normalizeName(city), number, suffix: '', lat, lng }
  })
}

function geocode(text: string, pieces: StreetPiece[], known: AddressPoint[]) {
  const lookup = planAddressLookup(text)
  expect(lookup, text).toBeDefined()
  return resolveAddressLookup(lookup!, { points: known, cityInStore: true, pieces, streetsInArea: true })
}

// Yonge & Dundas, and a Dundas St W whose known numbers start 600 m west of Yonge (as OSM's do), ~3 m per number.
const YONGE_DUNDAS: LatLng = [43.6561, -79.3802]
const yonge = line('Yonge St', [offset(YONGE_DUNDAS, 0, -3000), YONGE_DUNDAS, offset(YONGE_DUNDAS, 0, 3000)])
const dundasLine = line('Dundas St W', [YONGE_DUNDAS, offset(YONGE_DUNDAS, -2000, 0), offset(YONGE_DUNDAS, -4000, 0)])
const dundasPoints = (city: string) =>
  points(
    city,
    'Dundas St W',
    YONGE_DUNDAS,
    [200, 201, 240, 241, 300, 301, 400, 401, 500].map((n): [number, number, number] => [n, -3 * n, n % 2 ? 15 : -15]),
  )

describe('numbering origins', () => {
  it('places 1 Dundas St W, Toronto at Yonge St, not on the street somewhere', () => {
    const res = geocode('1 Dundas St W, Toronto, ON', [...yonge, ...dundasLine], dundasPoints('Toronto'))
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, YONGE_DUNDAS)).toBeLessThan(30)
    expect(res!.accuracyM).toBeGreaterThanOrEqual(metres(res!, YONGE_DUNDAS))
  })

  it('places a number between Yonge St and the first known one in proportion to the numbers', () => {
    const res = geocode('100 Dundas St W, Toronto, ON', [...yonge, ...dundasLine], dundasPoints('Toronto'))
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, offset(YONGE_DUNDAS, -300, 0))).toBeLessThan(20)
  })

  it('continues past the highest known number at the metres per number the origin gives, along the street', () => {
    const res = geocode('700 Dundas St W, Toronto, ON', [...yonge, ...dundasLine], dundasPoints('Toronto'))
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, offset(YONGE_DUNDAS, -2100, 0))).toBeLessThan(30)
  })

  it('without the origin line in the data, stays `street`', () => {
    const res = geocode('1 Dundas St W, Toronto, ON', dundasLine, dundasPoints('Toronto'))
    expect(res?.precision).toBe('street')
  })

  it('a street whose known points lie on the other side of the line is not numbered from it', () => {
    const east = dundasPoints('Toronto').map((p) => ({ ...p, lng: 2 * YONGE_DUNDAS[1] - p.lng }))
    const res = geocode('1 Dundas St W, Toronto, ON', [...yonge, ...dundasLine], east)
    expect(res?.precision).toBe('street')
  })

  it('a city without a numbering origin keeps `street` for the same street and data', () => {
    const res = geocode('1 Dundas St W, Hamilton, ON', [...yonge, ...dundasLine], dundasPoints('Hamilton'))
    expect(res?.precision).toBe('street')
  })

  it('numbers a Toronto street that runs north–south from its southern end', () => {
    const south: LatLng = [43.6505, -79.4606]
    const keele = line('Keele St', [south, offset(south, 0, 2000), offset(south, 0, 5000)])
    const known = points(
      'Toronto',
      'Keele St',
      south,
      [400, 402, 500, 501, 600].map((n): [number, number, number] => [n, n % 2 ? 15 : -15, 4 * n]),
    )
    const res = geocode('75 Keele St, Toronto, ON', keele, known)
    expect(res?.precision).toBe('interpolated')
    expect(metres(res!, offset(south, 0, 300))).toBeLessThan(20)
    // Numbered the other way (highest at the south end): not this rule's, so `street`.
    const reversed = known.map((p) => ({ ...p, number: 1100 - p.number }))
    expect(geocode('75 Keele St, Toronto, ON', keele, reversed)?.precision).toBe('street')
  })
})
