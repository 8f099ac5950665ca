// The committed geodata store artefacts (geodata/store/): intact, versioned by their hashes, within
// the size budget, held-out addresses really left out, street pieces short enough for the cell index.
// Needs no ../shared: it reads what a fresh clone has.
import { describe, expect, it } from 'vitest'
import polyline from '@mapbox/polyline'
import { dataVersionOf, readArtefact, readManifest } from '../../scripts/lib/geodata-artefacts.mjs'
import { parseCivicNumber, streetKeyOfText } from '../../src/geo/geocode/street-key'
import { cellOf, MAX_PIECE_M } from '../../src/geo/geodata/store-format'
import { distanceM } from '../../src/geo/geodata/geodesy'
import { normalizeName } from '../../src/geo/geodata/text'

const manifest = readManifest()
const of = (kind: string) => manifest.artefacts.filter((a) => a.kind === kind)

describe('geodata store artefacts', () => {
  it('every artefact matches its manifest hash and row count; the data version is derived from the hashes', () => {
    for (const entry of manifest.artefacts) expect(readArtefact(entry).length, entry.file).toBe(entry.rows)
    expect(manifest.dataVersion).toBe(dataVersionOf(manifest.formatVersion, manifest.artefacts))
    const changed = manifest.artefacts.map((a, i) => (i === 0 ? { ...a, sha256: '0'.repeat(64) } : a))
    expect(dataVersionOf(manifest.formatVersion, changed)).not.toBe(manifest.dataVersion)
    for (const entry of manifest.artefacts) expect(entry.sources.length, entry.file).toBeGreaterThan(0)
  })

  it('stays within the 60 MB budget for git', () => {
    expect(manifest.artefacts.reduce((s, a) => s + a.bytes, 0)).toBeLessThan(60e6)
  })

  it('never loads a held-out address: none of them is in the address artefacts', () => {
    const stored = new Set(
      of('addresses').flatMap((a) =>
        readArtefact(a).map(([city, name, type, dir, n, suffix]) => [city, name, type, dir, n, suffix].join('|')),
      ),
    )
    let checked = 0
    for (const entry of of('holdout'))
      for (const [number, street, city] of readArtefact(entry).slice(0, 300)) {
        const key = streetKeyOfText(street)
        const civic = parseCivicNumber(number)
        if (!key || !civic) continue
        checked++
        expect(
          stored.has([normalizeName(city), key.nameKey, key.typeKey, key.dir, civic.number, civic.suffix].join('|')),
          `${number} ${street}, ${city}`,
        ).toBe(false)
      }
    expect(checked).toBeGreaterThan(1000)
  })

  it('cuts street pieces at MAX_PIECE_M and files each under the cell of its box centre', () => {
    for (const entry of of('streets'))
      for (const row of readArtefact(entry).filter((_, i) => i % 97 === 0)) {
        const coords = polyline.decode(row[10], 5)
        let length = 0
        for (let i = 1; i < coords.length; i++) length += distanceM(coords[i - 1][0], coords[i - 1][1], coords[i][0], coords[i][1])
        expect(length, `${entry.file} ${row[3]}`).toBeLessThan(MAX_PIECE_M * 1.05)
        const [minLat, minLng, maxLat, maxLng] = row.slice(6, 10).map((v) => Number(v) / 1e5)
        expect(Number(row[5])).toBe(cellOf((minLat + maxLat) / 2, (minLng + maxLng) / 2))
      }
  })
})
