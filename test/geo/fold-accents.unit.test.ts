// One accent fold (src/lib/text.ts foldAccents) for every text key: the geocoder's keys at run time, the
// builds that write keys for it (scripts/geodata/fsa.mjs through loadTs) and the type and direction words
// (bareToken). Written once, so build and runtime keys cannot fold differently.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { foldAccents } from '../../src/lib/text'
import { bareToken, normalizeName } from '../../src/geo/geodata'

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : /\.(ts|mjs)$/.test(entry.name) ? [path] : []
  })

describe('foldAccents', () => {
  it('drops the accents of French and other Latin names, keeps case and every other character', () => {
    expect(foldAccents('Montréal, Côte-Saint-Luc, Île-Perrot, Saint-Jérôme, Ça Va')).toBe(
      'Montreal, Cote-Saint-Luc, Ile-Perrot, Saint-Jerome, Ca Va',
    )
    expect(foldAccents('Ñandú Straße Ørsted')).toBe('Nandu Straße Ørsted')
    expect(foldAccents('St. John’s #5')).toBe('St. John’s #5')
  })

  it('is the fold of the name keys and of the type and direction words', () => {
    expect(normalizeName('Rue Sainte-Catherine Est, Montréal')).toBe('rue sainte catherine est montreal')
    expect(bareToken('Boul.')).toBe('boul')
    expect(bareToken('CÔTE')).toBe('cote')
  })

  it('is written once: no other accent fold in src/, scripts/ or research/', () => {
    // The PDF layout decomposes a glyph to draw its marks (not a key).
    const allowed = new Set(['src/lib/text.ts', 'src/services/reports/layout.ts'])
    const folds = ['src', 'scripts', 'research']
      .flatMap(sources)
      .filter((file) => !allowed.has(file) && /normalize\(['"]NFK?D['"]\)/.test(readFileSync(file, 'utf8')))
    expect(folds).toEqual([])
  })
})
