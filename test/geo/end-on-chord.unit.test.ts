// A side street that ends at a main road known only as a chord through the City's signals (src/geo/geocode/
// end-on-chord.ts): the chord strays tens of metres off the roadway, the side street's centreline stops at it.
import { describe, expect, it } from 'vitest'
import { planAddressLookup, resolveAddressLookup, type StoreAnswer } from '../../src/geo/geocode/address-lookup'
import { geocodeOffline } from '../../src/geo/geocode'
import { decodePiece, type StreetPiece } from '../../src/geo/geocode/street-pieces'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'
import { offset } from '../helpers/street-fixture'

type LatLng = [number, number]
const metres = (a: { lat: number; lng: number }, b: LatLng) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
const centre = geocodeOffline('Toronto, ON')!
// The corner, 2 km from the city point: the pieces below are all the store knows there.
const x = offset([centre.lat, centre.lng], 1500, 1200)

function line(name: string, source: string, points: LatLng[]): StreetPiece[] {
  return pieceRows(
    streetKeyOfText(name)!,
    name,
    source === 'gta' ? 4 : undefined,
    points.map(([lat, lng]) => [lng, lat]),
  ).map((r) => decodePiece({ ...r, source }))
}
// Kennedy Rd runs north–south; its chord between two signals 1.2 km apart passes 40 m east of the corner.
const chord = (eastM: number) => line('Kennedy Rd', 'gta-hole-line', [offset(x, eastM, -600), offset(x, eastM, 600)])
// Munham Gt runs west from Kennedy Rd's roadway and ends there (a T).
const sideStreet = (endEastM: number) =>
  line('Munham Gt', 'gta', [offset(x, endEastM - 400, 0), offset(x, endEastM - 150, 20), offset(x, endEastM, 0)])

function geocode(pieces: StreetPiece[], text = 'Kennedy Rd & Munham Gt, Toronto, ON') {
  const lookup = planAddressLookup(text)!
  const answer: StoreAnswer = { points: [], cityInStore: false, pieces, streetsInArea: true, corners: [] }
  return resolveAddressLookup(lookup, answer)
}

describe('a side street ending at a chord', () => {
  it('is the corner: the side street’s end, with a radius that covers the chord’s stray', () => {
    const res = geocode([...chord(40), ...sideStreet(0)])
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(3)
    expect(res!.accuracyM).toBeGreaterThanOrEqual(40)
    expect(res!.accuracyM).toBeLessThanOrEqual(60)
    // Either order of the names.
    const reversed = geocode([...chord(40), ...sideStreet(0)], 'Munham Gt & Kennedy Rd, Toronto, ON')
    expect(metres(reversed!, x)).toBeLessThan(3)
  })

  it('is not a corner where the side street stops farther from the chord than a chord strays', () => {
    const res = geocode([...chord(40), ...sideStreet(-150)])
    expect(res?.precision).not.toBe('intersection')
    expect(res?.warnings?.map((w) => w.code)).toContain('INTERSECTION_NOT_FOUND')
  })

  it('is not a corner where the street alongside the chord runs parallel to it (a service road)', () => {
    const service = line('Munham Gt', 'gta', [offset(x, 0, -400), offset(x, 0, 0)])
    const res = geocode([...chord(40), ...service])
    expect(res?.precision).not.toBe('intersection')
  })

  it('is not a corner where both lines are exact centrelines (they cross within 15 m or not at all)', () => {
    const exact = line('Kennedy Rd', 'gta', [offset(x, 40, -600), offset(x, 40, 600)])
    const res = geocode([...exact, ...sideStreet(0)])
    expect(res?.precision).not.toBe('intersection')
  })
})
