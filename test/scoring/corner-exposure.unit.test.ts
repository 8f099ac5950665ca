// A sign at a corner is seen from both streets (model/exposure.ts): the busier street sets the vehicle
// factor and the frontage class, the audience counts every street in sight, and an intersection count
// (every approach) is split among its streets. Streets are handed in as the service finds them.
import { describe, it, expect } from 'vitest'
import type { MeasuredCount, SightStreetInput } from '../../src/geo/signals'
import { SIGHT_M, streetsInSight } from '../../src/geo/geocode'
import { buildScoreResult } from '../../src/scoring'
import type { StreetPiece } from '../../src/geo/geocode'

// A residential corner in North York (dense census data, no counts in the test): a local side street
// meets a primary arterial.
const AT = { lat: 43.7615, lng: -79.4111 }
const SIDE: SightStreetInput = {
  label: 'Quill Avenue',
  name: 'Quill',
  type: 'Avenue',
  roadClass: 1,
  classSource: 'test network',
  offsetM: 4,
}
const ARTERIAL: SightStreetInput = {
  label: 'Zephyr Street',
  name: 'Zephyr',
  type: 'Street',
  roadClass: 4,
  classSource: 'test network',
  offsetM: 22,
}
const side = { name: 'Quill', type: 'Avenue', roadClass: 1, classSource: 'test network', offsetM: 4 }

const score = (extra: object = {}) => buildScoreResult({ ...AT, address: 'x', precision: 'coordinates', street: side, ...extra })

describe('corner exposure', () => {
  it('a pin on the side street of a corner takes the arterial within sight: its volume and class', () => {
    const alone = score({ streetsInSight: [SIDE] })
    const corner = score({ streetsInSight: [SIDE, ARTERIAL] })
    expect(alone.factorScores.roadClass.raw.value).toBe(1)
    expect(corner.factorScores.roadClass.raw.value).toBe(4)
    expect(corner.factorScores.roadClass.raw.method).toMatch(/Zephyr Street\); busier street in sight/)
    expect(corner.factorScores.vehicleTraffic.raw.value).toBeGreaterThan(10 * alone.factorScores.vehicleTraffic.raw.value)
    expect(corner.factorScores.vehicleTraffic.raw.method).toMatch(/^modelled: Zephyr Street, the busier street in sight \(22 m\)/)
    expect(corner.overallScore).toBeGreaterThan(alone.overallScore)
  })

  it('the audience counts every street in sight and lists them, the point’s own street first', () => {
    const corner = score({ streetsInSight: [SIDE, ARTERIAL] })
    expect(corner.audience.streets.map((s) => [s.name, s.roadClass, s.distanceM])).toEqual([
      ['Quill Avenue', 1, 4],
      ['Zephyr Street', 4, 22],
    ])
    const sum = corner.audience.streets.reduce((a, s) => a + s.dailyVehicles, 0)
    expect(Math.abs(corner.audience.dailyVehicles - sum)).toBeLessThanOrEqual(100)
    expect(corner.audience.dailyVehicles).toBeGreaterThan(corner.factorScores.vehicleTraffic.raw.value)
  })

  it('the same streets in a different order give the same answer (an address and its coordinates)', () => {
    expect(score({ streetsInSight: [ARTERIAL, SIDE] })).toEqual(score({ streetsInSight: [SIDE, ARTERIAL] }))
  })

  it('an intersection count is every approach: the audience takes it whole, the factor the busier street’s share', () => {
    const count: MeasuredCount = {
      source: 'toronto-counts',
      kind: 'intersection',
      ...AT,
      vehicles: 60_000,
      pedestrians: 5000,
      year: 2015,
      name: 'Zephyr St & Quill Ave',
    }
    const r = score({ streetsInSight: [SIDE, ARTERIAL], measuredCounts: [count] })
    expect(r.audience.dailyVehicles).toBe(60_000)
    expect(r.factorScores.vehicleTraffic.raw.value).toBeLessThan(60_000)
    expect(r.factorScores.vehicleTraffic.raw.value).toBeGreaterThan(30_000)
    expect(r.factorScores.vehicleTraffic.raw.method).toMatch(/^measured: .*busier street \d+ % by the modelled volumes in sight$/)
    const split = r.audience.streets.reduce((a, s) => a + s.dailyVehicles, 0)
    expect(Math.abs(split - 60_000)).toBeLessThanOrEqual(200)
  })

  it('a typed intersection lists its two streets in sight, not the pair as a third street', () => {
    const count: MeasuredCount = {
      source: 'toronto-counts',
      kind: 'intersection',
      ...AT,
      vehicles: 40_000,
      pedestrians: 3000,
      year: 2015,
      name: 'Zephyr St & Quill Ave',
    }
    const pair = { name: 'Zephyr St & Quill Ave', roadClass: 4, classSource: 'test network' }
    const typed = (extra: object) =>
      buildScoreResult({ ...AT, address: 'Zephyr St & Quill Ave', precision: 'intersection', street: pair, ...extra })
    for (const r of [typed({ streetsInSight: [SIDE, ARTERIAL], measuredCounts: [count] }), typed({ streetsInSight: [SIDE, ARTERIAL] })]) {
      expect(r.audience.streets.map((s) => s.name).sort()).toEqual(['Quill Avenue', 'Zephyr Street'])
      const split = r.audience.streets.reduce((a, s) => a + s.dailyVehicles, 0)
      expect(Math.abs(split - r.audience.dailyVehicles)).toBeLessThanOrEqual(100)
    }
    // The same corner from its coordinates (the pin on the side street) gives the same streets and factor.
    const pin = score({ streetsInSight: [SIDE, ARTERIAL], measuredCounts: [count] })
    const viaName = typed({ streetsInSight: [SIDE, ARTERIAL], measuredCounts: [count] })
    expect(viaName.audience.dailyVehicles).toBe(40_000)
    expect(Math.abs(viaName.overallScore - pin.overallScore)).toBeLessThanOrEqual(3)
    expect(viaName.factorScores.vehicleTraffic.raw.value).toBe(pin.factorScores.vehicleTraffic.raw.value)
  })

  it('a street of the typed pair that no network classes takes the pair’s class (Vancouver: no network)', () => {
    const unclassed = (label: string, name: string): SightStreetInput => ({ label, name, offsetM: 0 })
    const pair = { name: 'W Broadway & Granville St', roadClass: 4 }
    const r = buildScoreResult({
      ...AT,
      address: 'W Broadway & Granville St',
      precision: 'intersection',
      street: pair,
      streetsInSight: [unclassed('W Broadway', 'W Broadway'), unclassed('Granville St', 'Granville St')],
    })
    expect(r.audience.streets.map((s) => [s.name, s.roadClass]).sort()).toEqual([
      ['Granville St', 4],
      ['W Broadway', 4],
    ])
  })

  it('names a street located by its keys as people write it', () => {
    const r = buildScoreResult({ ...AT, address: 'x', precision: 'coordinates', street: { name: 'Lawrence', type: 'ave' } })
    expect(r.audience.streets.map((s) => s.name)).toEqual(['Lawrence Ave'])
  })

  it('a postal-area position lists no street in sight, even when handed some', () => {
    const r = buildScoreResult({ ...AT, address: 'x', precision: 'postal_code', streetsInSight: [SIDE, ARTERIAL] })
    expect(r.audience.streets).toEqual([])
  })
})

describe('streetsInSight', () => {
  const piece = (name: string, nameKey: string, roadClass: number, coords: [number, number][]): StreetPiece => ({
    name,
    nameKey,
    typeKey: 'st',
    dir: '',
    source: 'gta',
    roadClass,
    coords,
  })
  it(`finds every street within ${SIGHT_M} m once, nearest first, with its busiest class in sight`, () => {
    const m = 1 / 111_200
    const k = 1 / (111_320 * Math.cos((AT.lat * Math.PI) / 180))
    const pieces = [
      piece('Zephyr Street', 'zephyr', 4, [
        [AT.lng + 20 * k, AT.lat - 500 * m],
        [AT.lng + 20 * k, AT.lat],
      ]),
      piece('Zephyr Street', 'zephyr', 3, [
        [AT.lng + 20 * k, AT.lat],
        [AT.lng + 20 * k, AT.lat + 500 * m],
      ]),
      piece('Quill Street', 'quill', 1, [
        [AT.lng - 300 * k, AT.lat + 5 * m],
        [AT.lng + 300 * k, AT.lat + 5 * m],
      ]),
      piece('Far Street', 'far', 2, [
        [AT.lng - 300 * k, AT.lat + 60 * m],
        [AT.lng + 300 * k, AT.lat + 60 * m],
      ]),
    ]
    const found = streetsInSight(pieces, AT.lat, AT.lng)
    expect(found.map((s) => [s.label, s.roadClass, Math.round(s.offsetM)])).toEqual([
      ['Quill Street', 1, 5],
      ['Zephyr Street', 4, 20],
    ])
  })

  // Continuity (methodology §2.3): a network street that goes on for kilometres carries more than one of the same
  // class that stops after a block; without a run (no network gives one) the class alone decides.
  it('an arterial in sight that runs for kilometres reads more vehicles than one of its class that stops short', () => {
    const volume = (runM?: number) =>
      score({ streetsInSight: [SIDE, { ...ARTERIAL, ...(runM && { runM }) }] }).audience.streets.find((s) => s.name === 'Zephyr Street')!
        .dailyVehicles
    expect(volume(20_000)).toBeGreaterThan(1.2 * volume(2_000))
    expect(volume(20_000)).toBeGreaterThan(volume())
    expect(volume(500)).toBeLessThan(volume())
  })

  it("the point's own network street moves with its run too", () => {
    const own = (runM?: number) =>
      score({ street: { ...side, roadClass: 4, ...(runM && { runM }) }, streetsInSight: [] }).factorScores.vehicleTraffic.raw.value
    expect(own(20_000)).toBeGreaterThan(own(500))
  })
})
