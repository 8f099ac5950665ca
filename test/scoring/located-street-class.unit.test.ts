// Road class of coordinates in a city with civic address points but no street network (Vancouver): the
// store names the street of the nearest address point, as POST /score does (docs/methodology.md §2.3).
import { describe, expect, it } from 'vitest'
import { buildScoreResult, type ScoreResult } from '../../src/scoring'
import type { KnownStreet } from '../../src/geo/signals'
import { scoringStreet } from '../../src/services/street-store'
import { committedRows } from '../../scripts/lib/geodata-artefacts.mjs'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'

const store = memoryGeodata(...committedRows((a) => a.source !== 'calgary'))
const score = (lat: number, lng: number, street?: KnownStreet) =>
  buildScoreResult({ lat, lng, address: `${lat}, ${lng}`, precision: 'coordinates', ...(street && { street }) })
const located = async (lat: number, lng: number) => scoringStreet(await store.locate(lat, lng))
const roadClass = (r: ScoreResult) => r.factorScores.roadClass.raw

describe('coordinates named by the nearest address point, no street network (Vancouver, Waterloo)', () => {
  it('a corner on a bus route (E 33rd Ave & Knight St) is a minor arterial, and the method says why', async () => {
    const street = await located(49.240209, -123.076405)
    // Not at an address, and another street's address about as near: a corner, either street may be the road here.
    expect(street?.addressPointM).toBeGreaterThan(15)
    expect(street?.otherStreetM).toBeLessThan(1.5 * street!.addressPointM!)
    const raw = roadClass(score(49.240209, -123.076405, street))
    expect(raw.value).toBeGreaterThanOrEqual(3)
    expect(raw.method).toMatch(/on a bus route .*; nearest address on /)
  })

  it('a corner of two side streets downtown-adjacent (Alder St & W 10th Ave) knows what the coordinates know: no bus route', async () => {
    const street = await located(49.262517, -123.131394)
    const withStreet = roadClass(score(49.262517, -123.131394, street))
    const alone = roadClass(score(49.262517, -123.131394))
    expect(withStreet.value).toBe(alone.value)
    expect(withStreet.method).toMatch(/no bus route .*; nearest address on /)
    // The same street typed by the caller keeps the name's reading (generic "Ave", lifted downtown).
    expect(roadClass(score(49.262517, -123.131394, { name: street!.name, type: street!.type })).value).toBeGreaterThan(alone.value)
  })

  it('a pin 20 m from an address, no other street near (300 Weber St N, Waterloo): the address’s street and reading', async () => {
    const at = store.geocode('300 Weber St N, Waterloo, ON')
    if (at?.precision !== 'address') return expect.fail('300 Weber St N, Waterloo did not resolve to its address point')
    const lat = at.lat + 20 / 111_200
    const street = await located(lat, at.lng)
    expect(street).toMatchObject({ name: 'Weber' })
    expect(street?.addressPointM).toBeGreaterThan(15)
    const byPin = score(lat, at.lng, street)
    const byAddress = score(at.lat, at.lng, at.street)
    // The name's reading (street-type), not the point's bus-route test; off the address, no downtown lift without buses.
    expect(roadClass(byPin).method).toMatch(/^street-type/)
    expect(Math.abs(roadClass(byPin).value - roadClass(byAddress).value)).toBeLessThanOrEqual(0.5)
    expect(Math.abs(byPin.overallScore - byAddress.overallScore)).toBeLessThanOrEqual(3)
  })

  it('75 King St S, Waterloo, by its address and by its coordinates: the same road, class and score (issue 21 item 5)', async () => {
    const at = store.geocode('75 King St S, Waterloo, ON')
    if (at?.precision !== 'address') return expect.fail('75 King St S, Waterloo did not resolve to its address point')
    const street = await located(at.lat, at.lng)
    expect(street?.name).toBe('King')
    const byCoordinates = score(at.lat, at.lng, street)
    const byAddress = score(at.lat, at.lng, at.street)
    expect(roadClass(byCoordinates).value).toBe(roadClass(byAddress).value)
    expect(Math.abs(byCoordinates.overallScore - byAddress.overallScore)).toBeLessThanOrEqual(3)
  })
})
