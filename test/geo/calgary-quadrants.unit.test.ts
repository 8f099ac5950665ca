// Calgary's counted sections take the quadrant of the place they lie in (scripts/lib/calgary-quadrants.ts), not
// the one in the City's section id, and a typed half quadrant names either quadrant of it (street-key.ts).
import { describe, expect, it } from 'vitest'
import { calgaryStreetRows } from '../../scripts/lib/geodata-store-streets'
import { quadrantIndex, sectionQuadrant } from '../../scripts/lib/calgary-quadrants'
import { streetsCompatible } from '../../src/geo/geocode/street-key'

type LngLat = [number, number]
// 17 Ave SW at 14 St: south of the Bow, in the SW quadrant.
const BELTLINE: LngLat = [-114.0947, 51.0378]
const east = (at: LngLat, m: number): LngLat => [at[0] + m / 70000, at[1]]
const north = (at: LngLat, m: number): LngLat => [at[0], at[1] + m / 111000]
const wkt = (line: LngLat[]) => `"MULTILINESTRING ((${line.map(([x, y]) => `${x} ${y}`).join(', ')}))"`

describe('Calgary quadrants of counted sections', () => {
  const zones = [
    { name: '17 AV SW', lines: [[east(BELTLINE, -400), east(BELTLINE, 400)]] },
    { name: '11 ST SW', lines: [[east(north(BELTLINE, -300), 200), east(north(BELTLINE, 300), 200)]] },
  ]
  const index = quadrantIndex(zones)
  const section14: LngLat[] = [north(BELTLINE, -200), north(BELTLINE, 200)]

  it('reads the place’s quadrant from the zones around it, and none where none is near or they disagree', () => {
    expect(index.at(...BELTLINE)).toBe('SW')
    expect(index.at(...north(BELTLINE, 2000))).toBe('')
    const mixed = quadrantIndex([...zones, { name: '1 ST SE', lines: [[east(BELTLINE, 100), east(BELTLINE, 150)]] }])
    expect(mixed.at(...BELTLINE)).toBe('')
  })

  it('keeps the road’s own letter from the id and takes the other from the place', () => {
    // "14STNW17A" lies south of the Bow: 14 St's west is the road's, the south the place's.
    expect(sectionQuadrant('NW', 'ST', [section14], index)).toBe('SW')
    // An avenue keeps its north or south: an id saying north where the zones say south is not trusted.
    expect(sectionQuadrant('NW', 'AV', [section14], index)).toBe('')
    expect(sectionQuadrant('', 'ST', [section14], index)).toBe('')
  })

  it('writes the section’s pieces with the place’s quadrant', () => {
    const speed = `street_name,speed_kmh,bound,created_dt,distance_km_src,length_m,wkt\n${zones
      .map((z) => `${z.name},50,N/S,,,100,${wkt(z.lines[0])}`)
      .join('\n')}\n`
    const traffic = `year,secname,volume,length_m,wkt\n2018,14STNW17A,17000,400,${wkt(section14)}\n`
    const pieces = calgaryStreetRows(speed, traffic).rows.filter((r) => r.nameKey === '14')
    expect(pieces.length).toBeGreaterThan(0)
    expect(new Set(pieces.map((r) => `${r.typeKey} ${r.dir}`))).toEqual(new Set(['st SW']))
  })

  it('matches a typed half quadrant to either quadrant of it, never the other half', () => {
    const typed = { nameKey: '16', typeKey: 'ave', dir: 'N' }
    expect(streetsCompatible(typed, { ...typed, dir: 'NE' })).toBe(true)
    expect(streetsCompatible(typed, { ...typed, dir: 'NW' })).toBe(true)
    expect(streetsCompatible(typed, { ...typed, dir: 'SW' })).toBe(false)
    expect(streetsCompatible({ ...typed, dir: 'NE' }, { ...typed, dir: 'NW' })).toBe(false)
  })
})
