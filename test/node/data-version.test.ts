// Every score's `dataVersion` is derived from the committed artefacts' SHA-256 hashes (the bundled
// manifest and the geodata store's), so a changed artefact without its manifest, or a hand-edited
// version, fails here. No ../shared needed: it reads only committed files.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dataVersionOf, readManifest, STORE_SUMMARY, storeSummary } from '../../scripts/lib/geodata-artefacts.mjs'
import { DATA_VERSION } from '../../src/geo/geodata'

const dataDir = 'src/geo/data'
const bundle = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')) as {
  dataVersion: string
  steps: { outputs: { file: string; sha256: string }[] }[]
}
const outputs = bundle.steps.flatMap((step) => step.outputs)

describe('data version', () => {
  it('each bundled artefact matches the SHA-256 its manifest records', () => {
    expect(outputs.length).toBeGreaterThan(5)
    for (const output of outputs) {
      const sha = createHash('sha256')
        .update(readFileSync(join(dataDir, output.file)))
        .digest('hex')
      expect(sha, `${output.file}: rebuild with npm run build:geodata`).toBe(output.sha256)
    }
  })

  it('the bundled manifest version is derived from those hashes', () => {
    expect(bundle.dataVersion).toBe(dataVersionOf(1, outputs))
  })

  it("the worker's copy of the store manifest (version, extents) is the manifest's: rebuild with npm run build:geodata-store", () => {
    expect(JSON.parse(readFileSync(STORE_SUMMARY, 'utf8'))).toEqual(storeSummary(readManifest()))
  })

  it('scores carry both derived versions, bundle and store', () => {
    expect(DATA_VERSION).toBe(`geodata-${bundle.dataVersion}+store-${readManifest().dataVersion}`)
  })
})
