// The per-point memos and the stop counter used by the scoring path answer exactly what the plain
// lookups answer, also after thousands of points have evicted each other from the memo; a site-finder
// grid point, scored without the memos and with its area's traffic raster, gets the signals it gets alone.
import { describe, expect, it } from 'vitest'
import { featuresAt, trafficArea } from '../../src/geo/signals'
import { urbanContext } from '../../src/geo/geodata'
import { censusAt, tractAt, transitStopPointsNear, transitStopsAround } from '../../src/geo/geodata/measured'
import { PointMemo } from '../../src/geo/geodata/measured/point-memo'
import { seededRandom } from '../../scripts/lib/seeded-random.mjs'

// A set that excludes nothing real still bypasses the memo: the lookup is computed afresh.
const NOTHING = { exclude: new Set(['not-an-id']) }
const rand = seededRandom(11)
const CITIES = [
  [43.6487, -79.3806],
  [45.4215, -75.6972],
  [49.2827, -123.1207],
  [51.0447, -114.0719],
]
const points = Array.from({ length: 6000 }, (_, i) => {
  const [lat, lng] = CITIES[i % CITIES.length]
  return i % 5 === 0 ? [42 + rand() * 14, -130 + rand() * 70] : [lat + (rand() - 0.5) * 0.2, lng + (rand() - 0.5) * 0.3]
})

describe('per-point lookups', () => {
  it('PointMemo keeps four points per set, evicts the oldest, and replaces a point stored again', () => {
    const memo = new PointMemo<string>(4) // one set of four slots: every point shares it
    for (let i = 0; i < 4; i++) memo.set(45 + i, -75, `p${i}`)
    expect([0, 1, 2, 3].map((i) => memo.get(45 + i, -75))).toEqual(['p0', 'p1', 'p2', 'p3'])
    memo.set(45 + 2, -75, 'p2 again') // replaced in place: nothing else leaves
    expect([0, 1, 2, 3].map((i) => memo.get(45 + i, -75))).toEqual(['p0', 'p1', 'p2 again', 'p3'])
    memo.set(50, -75, 'p4') // the oldest (p0) leaves
    expect([0, 1, 2, 3].map((i) => memo.get(45 + i, -75))).toEqual([undefined, 'p1', 'p2 again', 'p3'])
    expect(memo.get(50, -75)).toBe('p4')
    expect(memo.get(50, -75.000001)).toBeUndefined() // exact coordinates only
  })

  it('censusAt and tractAt give the same answer from the memo as computed afresh', () => {
    for (const [lat, lng] of points) {
      censusAt(lat, lng)
      tractAt(lat, lng)
    }
    for (const [lat, lng] of points.filter((_, i) => i % 7 === 0)) {
      expect(censusAt(lat, lng)).toEqual(censusAt(lat, lng, NOTHING))
      expect(tractAt(lat, lng)).toEqual(tractAt(lat, lng, NOTHING))
    }
  })

  it('featuresAt without the memos (site-finder grid points) gives the signals it gives with them', () => {
    for (const [lat, lng] of points.filter((_, i) => i % 13 === 0)) {
      const input = { lat, lng, precision: 'coordinates' as const }
      expect(featuresAt(input, { memo: false })).toEqual(featuresAt(input))
    }
  })

  it('featuresAt with a Calgary grid area (counted sections by raster cell) gives the signals it gives alone', () => {
    const [south, west, north, east] = [51.03, -114.09, 51.06, -114.04]
    const area = { memo: false, trafficArea: trafficArea(south, west, north, east) }
    expect(area.trafficArea).toBeDefined()
    let fromCounts = 0
    for (let lat = south; lat <= north; lat += 0.0011) {
      for (let lng = west; lng <= east; lng += 0.0017) {
        const input = { lat, lng, precision: 'coordinates' as const }
        const signals = featuresAt(input, area)
        expect(signals).toEqual(featuresAt(input))
        if (signals.vehicleTraffic.method.includes('counted section')) fromCounts++
      }
    }
    // The lattice crosses counted roads: measured, same-road and same-street counts are all exercised.
    expect(fromCounts).toBeGreaterThan(100)
  })

  it('urbanContext keeps the variants of its options apart', () => {
    const [lat, lng] = CITIES[0]
    const metro = urbanContext(lat, lng, { fsaKernel: false, places: 'outsideMetros' })
    const full = urbanContext(lat, lng)
    // Without the FSA kernel and the places walk, a metro point has only the density floor.
    expect(metro.density).toBe(0.5)
    expect(full.density).toBeGreaterThan(1000)
    expect(urbanContext(lat, lng, { fsaKernel: false, places: 'outsideMetros' })).toEqual(metro)
  })

  it('transitStopsAround counts and lists what transitStopPointsNear finds', () => {
    for (const [lat, lng] of points.filter((_, i) => i % 11 === 0)) {
      const all = transitStopPointsNear(lat, lng, 800)
      const around = transitStopsAround(lat, lng, 400, 800, 300)
      expect(around.withinFar).toBe(all.length)
      expect(around.withinNear).toBe(all.filter((s) => s.distanceM <= 400).length)
      expect(around.points).toEqual(all.filter((s) => s.distanceM <= 300))
      expect(transitStopsAround(lat, lng, 400, 800, 150).points).toEqual(all.filter((s) => s.distanceM <= 150))
    }
  })
})
