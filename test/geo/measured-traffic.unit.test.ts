// Calgary's counted traffic sections, from the bundled City of Calgary volumes 2016–2018.
import { describe, expect, it } from 'vitest'
import { countedSectionsNear } from '../../src/geo/geodata/measured'

describe('countedSectionsNear', () => {
  it('returns the volume of the counted section a point lies on (5 Av SW downtown, 2018)', () => {
    const [first] = countedSectionsNear(51.048284, -114.059137, 25)
    expect(first).toMatchObject({ id: '5AVS12', secname: '5AVS12', aadt: 22_000, year: 2018 })
    expect(first.distanceM).toBeLessThan(2)
    // The section is digitised from its west end to its east end: a bearing near 90°.
    expect(Math.abs(first.bearingDeg - 90)).toBeLessThan(5)
    expect(Math.abs(first.nearestLat - 51.048284)).toBeLessThan(0.0001)
  })

  it('treats a 0 volume as not counted and falls back to the latest counted year (8AVS2_A: 0 in 2018)', () => {
    const section = countedSectionsNear(51.045297, -114.053871, 10).find((s) => s.secname === '8AVS2_A')
    expect(section).toMatchObject({ aadt: 400, year: 2016 })
  })

  it('keeps two different pieces that share one secname apart (BOWNESS3)', () => {
    const [piece] = countedSectionsNear(51.101912, -114.210209, 10)
    expect(piece.secname).toBe('BOWNESS3')
    expect(piece.id).toMatch(/^BOWNESS3#\d$/)
    expect(piece).toMatchObject({ aadt: 14_000, year: 2016 })
  })

  it('sorts by distance, honours the radius, and holds out sections by id', () => {
    const near = countedSectionsNear(51.0447, -114.0719, 300)
    expect(near.length).toBeGreaterThan(2)
    for (let i = 1; i < near.length; i++) expect(near[i].distanceM).toBeGreaterThanOrEqual(near[i - 1].distanceM)
    expect(near.at(-1)!.distanceM).toBeLessThanOrEqual(300)
    const without = countedSectionsNear(51.0447, -114.0719, 300, { exclude: new Set([near[0].id]) })
    expect(without.map((s) => s.id)).not.toContain(near[0].id)
    expect(without.length).toBe(near.length - 1)
  })

  it('keeps the sections a filter accepts, in the order of the full list (ties included)', () => {
    // Sections chain along roads, so many share an end vertex and tie on distance: the filter must not reorder them.
    for (const [lat, lng] of [
      [51.0447, -114.0719],
      [51.0486, -114.0708],
      [51.08, -114.2],
    ]) {
      const all = countedSectionsNear(lat, lng, 2000)
      const kept = countedSectionsNear(lat, lng, 2000, undefined, (distanceM, _, secname) => distanceM <= 800 || secname.startsWith('1'))
      expect(kept.length).toBeGreaterThan(2)
      expect(kept.length).toBeLessThan(all.length)
      expect(kept).toEqual(all.filter((s) => s.distanceM <= 800 || s.secname.startsWith('1')))
    }
  })

  it('has no counted section outside Calgary', () => {
    expect(countedSectionsNear(45.4215, -75.6972, 500)).toEqual([])
  })
})
