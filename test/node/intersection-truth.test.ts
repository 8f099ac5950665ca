// The committed intersection truth sets (geodata/intersections/, npm run validate:intersections): intact
// against their manifest, each set labelled independent or not, and every row a typed intersection with
// a position. Needs no ../shared.
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { truthOf } from '../../research/lib/intersection-truth'
import { parseIntersection } from '../../src/geo/geocode/intersection-text'

const manifest = JSON.parse(readFileSync('geodata/intersections/manifest.json', 'utf8'))
const bytes = readFileSync(`geodata/intersections/${manifest.file}`)

describe('intersection truth sets', () => {
  it('match their manifest, with a licence and an independence label per set', () => {
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifest.sha256)
    const lines = gunzipSync(bytes).toString('utf8').trim().split('\n').slice(1)
    expect(lines).toHaveLength(manifest.rows)
    expect(manifest.sets.map((s: { set: string }) => s.set)).toEqual([
      'vancouver',
      'edmonton',
      'toronto-gta',
      'ottawa',
      'montreal',
      'calgary',
    ])
    for (const set of manifest.sets) {
      expect(typeof set.independent, set.set).toBe('boolean')
      expect(set.licence, set.set).toBeTruthy()
    }
  })

  it('hold typed intersections the parser reads as two streets, each with a position in Canada', () => {
    const rows = gunzipSync(bytes)
      .toString('utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => truthOf(l.split('\t')))
    const unread = rows.filter((r) => !parseIntersection(r.typed))
    // A bare number first ("17 and 11, Calgary": 17 Ave or 17 St? "17 / old barn": Highway 17) is left unread on
    // purpose, like a civic number (docs/geocoding.md); Edmonton's "82 (Whyte) Avenue" names a street twice.
    const known = (t: string) => /^\d+\s*(?:&|and|\/|at)\s/i.test(t) || t.includes('(')
    expect(unread.filter((r) => !known(r.typed)).map((r) => r.typed)).toEqual([])
    for (const r of rows) for (const [lat, lng] of r.points) expect(lat > 41 && lat < 84 && lng > -142 && lng < -52, r.typed).toBe(true)
  })
})
