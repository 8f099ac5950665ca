// Typed intersections whose lines stop short of each other (src/geo/geocode/line-ends.ts), on fixture
// networks built by the store's own pieceRows, and the City abbreviations that name the same street.
import { describe, expect, it } from 'vitest'
import { planAddressLookup, resolveAddressLookup, type AddressPoint, type StoreAnswer } from '../../src/geo/geocode/address-lookup'
import type { Corner } from '../../src/geo/geocode/corners'
import { geocodeOffline } from '../../src/geo/geocode'
import { decodePiece, type StreetPiece } from '../../src/geo/geocode/street-pieces'
import { streetKeyOfText } from '../../src/geo/geocode/street-key'
import { distanceKm } from '../../src/geo/geodata/text'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'
import { offset } from '../helpers/street-fixture'

type LatLng = [number, number]
const metres = (a: { lat: number; lng: number }, b: LatLng) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
const centre = geocodeOffline('Vancouver, BC')!
// A corner 2 km from the city point: the pieces and corners below are all the store knows there.
const x = offset([centre.lat, centre.lng], 1200, -1600)

function line(name: string, points: LatLng[]): StreetPiece[] {
  return pieceRows(
    streetKeyOfText(name)!,
    name,
    undefined,
    points.map(([lat, lng]) => [lng, lat]),
  ).map((r) => decodePiece({ ...r, source: 'vancouver-corner-line' }))
}
const eastWest = (fromM: number, toM: number) => line('E 10th Av', [offset(x, fromM, 0), offset(x, toM, 0)])
const northSouth = line('Renfrew St', [offset(x, 0, -600), offset(x, 0, 600)])

function geocode(pieces: StreetPiece[], corners: Corner[] = [], points: AddressPoint[] = []) {
  const lookup = planAddressLookup('E 10th Av & Renfrew St, Vancouver, BC')!
  const answer: StoreAnswer = { points, cityInStore: points.length > 0, pieces, streetsInArea: true, corners }
  return resolveAddressLookup(lookup, answer)
}
const cornerOfRenfrew = (northM: number, other: string): Corner => {
  const [lat, lng] = offset(x, 0, northM)
  return { a: streetKeyOfText('Renfrew St')!, b: streetKeyOfText(other)!, name: `Renfrew St & ${other}`, lat, lng }
}

describe('typed intersections past the end of a line', () => {
  it('bridges a gap in a street’s line (corners held back, a dropped stretch) to the other street', () => {
    // E 10th Av's line stops 220 m west of Renfrew St and resumes 260 m east of it.
    const res = geocode([...eastWest(-900, -220), ...eastWest(260, 900), ...northSouth])
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(10)
    // Carried 220 m: the radius says so, more than a crossing of two drawn lines.
    expect(res!.accuracyM).toBeGreaterThanOrEqual(60)
  })

  it('claims no crossing where the street’s data end for good (it may end short of the other street)', () => {
    const res = geocode([...eastWest(-900, -220), ...northSouth])
    expect(res?.precision).not.toBe('intersection')
    expect(res?.warnings?.map((w) => w.code)).toContain('INTERSECTION_NOT_FOUND')
  })

  it('takes the street’s own address points going on past the other street as the street going on', () => {
    // Lots of E 10th Av, 15 m north of its line, 450 to 800 m east of Renfrew St (too far for their own axis to
    // be carried to Renfrew St: geo/geocode/street-geometry.ts MAX_AXIS_REACH_M).
    const lots = [450, 520, 590, 660, 730, 800].map((m, i): AddressPoint => {
      const [lat, lng] = offset(x, m, 15)
      return { nameKey: '10th', typeKey: 'ave', dir: 'E', cityKey: 'vancouver', number: 2800 + 10 * i, suffix: '', lat, lng }
    })
    const res = geocode([...eastWest(-900, -220), ...northSouth], [], lots)
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(10)
  })

  it('claims no crossing where the City lists the other street’s corners a block apart around it', () => {
    const listed = [cornerOfRenfrew(90, 'E 9th Av'), cornerOfRenfrew(-90, 'E 11th Av')]
    const res = geocode([...eastWest(-900, -220), ...eastWest(260, 900), ...northSouth], listed)
    expect(res?.precision).not.toBe('intersection')
  })

  it('still bridges the gap where the City’s list of the other street has room for the corner', () => {
    const listed = [cornerOfRenfrew(400, 'E 6th Av'), cornerOfRenfrew(-380, 'E 14th Av')]
    const res = geocode([...eastWest(-900, -220), ...eastWest(260, 900), ...northSouth], listed)
    expect(res?.precision).toBe('intersection')
    expect(metres(res!, x)).toBeLessThan(10)
  })
})

describe('City abbreviations name the same street as the network', () => {
  it.each([
    ['O CONNOR DR', "O'Connor Drive"],
    ['L AMOREAUX DR', "L'Amoreaux Drive"],
    ['GREENCREST CRCT', 'Greencrest Circuit'],
    ['WILLOWBROOK CRCL', 'Willowbrook Circle'],
    ['ROYAL YORK TER', 'Royal York Terrace'],
  ])('%s is %s', (city, network) => {
    expect(streetKeyOfText(city)).toEqual(streetKeyOfText(network))
  })

  it('keeps a leading direction letter a direction ("E 10th Av", "O CONNOR" is no "E 10th")', () => {
    expect(streetKeyOfText('E 10th Av')).toEqual({ nameKey: '10th', typeKey: 'ave', dir: 'E' })
  })
})
