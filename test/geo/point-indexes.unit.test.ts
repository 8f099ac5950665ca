// The geo store's point indexes come from the build (point-indexes.bin, `npm run build:point-indexes`), restored
// with KDBush.from instead of sorted at cold start, and answer exactly as an index built from the points.
import KDBush from 'kdbush'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { POINT_INDEXES, buildPointIndex, pointIndex } from '../../src/geo/geodata/point-indexes'
import { geoStore, pointIndexItems } from '../../src/geo/geodata/store'

const items = pointIndexItems()
afterEach(() => vi.restoreAllMocks())

describe('point indexes', () => {
  it.each(POINT_INDEXES)('%s: restored from the artefact (no sort), byte for byte the index the points give', (name) => {
    const finish = vi.spyOn(KDBush.prototype, 'finish')
    const restored = pointIndex(name, items[name])
    expect(finish).not.toHaveBeenCalled()
    expect(restored.numItems).toBe(items[name].length)
    expect(new Uint8Array(restored.data)).toEqual(new Uint8Array(buildPointIndex(items[name]).data))
  })

  it('the store answers range and radius queries from them as before', () => {
    const store = geoStore()
    // Downtown Toronto: places, urban FSAs and stations all lie around it.
    const box = [-79.45, 43.62, -79.33, 43.7] as const
    for (const [index, points] of [
      [store.placeIndex, store.places],
      [store.urbanFsaIndex, store.urbanFsas],
      [store.stationIndex, store.stations],
    ] as const) {
      const found = index.range(...box).sort((a, b) => a - b)
      const expected = points.flatMap((p, i) => (p.lng >= box[0] && p.lng <= box[2] && p.lat >= box[1] && p.lat <= box[3] ? [i] : []))
      expect(found.length).toBeGreaterThan(0)
      expect(found).toEqual(expected)
    }
  })

  it('points that differ from the artefact get an index built from them, never a stale one', () => {
    const moved = items.stations.map((s, i) => (i === 0 ? { lat: s.lat + 0.5, lng: s.lng } : s))
    const finish = vi.spyOn(KDBush.prototype, 'finish')
    const index = pointIndex('stations', moved)
    expect(finish).toHaveBeenCalledOnce()
    const { lat, lng } = moved[0]
    expect(index.range(lng, lat, lng, lat)).toContain(0)
    expect(pointIndex('stations', items.stations.slice(1)).numItems).toBe(items.stations.length - 1)
  })
})
