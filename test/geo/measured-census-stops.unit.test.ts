// The bundled census and transit-stop artefacts answer like the places a user knows.
import { describe, expect, it } from 'vitest'
import { censusAt, transitStopPointsNear, transitStopsNear } from '../../src/geo/geodata/measured'
import { PointGrid } from '../../src/geo/geodata/measured/grid'
import { stopTable } from '../../src/geo/geodata/measured/internals'
import { METRES_PER_DEGREE, metresPerDegreeLng } from '../../src/geo/geodata/measured/planar'
import { seededRandom } from '../../scripts/lib/seeded-random.mjs'

const KING_AND_BAY = { lat: 43.6487, lng: -79.3806 }
const RURAL_SASKATCHEWAN = { lat: 49.42, lng: -107.072 } // DA 47030113, south-west of Swift Current
const MID_ATLANTIC = { lat: 45, lng: -40 }

describe('censusAt', () => {
  it('finds a dense, walkable downtown Toronto', () => {
    const s = censusAt(KING_AND_BAY.lat, KING_AND_BAY.lng)!
    expect(s.popDensity).toBeGreaterThan(10_000)
    expect(s.transitStops1km).toBeGreaterThan(100)
    expect(s.poiCount1km).toBeGreaterThan(1000)
    expect(s.intersectionDensity1km).toBeGreaterThan(50)
    expect(s.neighbours).toBe(8)
    expect(s.nearestDaM).toBeLessThan(300)
  })

  it('finds rural Saskatchewan sparse, from DA points kilometres away', () => {
    const s = censusAt(RURAL_SASKATCHEWAN.lat, RURAL_SASKATCHEWAN.lng)!
    expect(s.popDensity).toBeLessThan(200)
    expect(s.transitStops1km).toBeLessThan(1)
    expect(s.poiCount1km).toBeLessThan(20)
  })

  it('has nothing for a point far from any DA', () => {
    expect(censusAt(MID_ATLANTIC.lat, MID_ATLANTIC.lng)).toBeUndefined()
  })

  it('reports transit as unknown where Can-ALE has no transit measure (Moncton, NB)', () => {
    const s = censusAt(46.0878, -64.7782)!
    expect(s.popDensity).toBeGreaterThan(500)
    expect(s.transitStops1km).toBeUndefined()
  })

  it('holds out a DA by uid: the interpolation moves and the nearest DA used is no nearer', () => {
    const whole = censusAt(KING_AND_BAY.lat, KING_AND_BAY.lng)!
    const heldOut = censusAt(KING_AND_BAY.lat, KING_AND_BAY.lng, { exclude: new Set(['35200855']) })!
    expect(heldOut.popDensity).not.toBe(whole.popDensity)
    expect(heldOut.nearestDaM).toBeGreaterThanOrEqual(whole.nearestDaM)
  })
})

describe('transit stops', () => {
  it('counts over a hundred distinct stops within 1 km of King & Bay', () => {
    const near = transitStopsNear(KING_AND_BAY.lat, KING_AND_BAY.lng, 1000)
    expect(near.count).toBeGreaterThan(100)
    expect(near.nearestM).toBeLessThan(150)
  })

  it('has no stop near a rural Saskatchewan point', () => {
    expect(transitStopsNear(RURAL_SASKATCHEWAN.lat, RURAL_SASKATCHEWAN.lng, 1000)).toEqual({ count: 0 })
  })

  it('lists stop points nearest first, all within the radius, agreeing with the count', () => {
    const points = transitStopPointsNear(KING_AND_BAY.lat, KING_AND_BAY.lng, 400)
    expect(points.length).toBe(transitStopsNear(KING_AND_BAY.lat, KING_AND_BAY.lng, 400).count)
    expect(points.length).toBeGreaterThan(5)
    for (let i = 1; i < points.length; i++) expect(points[i].distanceM).toBeGreaterThanOrEqual(points[i - 1].distanceM)
    expect(points.at(-1)!.distanceM).toBeLessThanOrEqual(400)
  })

  it('counts more stops in a larger circle', () => {
    const small = transitStopsNear(45.4215, -75.6972, 400).count
    const large = transitStopsNear(45.4215, -75.6972, 800).count
    expect(large).toBeGreaterThan(small)
  })
})

describe('the point grid (the artefacts are its index: points in cell order)', () => {
  it('finds every stop a scan of the whole table finds, around cities and across cell edges', () => {
    const { qLat, qLng } = stopTable()
    const rand = seededRandom(3)
    const centres = [KING_AND_BAY, { lat: 45.4215, lng: -75.6972 }, { lat: 49.2827, lng: -123.1207 }, { lat: 45.5017, lng: -73.5673 }]
    for (let k = 0; k < 40; k++) {
      const c = centres[k % centres.length]
      const lat = c.lat + (rand() - 0.5) * 0.1
      const lng = c.lng + (rand() - 0.5) * 0.1
      const radius = 200 + rand() * 1500
      const kx = metresPerDegreeLng(lat)
      let scanned = 0
      for (let i = 0; i < qLat.length; i++) {
        const dx = (qLng[i] / 1e5 - lng) * kx
        const dy = (qLat[i] / 1e5 - lat) * METRES_PER_DEGREE
        if (dx * dx + dy * dy <= radius * radius) scanned++
      }
      expect(transitStopsNear(lat, lng, radius).count).toBe(scanned)
    }
  })

  it('refuses points that are not in cell order', () => {
    const n = 1000
    const qLat = Int32Array.from({ length: n }, (_, i) => 4_500_000 + (n - i) * 1000)
    const qLng = new Int32Array(n).fill(-7_500_000)
    expect(() => new PointGrid(qLat, qLng, 500, 1e5)).toThrow(/cell order/)
  })
})
