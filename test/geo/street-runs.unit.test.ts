// A street's run (scripts/lib/street-runs.ts): how far the same named street goes on unbroken, the traffic
// model's continuity (methodology §2.3). Pieces are joined end to end by street key, across sources.
import polyline from '@mapbox/polyline'
import { describe, expect, it } from 'vitest'
import { streetRuns, type RunPiece } from '../../scripts/lib/street-runs'

/** A piece of `name` along latitude 43.70 from lng a to lng b (1° of longitude ≈ 80.4 km there). */
const along = (name: string, a: number, b: number, lat = 43.7, typeKey = 'AVE'): RunPiece => ({
  nameKey: name,
  typeKey,
  line: polyline.encode(
    [
      [lat, a],
      [lat, b],
    ],
    5,
  ),
})

describe('street runs', () => {
  it('pieces of one street that meet end to end share one run, about their summed length', () => {
    const runs = streetRuns([along('FINCH', -79.5, -79.49), along('FINCH', -79.49, -79.48), along('FINCH', -79.48, -79.47)])
    expect(new Set(runs).size).toBe(1)
    expect(runs[0]).toBeGreaterThan(2000) // 3 × 0.01° ≈ 2.4 km
    expect(runs[0]).toBeLessThan(3000)
  })

  it('another street, or the same name with another type, or a gap of a kilometre starts another run', () => {
    const runs = streetRuns([
      along('FINCH', -79.5, -79.49),
      along('FINCH', -79.49, -79.48),
      along('STEELES', -79.48, -79.47),
      along('FINCH', -79.48, -79.47, 43.7, 'CRES'),
      along('FINCH', -79.465, -79.455),
    ])
    expect(runs[0]).toBe(runs[1])
    expect(runs[2]).toBeLessThan(runs[0])
    expect(runs[3]).toBeLessThan(runs[0])
    expect(runs[4]).toBeLessThan(runs[0])
  })

  it("a divided road's two carriageways count once, and the order of the pieces changes nothing", () => {
    const single = streetRuns([along('HWY', -79.5, -79.48)])[0]
    const pieces = [along('HWY', -79.5, -79.48), along('HWY', -79.48, -79.5, 43.7002)]
    const divided = streetRuns(pieces)
    expect(divided[0]).toBe(divided[1])
    expect(divided[0]).toBeLessThan(single * 1.3)
    expect(streetRuns([...pieces].reverse())).toEqual([...divided].reverse())
  })
})
