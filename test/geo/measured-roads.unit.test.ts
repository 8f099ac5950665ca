// Ottawa's road network (Statistics Canada Road Network File 2021), as bundled.
import { describe, expect, it } from 'vitest'
import { nearestRoadSegment, roadNetworkCovers, roadSegmentsNamed } from '../../src/geo/geodata/measured'

const BANK_NEAR_SOMERSET = { lat: 45.41504, lng: -75.69612 } // Bank St between Somerset and Gilmour
const GILMOUR_OFF_BANK = { lat: 45.41362, lng: -75.69635 } // Gilmour St, a block of houses west of Bank

describe('nearestRoadSegment', () => {
  it('puts Bank St near Somerset on an RNF class 21 arterial', () => {
    const road = nearestRoadSegment(BANK_NEAR_SOMERSET.lat, BANK_NEAR_SOMERSET.lng, 50)!
    expect(road).toMatchObject({ name: 'Bank', rnfClass: 21 })
    expect(road.distanceM).toBeLessThan(5)
    // Bank St runs south-south-east here (digitised towards the Glebe).
    expect(road.bearingDeg).toBeGreaterThan(130)
    expect(road.bearingDeg).toBeLessThan(170)
  })

  it('puts a residential side street 200 m away on class 23', () => {
    const road = nearestRoadSegment(GILMOUR_OFF_BANK.lat, GILMOUR_OFF_BANK.lng, 50)!
    expect(road).toMatchObject({ name: 'Gilmour', rnfClass: 23, rank: 5 })
  })

  it('returns nothing beyond maxM, nothing outside Ottawa, and honours exclude', () => {
    expect(nearestRoadSegment(45.4215, -75.6972, 0.5)).toBeUndefined()
    expect(nearestRoadSegment(43.6487, -79.3806, 500)).toBeUndefined()
    const bank = nearestRoadSegment(BANK_NEAR_SOMERSET.lat, BANK_NEAR_SOMERSET.lng, 50)!
    const other = nearestRoadSegment(BANK_NEAR_SOMERSET.lat, BANK_NEAR_SOMERSET.lng, 50, { exclude: new Set([bank.id]) })
    expect(other?.id).not.toBe(bank.id)
  })
})

describe('roadNetworkCovers', () => {
  it('covers Ottawa, including parks inside the city, and not Gatineau or Toronto', () => {
    expect(roadNetworkCovers(45.4215, -75.6972)).toBe(true) // Parliament Hill
    expect(roadNetworkCovers(45.35, -75.76)).toBe(true) // Nepean
    expect(roadNetworkCovers(45.488, -75.73)).toBe(false) // Gatineau, across the Ottawa River
    expect(roadNetworkCovers(43.6487, -79.3806)).toBe(false)
  })
})

describe('roadSegmentsNamed', () => {
  it('finds Bank St segments, mostly arterial, by normalised name body', () => {
    const bank = roadSegmentsNamed('BANK')
    expect(bank.length).toBe(231)
    expect(bank.filter((s) => s.rnfClass === 21).length).toBe(175)
    expect(bank[0].coords.length).toBeGreaterThanOrEqual(2)
    expect(roadSegmentsNamed('montreal').length).toBe(roadSegmentsNamed('Montréal').length)
    expect(roadSegmentsNamed('No Such Street')).toEqual([])
  })
})
