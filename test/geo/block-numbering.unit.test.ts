// Block numbering (src/geo/geocode/grid-numbering.ts): Calgary and Edmonton number every street by the numbered
// cross street it lies past, and have no address points in the store. A civic address there is placed between
// the two numbered cross streets of its block, through the worker's own geocoding on the memory store.
import { beforeAll, describe, expect, it } from 'vitest'
import { blockRuleOf } from '../../src/geo/geocode/grid-numbering'
import { distanceKm } from '../../src/geo/geodata/text'
import { memoryStore } from '../helpers/memory-store'
import { offset } from '../helpers/street-fixture'

const metres = (a: { lat: number; lng: number }, b: readonly [number, number]) => distanceKm(a.lat, a.lng, b[0], b[1]) * 1000
// Edmonton: Jasper Ave runs east–west; 102 St and 103 St cross it 170 m apart (103 St to the west).
const AT_102: [number, number] = [53.5409, -113.4953]
const AT_103 = offset(AT_102, -170, 0)
// Calgary: 17 Ave SW crosses 10 St SW and 11 St SW 150 m apart (11 St to the west); 14 St SW is 3 blocks on.
const AT_10: [number, number] = [51.0378, -114.0866]
const AT_11 = offset(AT_10, -150, 0)
const ns = (at: [number, number]): [number, number][] => [offset(at, 0, -500), offset(at, 0, 500)]

describe('civic numbers placed by block (Calgary, Edmonton)', () => {
  const memory = memoryStore()
  beforeAll(() => {
    memory.addStreets('edmonton-count-line', [
      { name: 'Jasper Avenue', points: [offset(AT_102, 800, 0), offset(AT_102, -900, 0)] },
      { name: '102 Street', points: ns(AT_102) },
      { name: '103 Street', points: ns(AT_103) },
    ])
    memory.addStreets('calgary', [
      { name: '17 Ave SW', roadClass: 3, points: [offset(AT_10, 600, 0), offset(AT_10, -900, 0)] },
      { name: '11 St SW', roadClass: 2, points: ns(AT_11) },
    ])
  })

  it('reads the block from the number: its hundreds are the cross street it lies past', () => {
    const avenue = { nameKey: 'jasper', typeKey: 'ave', dir: '' }
    expect(blockRuleOf('edmonton', avenue, 10220)).toEqual({ from: 102, fraction: 0.2, crossTypes: ['st'], grid: true })
    expect(blockRuleOf('calgary', { nameKey: '112', typeKey: 'st', dir: 'NW' }, 8215)?.crossTypes).toEqual(['ave'])
    expect(blockRuleOf('calgary', { nameKey: 'macleod', typeKey: 'trail', dir: 'SE' }, 800)?.crossTypes).toEqual(['st', 'ave'])
    expect(blockRuleOf('toronto', avenue, 10220)).toBeUndefined()
    expect(blockRuleOf('edmonton', avenue, 99)).toBeUndefined()
  })

  it('places a number between its block’s two cross streets, with a radius that reaches both', async () => {
    const res = await memory.score({ address: '10220 Jasper Ave, Edmonton, AB' })
    expect(res.precision).toBe('interpolated')
    const expected = offset(AT_102, -0.2 * 170, 0)
    expect(metres(res, expected)).toBeLessThan(10)
    // Each end is a crossing of lines through count sites (chords): at least the 60 m such a crossing claims.
    expect(res.accuracyM).toBeGreaterThanOrEqual(60 + Math.max(metres(res, AT_102), metres(res, AT_103)) - 1)
    expect(res.accuracyM).toBeLessThan(300)
  })

  it('with one end of the block known, stays at that crossing with a block’s length around it', async () => {
    const res = await memory.score({ address: '1000 17 Ave SW, Calgary, AB' })
    expect(res.precision).toBe('interpolated')
    expect(metres(res, AT_11)).toBeLessThan(10)
    expect(res.accuracyM).toBeGreaterThanOrEqual(250)
    expect(metres(res, AT_10)).toBeLessThan(res.accuracyM)
  })

  it('a block whose cross streets the store lacks stays at street precision', async () => {
    const res = await memory.score({ address: '1400 17 Ave SW, Calgary, AB' })
    expect(res.precision).toBe('street')
  })
})
