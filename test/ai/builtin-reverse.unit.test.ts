// Issue 25 and 31: the store-backed reverse geocoder (services/reverse-geocoder.ts) names a point by the civic
// address within 15 m, with its street's display name; farther, by its street and a cross street (here from the
// address points: the grid streets have no centrelines); nothing near, no name. On the geodata store's memory
// adapter in Node; /ai/query naming its suggestions from the same fixture in D1: builtin-reverse.test.ts.
import { describe, expect, it } from 'vitest'
import { memoryStore } from '../helpers/memory-store'
import { pointOf } from '../helpers/address-fixture'
import { offset } from '../helpers/street-fixture'
import { REVERSE_MAX_DISTANCE_M, reverseGeocoderFor } from '../../src/services/reverse-geocoder'
import { ADDRESS_CSV, STREET_LINES, origin, street } from './reverse-fixture'

const memory = memoryStore()
memory.addAddresses(ADDRESS_CSV)
memory.addStreets('ai-reverse-streets', STREET_LINES)

describe('the store-backed reverse geocoder', () => {
  const reverse = reverseGeocoderFor(memory.env)

  it('names a point at an address point by its civic address, with the street as the source writes it', async () => {
    const p = pointOf(street, 80)
    const hit = await reverse.reverse(p.lat, p.lng, REVERSE_MAX_DISTANCE_M)
    expect(hit).toMatchObject({ address: '80 Rue Fixture Ouest, Montréal, QC', distanceM: 0 })
  })

  it('between two fixture streets, 26 m from the nearest address: named by the street and the next one, not a civic number', async () => {
    const p = pointOf(street, 80)
    const [lat, lng] = offset([p.lat, p.lng], 0, 50)
    const hit = await reverse.reverse(lat, lng, REVERSE_MAX_DISTANCE_M)
    expect(hit).toMatchObject({ kind: 'street', place: 'Montréal, QC' })
    expect(hit!.address).toMatch(/^Rue Fixture [\p{L} ]+( near Rue Fixture [\p{L} ]+)?, Montréal, QC$/u)
  })

  it('nothing within the distance: no name', async () => {
    const far = offset(origin, 0, 1500)
    expect(await reverse.reverse(far[0], far[1], REVERSE_MAX_DISTANCE_M)).toBeNull()
  })
})
