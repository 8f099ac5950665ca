// A street's counts nearby (model/counted-streets.ts): its signals or sites within 1.5 km inform its volume,
// blended with the class model; another street's counts do not; a count within 30 m is the point's measurement.
import { describe, it, expect } from 'vitest'
import type { MeasuredCount, SightStreetInput } from '../../src/geo/signals'
import { COUNTED_STREET_RADIUS_M } from '../../src/geo/signals'
import { buildScoreResult } from '../../src/scoring'

const AT = { lat: 43.7615, lng: -79.4111 }
const north = (m: number) => ({ lat: AT.lat + m / 111_200, lng: AT.lng })
const ZEPHYR: SightStreetInput = {
  label: 'Zephyr Road',
  name: 'Zephyr',
  type: 'Road',
  roadClass: 3,
  classSource: 'test network',
  offsetM: 8,
}
const QUILL: SightStreetInput = {
  label: 'Quill Avenue',
  name: 'Quill',
  type: 'Avenue',
  roadClass: 1,
  classSource: 'test network',
  offsetM: 20,
}
const signal = (m: number, name: string, vehicles: number): MeasuredCount => ({
  source: 'toronto-counts',
  kind: 'intersection',
  ...north(m),
  vehicles,
  pedestrians: 1000,
  year: 2014,
  name,
})
const score = (measuredCounts?: MeasuredCount[], precision: 'coordinates' | 'postal_code' = 'coordinates') =>
  buildScoreResult({ ...AT, address: 'x', precision, streetsInSight: [ZEPHYR, QUILL], ...(measuredCounts && { measuredCounts }) })
const zephyr = (r: ReturnType<typeof score>) => r.audience.streets.find((s) => s.name === 'Zephyr Road')!

describe('counted streets nearby', () => {
  it('counts of the same street 600–900 m away raise a busy street above its class and say so', () => {
    const model = score()
    const busy = score([signal(600, 'Zephyr Rd & Alder St', 90_000), signal(-900, 'Birch Ave & Zephyr Rd', 80_000)])
    expect(zephyr(busy).dailyVehicles).toBeGreaterThan(2 * zephyr(model).dailyVehicles)
    expect(busy.factorScores.vehicleTraffic.raw.method).toMatch(
      /^modelled: Zephyr Road, the busier street in sight \(8 m\): 2 City of Toronto counts of Zephyr Road within 1\.5 km \(nearest 600/,
    )
    expect(busy.factorScores.vehicleTraffic.raw.confidence).toBe('medium')
    const quiet = score([signal(600, 'Zephyr Rd & Alder St', 3000)])
    expect(zephyr(quiet).dailyVehicles).toBeLessThan(zephyr(model).dailyVehicles)
  })

  it("the City's abbreviations name the same street (Trl, Crcl, Crct, Gdns); another type of the same name does not", () => {
    const trail = { ...ZEPHYR, label: 'Zephyr Trail', type: 'Trail' }
    const on = (measuredCounts: MeasuredCount[]) =>
      buildScoreResult({ ...AT, address: 'x', precision: 'coordinates', streetsInSight: [trail, QUILL], measuredCounts })
    const named = (name: string) => on([signal(600, `${name} & Alder St`, 90_000)]).factorScores.vehicleTraffic.raw.method
    expect(named('Zephyr Trl')).toMatch(/City of Toronto counts? of Zephyr Trail within 1\.5 km/)
    expect(named('Zephyr Trail')).toMatch(/City of Toronto counts? of Zephyr Trail within 1\.5 km/)
    // Zephyr Crescent is another street than Zephyr Trail: its counts say nothing of the trail.
    expect(named('Zephyr Cres')).not.toMatch(/City of Toronto count/)
  })

  it("another street's counts, counts beyond the radius, and area positions leave the model", () => {
    const model = score()
    expect(zephyr(score([signal(600, 'Alder St & Birch Ave', 90_000)]))).toEqual(zephyr(model))
    expect(zephyr(score([signal(COUNTED_STREET_RADIUS_M + 100, 'Zephyr Rd & Alder St', 90_000)]))).toEqual(zephyr(model))
    const postal = score([signal(600, 'Zephyr Rd & Alder St', 90_000)], 'postal_code')
    expect(postal.factorScores.vehicleTraffic.raw.method).not.toMatch(/City of Toronto count/)
  })

  it("a local street's part of a signal's total is small: a signal stands where it meets an arterial", () => {
    const quill = (r: ReturnType<typeof score>) => r.audience.streets.find((s) => s.name === 'Quill Avenue')!
    const r = score([signal(400, 'Quill Ave & Alder Rd', 60_000)])
    // 3 % of 60,000 blended with the class model: a few thousand at most, never half the signal's total.
    expect(quill(r).dailyVehicles).toBeLessThan(3000)
    expect(quill(r).dailyVehicles).toBeGreaterThan(quill(score()).dailyVehicles)
  })

  it('a count within 30 m is the point’s own measurement, not a neighbour', () => {
    const r = score([signal(10, 'Zephyr Rd & Quill Ave', 40_000), signal(700, 'Zephyr Rd & Alder St', 90_000)])
    expect(r.audience.dailyVehicles).toBe(40_000)
    expect(r.factorScores.vehicleTraffic.raw.method).toMatch(/^measured: City of Toronto signal count/)
  })

  it('Vancouver writes the direction first: "W Broadway" is Broadway', () => {
    const broadway: SightStreetInput = { label: 'West Broadway', name: 'Broadway', roadClass: 3, offsetM: 5 }
    const count: MeasuredCount = {
      source: 'vancouver-counts',
      kind: 'intersection',
      ...north(500),
      vehicles: 70_000,
      year: 2019,
      name: 'W Broadway & Granville St',
    }
    const r = buildScoreResult({ ...AT, address: 'x', precision: 'coordinates', streetsInSight: [broadway], measuredCounts: [count] })
    expect(r.factorScores.vehicleTraffic.raw.method).toMatch(
      /: 1 City of Vancouver count of West Broadway within 1\.5 km \(nearest 500 m\)/,
    )
  })
})
