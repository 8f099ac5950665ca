// scripts/build-geodata.mjs is deterministic (same inputs → byte-identical files) and its manifest
// matches the data pack's own checksums; without the pack it fails loudly and writes nothing.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hasSharedData, SHARED_DATA_DIR, sharedDataSkipReason, sharedFile } from './shared-data'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const build = (outDir: string, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/build-geodata.mjs'), outDir], { env: { ...process.env, SHARED_DATA_DIR, ...env }, encoding: 'utf8' })

if (!hasSharedData) console.warn(sharedDataSkipReason)

describe('build-geodata without the data pack', () => {
  it('says the pack is missing, exits non-zero and writes nothing', () => {
    const out = mkdtempSync(join(tmpdir(), 'geodata-missing-'))
    try {
      const run = build(out, { SHARED_DATA_DIR: join(out, 'no-such-pack') })
      expect(run.status).not.toBe(0)
      expect(run.stderr).toMatch(/needs the open-data pack: missing .*fsa-geonames-2022\.csv/)
      expect(readdirSync(out)).toEqual([])
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!hasSharedData)('build-geodata with the data pack', () => {
  it('builds byte-identical files twice, with a manifest of the source files', () => {
    const [a, b] = [mkdtempSync(join(tmpdir(), 'geodata-a-')), mkdtempSync(join(tmpdir(), 'geodata-b-'))]
    try {
      for (const out of [a, b]) expect(build(out).status).toBe(0)
      const files = readdirSync(a).sort()
      expect(files).toEqual(['fsa.generated.ts', 'places.generated.ts', 'sources.generated.ts', 'sources.json'])
      for (const file of files) expect(readFileSync(join(b, file)).equals(readFileSync(join(a, file))), file).toBe(true)

      const manifest = JSON.parse(readFileSync(join(a, 'sources.json'), 'utf8')).fsa
      const sums = new Map(readFileSync(sharedFile('SHA256SUMS'), 'utf8').trim().split('\n').map((line) => line.split(/\s+/).reverse() as [string, string]))
      for (const source of manifest.files.filter((f: { file: string }) => !f.file.startsWith('node_modules/'))) {
        expect(source.sha256, source.file).toBe(sums.get(source.file))
        expect(source.rows, source.file).toBeGreaterThan(1000)
      }
      const rows = readFileSync(join(a, 'fsa.generated.ts'), 'utf8').match(/FSA_TEXT = (".*")/)![1]
      expect(JSON.parse(rows).split('\n').length).toBe(manifest.rows)
    } finally {
      for (const out of [a, b]) rmSync(out, { recursive: true, force: true })
    }
  })

  it('matches the committed table (rebuild with npm run build:geodata after changing the method)', () => {
    const out = mkdtempSync(join(tmpdir(), 'geodata-c-'))
    try {
      expect(build(out).status).toBe(0)
      expect(readFileSync(join(out, 'fsa.generated.ts'), 'utf8')).toBe(readFileSync(join(repoRoot, 'src/geo/data/fsa.generated.ts'), 'utf8'))
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})
