// The committed count artefacts (geodata/store/counts-*.tsv.gz) are what the build makes of the data pack
// with the traffic fit's own parse (scripts/geodata/counts.mjs), filed under the street pieces' cells.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readArtefact, readManifest } from '../../scripts/lib/geodata-artefacts.mjs'
import { cellOf } from '../../src/geo/geodata/store-format'
import { withinCountExtents } from '../../src/services/count-store'
import { hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'

const entry = (source: string) => readManifest().artefacts.find((a) => a.source === source)!

describe('count artefacts', () => {
  it('file every count under the cell of its position, with a positive daily volume', () => {
    for (const source of ['edmonton-counts', 'vancouver-counts', 'toronto-counts']) {
      const rows = readArtefact(entry(source))
      expect(rows.length, source).toBeGreaterThan(500)
      for (const [, cell, lat, lng, vehicles] of rows) {
        expect(Number(cell)).toBe(cellOf(Number(lat) / 1e5, Number(lng) / 1e5))
        expect(Number(vehicles)).toBeGreaterThan(0)
      }
    }
  })

  it('lie within the extent the worker reads to skip the query: a point in a city without counts asks nothing', () => {
    for (const source of ['edmonton-counts', 'vancouver-counts', 'toronto-counts']) {
      for (const [, , lat, lng] of readArtefact(entry(source)))
        expect(withinCountExtents(Number(lat) / 1e5, Number(lng) / 1e5), `${source} ${lat},${lng}`).toBe(true)
    }
    expect(withinCountExtents(45.4215, -75.6972)).toBe(false) // Ottawa
    expect(withinCountExtents(43.6532, -79.3832)).toBe(true) // Toronto
    expect(withinCountExtents(46.8139, -71.208)).toBe(false) // Québec
    const [minLat] = entry('edmonton-counts').extentE5!
    // 1.4 km south of the southernmost Edmonton count is within reach of its street's counts (1.5 km); 1.7 km is not.
    expect(withinCountExtents((minLat - 1260) / 1e5, -113.49)).toBe(true)
    expect(withinCountExtents((minLat - 1530) / 1e5, -113.49)).toBe(false)
  })

  it.skipIf(!hasSharedData)('are the build of the data pack: the same rows as rebuilt now', async () => {
    if (!hasSharedData) return console.warn(sharedDataSkipReason)
    const { edmontonCountRows, torontoCountRows, vancouverCountRows } = await import('../../scripts/lib/geodata-store-counts.mjs')
    for (const [source, file, build] of [
      ['edmonton-counts', 'edmonton/aawdt.csv', edmontonCountRows],
      ['vancouver-counts', 'vancouver/tmc-counts.csv', vancouverCountRows],
      ['toronto-counts', 'toronto/signal-counts-8h.csv', torontoCountRows],
    ] as const) {
      const rebuilt = build(readFileSync(sharedFile(file), 'utf8')).rows.map((r: unknown[]) => r.map(String))
      expect(rebuilt, source).toEqual(readArtefact(entry(source)))
    }
  })
})
