// Edmonton's numbered grid (src/geo/geocode/grid-crossing.ts): a numbered street the store has no line of is
// placed on the other street's line, between its crossings with the numbers around it; through the worker's own
// geocoding on the memory store.
import { beforeAll, describe, expect, it } from 'vitest'
import { gridPieceNameKeys, planAddressLookup } from '../../src/geo/geocode/address-lookup'
import { gridNeighbourKeys, gridNumberOf } from '../../src/geo/geocode/grid-crossing'
import { distanceKm } from '../../src/geo/geodata/text'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

const metres = (a: { lat: number; lng: number }, b: readonly [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
// Edmonton: 107 Ave runs east–west; 102 St and 106 St cross it 560 m apart (numbers grow westward). 104 St, 105 St
// and 103 St have no line. 3 km north, 137 Ave has lines of 102 St and 130 St only (2.9 km apart: too far to bridge).
const AT_102: [number, number] = [53.5512, -113.4953]
const AT_106 = offset(AT_102, -560, 0)
const FAR_102 = offset(AT_102, 0, 3000)
const FAR_130 = offset(FAR_102, -2900, 0)
const ns = (at: [number, number]): [number, number][] => [offset(at, 0, -400), offset(at, 0, 400)]
const ew = (at: [number, number]): [number, number][] => [offset(at, 600, 0), offset(at, -3500, 0)]
// Calgary: 17 Ave SW with 11 St SW and 14 St SW, 450 m apart: not interpolated there (see grid-numbering.ts).
const AT_11: [number, number] = [51.0378, -114.0906]
const AT_14 = offset(AT_11, -450, 0)
// Vancouver: Renfrew St runs north–south; E 8th Av and E 12th Av cross it 440 m apart (numbers grow southward).
const AT_8TH: [number, number] = [49.2636, -123.0443]
const AT_12TH = offset(AT_8TH, 0, -440)

describe('numbered streets placed on Edmonton’s grid', () => {
  const memory = memoryStore()
  beforeAll(() => {
    memory.addStreets('edmonton-count-line', [
      { name: '107 Avenue', points: ew(AT_102) },
      { name: '102 Street', points: ns(AT_102) },
      { name: '106 Street', points: ns(AT_106) },
      { name: '137 Avenue', points: ew(FAR_102) },
      { name: '102 Street', points: ns(FAR_102) },
      { name: '130 Street', points: ns(FAR_130) },
    ])
    memory.addStreets('vancouver-corner-line', [
      { name: 'Renfrew St', points: [offset(AT_8TH, 0, 500), offset(AT_12TH, 0, -500)] },
      { name: 'E 8th Av', points: ew(AT_8TH) },
      { name: 'E 12th Av', points: ew(AT_12TH) },
    ])
    memory.addStreets('calgary', [
      { name: '17 Ave SW', roadClass: 3, points: [offset(AT_11, 600, 0), offset(AT_11, -900, 0)] },
      { name: '11 St SW', roadClass: 2, points: ns(AT_11) },
      { name: '14 St SW', roadClass: 2, points: ns(AT_14) },
    ])
  })

  it('reads numbered names and asks for the numbers around them', () => {
    expect(gridNumberOf('104')).toBe(104)
    expect(gridNumberOf('95a')).toBe(95.5)
    expect(gridNumberOf('jasper')).toBeUndefined()
    expect(gridNeighbourKeys(104)).toContain('96')
    expect(gridNeighbourKeys(104)).toContain('112')
    expect(gridNeighbourKeys(104)).not.toContain('104')
  })

  it('asks the store for the grid’s other names only when the first answer did not find the place', () => {
    const lookup = planAddressLookup('104 Street & 107 Avenue, Edmonton, AB')!
    const missed = { lat: 0, lng: 0, precision: 'street', accuracyM: 3000, address: '' } as const
    const keys = gridPieceNameKeys(lookup, missed)
    expect(keys).toContain('102')
    expect(keys).toContain('106th')
    // Never the names the first answer already asked for.
    expect(keys).not.toContain('104')
    expect(keys).not.toContain('107')
    expect(gridPieceNameKeys(lookup, { ...missed, precision: 'intersection' })).toEqual([])
    // Not in a city without a grid rule (Toronto) or for named streets.
    expect(gridPieceNameKeys(planAddressLookup('Yonge St & Bloor St, Toronto, ON')!, missed)).toEqual([])
  })

  it('places a typed corner at the number’s share of the way between the known crossings, interpolated', async () => {
    const res = await memory.score({ address: '104 Street & 107 Avenue, Edmonton, AB' })
    expect(res.precision).toBe('interpolated')
    expect(metres(res, offset(AT_102, -280, 0))).toBeLessThan(5)
    // Its radius: at least 60 m plus a tenth of the 560 m between the two crossings it was placed from.
    expect(res.accuracyM).toBeGreaterThanOrEqual(60 + 56 - 1)
    expect(res.accuracyM).toBeLessThan(200)
    // Not a crossing the data know: the warning says where the corner comes from.
    expect(res.warnings.map((w: { code: string }) => w.code)).toContain('INTERSECTION_NOT_FOUND')
    // Either order, and an "A" street half a number on.
    const reversed = await memory.score({ address: '107 Ave & 104 St, Edmonton, AB' })
    expect(metres(reversed, [res.lat, res.lng])).toBeLessThan(1)
    const half = await memory.score({ address: '103A Street & 107 Avenue, Edmonton, AB' })
    expect(metres(half, offset(AT_102, -0.375 * 560, 0))).toBeLessThan(5)
  })

  it('places both ends of a civic number’s block the same way', async () => {
    const res = await memory.score({ address: '10450 107 Ave, Edmonton, AB' })
    expect(res.precision).toBe('interpolated')
    // 104 St at 280 m, 105 St at 420 m: half way between them.
    expect(metres(res, offset(AT_102, -350, 0))).toBeLessThan(10)
  })

  it('does not bridge known crossings farther apart than 2 km', async () => {
    const res = await memory.score({ address: '120 Street & 137 Avenue, Edmonton, AB' })
    expect(res.precision).not.toBe('interpolated')
    expect(res.precision).not.toBe('intersection')
  })

  it('places Vancouver’s numbered avenues on a street’s line the same way (E 10th Av half way from E 8th to E 12th)', async () => {
    const res = await memory.score({ address: 'E 10th Av & Renfrew St, Vancouver, BC' })
    expect(res.precision).toBe('interpolated')
    expect(metres(res, offset(AT_8TH, 0, -220))).toBeLessThan(5)
    // The typed half of the city counts: W 10th Av is another street, 3 km west, which this store does not have.
    const west = await memory.score({ address: 'W 10th Av & Renfrew St, Vancouver, BC' })
    expect(west.precision).not.toBe('interpolated')
  })

  it('is not used in Calgary, where the leave-one-out check does not hold', async () => {
    const res = await memory.score({ address: '12 St SW & 17 Ave SW, Calgary, AB' })
    expect(['interpolated', 'intersection']).not.toContain(res.precision)
  })
})
