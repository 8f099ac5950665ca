// Census-tract income: the tract that contains the point, from the bundled 2021 tract polygons.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { tractAt } from '../../src/geo/geodata/measured'
import { artefactReader } from '../../src/geo/geodata/measured/binary'
import { Shapes } from '../../src/geo/geodata/measured/shapes'
import { seededRandom } from '../../scripts/lib/seeded-random.mjs'

describe('tractAt', () => {
  it('tells a rich Toronto tract (Rosedale) from a poor one (Moss Park) 3 km away', () => {
    const rosedale = tractAt(43.6839, -79.3737)!
    const mossPark = tractAt(43.6565, -79.3695)!
    expect(rosedale.ctuid).toBe('5350086.00')
    expect(mossPark.ctuid).toBe('5350033.00')
    expect(rosedale.medianHouseholdIncome).toBeGreaterThan(200_000)
    expect(mossPark.medianHouseholdIncome).toBeLessThan(50_000)
  })

  it('has no tract outside tracted areas (rural Saskatchewan, open ocean)', () => {
    expect(tractAt(49.42, -107.072)).toBeUndefined()
    expect(tractAt(45, -40)).toBeUndefined()
  })

  it('finds a tract for downtown Ottawa, Calgary and Vancouver', () => {
    for (const [lat, lng, cma] of [
      [45.4215, -75.6972, '505'],
      [51.0447, -114.0719, '825'],
      [49.2827, -123.1207, '933'],
    ] as const) {
      const tract = tractAt(lat, lng)
      expect(tract?.ctuid.slice(0, 3)).toBe(cma)
      expect(tract!.medianHouseholdIncome).toBeGreaterThan(20_000)
    }
  })

  it('holds out a tract by ctuid', () => {
    expect(tractAt(43.6839, -79.3737, { exclude: new Set(['5350086.00']) })).toBeUndefined()
  })
})

describe('tract shapes: the first point queries scan the boxes, later ones use the grid', () => {
  it('both find the same tract boxes, in item order, around cities and at random', () => {
    const tractShapes = () => {
      const reader = artefactReader('tracts', readFileSync('src/geo/data/tracts.bin'))
      reader.ints(true) // ctuids
      reader.ints() // incomes
      return new Shapes(reader, 1e4, 0.2)
    }
    const scanned = tractShapes()
    const gridded = tractShapes()
    const rand = seededRandom(5)
    const points = Array.from({ length: 60 }, (_, k) =>
      k % 2 === 0 ? [43.5 + rand() * 0.4, -79.6 + rand() * 0.5] : [42 + rand() * 12, -125 + rand() * 60],
    )
    const containing = (shapes: Shapes, lat: number, lng: number, viaGrid: boolean): number[] => {
      const items: number[] = []
      const visit = (i: number) => {
        const b = i * 4
        const [qLat, qLng] = [lat * 1e4, lng * 1e4]
        if (qLat >= shapes.boxes[b] && qLng >= shapes.boxes[b + 1] && qLat <= shapes.boxes[b + 2] && qLng <= shapes.boxes[b + 3])
          items.push(i)
      }
      if (viaGrid) shapes.grid.forEachAt(lat, lng, visit)
      else shapes.forEachAt(lat, lng, visit)
      return items
    }
    let nonEmpty = 0
    for (const [lat, lng] of points) {
      const viaScan = containing(scanned, lat, lng, false)
      expect(viaScan).toEqual(containing(gridded, lat, lng, true))
      if (viaScan.length > 0) nonEmpty++
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(10)
  })
})
