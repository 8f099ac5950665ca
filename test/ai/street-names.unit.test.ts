// Issue 31 item 5: a coordinate is named by the civic address within 15 m, else by its nearest street and a
// cross street that meets it, with the municipality; never "N m NE of <city>" where a street is known.
// Pure rules on made-up pieces, then the reverse geocoder on the committed geodata store (no ../shared).
import { describe, expect, it } from 'vitest'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { placeOfPoint, type StreetPiece, streetsLabel, streetsOfPoint } from '../../src/geo/geocode'
import { builtinQuery } from '../../src/services/ai/builtin'
import { REVERSE_MAX_DISTANCE_M, sourcesReverseGeocoder } from '../../src/services/reverse-geocoder'

const KY = 111_320
const KX = KY * Math.cos((45 * Math.PI) / 180)
/** A straight piece from (east0, north0) to (east1, north1) metres around 45° N, 75° W. */
const piece = (name: string, from: [number, number], to: [number, number]): StreetPiece => ({
  source: 'test',
  nameKey: name.toLowerCase(),
  typeKey: 'st',
  dir: '',
  name: `${name} Street`,
  coords: [from, to].map(([e, n]) => [-75 + e / KX, 45 + n / KY] as [number, number]),
})
const at = (east: number, north: number) => [45 + north / KY, -75 + east / KX] as const

// Main runs east–west through the origin; Cross runs north–south at 0 m east; Parallel runs east–west 80 m north.
const PIECES = [piece('Main', [-800, 0], [800, 0]), piece('Cross', [0, -400], [0, 400]), piece('Parallel', [-800, 80], [800, 80])]

describe('the streets of a point', () => {
  it('the nearest street, and the street that meets it near the point as the cross street', () => {
    const streets = streetsOfPoint(PIECES, ...at(60, -20))
    expect(streets).toEqual({ street: 'Main Street', cross: 'Cross Street', offsetM: 20 })
    expect(streetsLabel(streets!)).toBe('Main Street near Cross Street')
    expect(streetsLabel(streets!, 'fr')).toBe('Main Street près de Cross Street')
  })

  it('mid-block, a parallel street one block over is not a cross street', () => {
    expect(streetsOfPoint(PIECES, ...at(500, 20))).toEqual({ street: 'Main Street', offsetM: 20 })
  })

  it('no street within 100 m: no name', () => {
    expect(streetsOfPoint(PIECES, ...at(500, -150))).toBeUndefined()
  })

  it('the municipality: the city, not a neighbourhood listed as a town beside it, nor a larger town next door', () => {
    expect(placeOfPoint(49.28141, -123.09961)?.name).toBe('Vancouver') // Main & Hastings, not "West End"
    expect(placeOfPoint(43.4651, -80.5227)?.name).toBe('Waterloo') // King & Erb, not Kitchener
  })
})

describe('the reverse geocoder on the committed geodata store', () => {
  const store = memoryGeodata(...committedRows())
  const reverse = sourcesReverseGeocoder(store.sources)

  it('the point the issue found unnamed ("1342 m NE of Toronto, ON") is named by its street and cross street', async () => {
    const hit = await reverse.reverse(43.7055, -79.40137, REVERSE_MAX_DISTANCE_M)
    expect(hit).toMatchObject({ kind: 'street', place: 'Toronto, ON' })
    expect(hit!.address).toMatch(/^[\p{L} ]+ near [\p{L} ]+, Toronto, ON$/u)
    expect(hit!.streets?.cross).toBeDefined()
  })

  it('an address point within 15 m names the point by its civic number', async () => {
    const point = store.geocode('75 King St S, Waterloo, ON')!
    expect(point.precision).toBe('address')
    const hit = await reverse.reverse(point.lat, point.lng + 0.0001, REVERSE_MAX_DISTANCE_M) // ~8 m east
    expect(hit).toMatchObject({ kind: 'address', address: '75 King St S, Waterloo, ON' })
  })

  it('the AI’s suggestions near Queen and Spadina name their streets, never a distance from a place', async () => {
    const geocoder = { geocode: async (text: string) => store.geocode(text) }
    const answer = await builtinQuery('Where should I put a sign for my coffee shop near Queen and Spadina in Toronto?', geocoder, reverse)
    expect(answer.geocodedLocations).toHaveLength(3)
    for (const l of answer.geocodedLocations) {
      expect(l.resolvedAddress).toMatch(/, Toronto, ON/)
      expect(l.resolvedAddress).not.toMatch(/\d+ m (N|NE|E|SE|S|SW|W|NW) of/)
    }
    expect(answer.geocodedLocations[0].resolvedAddress).toMatch(/^Queen Street West near Spadina Avenue, Toronto, ON$|^\d+ /)
  }, 60_000)

  it('in French, the cross street is "près de"', async () => {
    const geocoder = { geocode: async (text: string) => store.geocode(text) }
    const answer = await builtinQuery('Où mettre une enseigne pour mon café près de Queen et Spadina à Toronto?', geocoder, reverse)
    expect(answer.geocodedLocations.some((l) => / près de /.test(l.resolvedAddress))).toBe(true)
  }, 60_000)
})
