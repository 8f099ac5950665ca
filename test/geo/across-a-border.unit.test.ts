// A civic address in a city the store has no address point of, where a town across a provincial border has a street
// of the same name within the search radius (src/geo/geocode/civic-placement.ts pointsOfStreet): "Queen St, Ottawa"
// is Ottawa's Queen St, not Gatineau's rue Queen 10 km away in Québec.
import { beforeAll, describe, expect, it } from 'vitest'
import { distanceKm } from '../../src/geo/geodata/text'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

const metres = (a: { lat: number; lng: number }, b: readonly [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
const OTTAWA_QUEEN: [number, number] = [45.4203, -75.7008]
const AYLMER_QUEEN: [number, number] = [45.3871, -75.8267]

describe('a street of the same name across a provincial border', () => {
  const memory = memoryStore()
  beforeAll(() => {
    // Ottawa: the road network's Queen (no address points in the city); Gatineau: rue Queen's address points.
    memory.addStreets('ottawa', [{ name: 'Queen', untyped: true, points: [offset(OTTAWA_QUEEN, -600, 0), offset(OTTAWA_QUEEN, 600, 0)] }])
    const lots = [0, 40, 80, 120, 160].map((m, i) => {
      const [lat, lng] = offset(AYLMER_QUEEN, m, 0)
      return `${37 + 2 * i},rue Queen,Gatineau,${lat.toFixed(6)},${lng.toFixed(6)}`
    })
    memory.addAddresses(['street_no,street,city,lat,lng', ...lots].join('\n'))
  })

  it('is not the typed street: the typed city’s own street is', async () => {
    const res = await memory.score({ address: '100 Queen St, Ottawa, ON' })
    expect(res.precision).toBe('street')
    expect(metres(res, OTTAWA_QUEEN)).toBeLessThan(700)
  })

  it('is still found where it is typed', async () => {
    const res = await memory.score({ address: '41 rue Queen, Gatineau, QC' })
    expect(res.precision).toBe('address')
    expect(metres(res, offset(AYLMER_QUEEN, 80, 0))).toBeLessThan(5)
  })
})
