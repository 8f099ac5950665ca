// `npm run build:geodata` is deterministic (same inputs → byte-identical files), its manifests match
// the data pack's own checksums, the committed artefacts are what it builds today, and without the
// pack it fails loudly and writes nothing.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const build = (outDir: string, env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/build-geodata.mjs'), '--out', outDir], {
    env: { ...process.env, SHARED_DATA_DIR, ...env },
    encoding: 'utf8',
  })
const filesIn = (dir: string) =>
  new Map(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f))]),
  )

describe('build:geodata without the data pack', () => {
  it('says the pack is missing, exits non-zero and writes nothing', () => {
    const out = mkdtempSync(join(tmpdir(), 'geodata-missing-'))
    try {
      const run = build(out, { SHARED_DATA_DIR: join(out, 'no-such-pack') })
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(/needs the open-data pack: missing .*fsa-geonames-2022\.csv.*da2016-canale\.csv/)
      expect(readdirSync(out)).toEqual([])
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})

describe.skipIf(!hasSharedData)('build:geodata with the data pack', () => {
  it('builds byte-identical files twice, equal to the committed ones, with manifests of the sources', () => {
    const [a, b] = [mkdtempSync(join(tmpdir(), 'geodata-a-')), mkdtempSync(join(tmpdir(), 'geodata-b-'))]
    try {
      for (const out of [a, b]) expect(build(out).status).toBe(0)
      const first = filesIn(a)
      const second = filesIn(b)
      expect([...first.keys()]).toEqual([
        'census.bin',
        'fsa.generated.ts',
        'manifest.json',
        'parks.bin',
        'places.generated.ts',
        'pois.bin',
        'road-mask.bin',
        'sources.generated.ts',
        'sources.json',
        'speed-zones.bin',
        'stops.bin',
        'tracts.bin',
        'traffic.bin',
      ])
      for (const [name, bytes] of first) expect(bytes.equals(second.get(name)!), name).toBe(true)
      // Stale committed files fail here: rebuild with `npm run build:geodata` and commit.
      for (const [name, bytes] of first) expect(bytes.equals(readFileSync(join(repoRoot, 'src/geo/data', name))), name).toBe(true)

      const sums = new Map(
        readFileSync(sharedFile('SHA256SUMS'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(/\s+/).reverse() as [string, string]),
      )
      const manifest = JSON.parse(first.get('manifest.json')!.toString('utf8'))
      for (const step of manifest.steps) {
        for (const source of step.sources) expect(source.sha256, source.path).toBe(sums.get(source.path))
        for (const output of step.outputs) expect(first.get(output.file)!.length, output.file).toBe(output.bytes)
      }
      const fsa = JSON.parse(first.get('sources.json')!.toString('utf8')).fsa
      for (const source of fsa.files.filter((f: { file: string }) => !f.file.startsWith('node_modules/'))) {
        expect(source.sha256, source.file).toBe(sums.get(source.file))
        expect(source.rows, source.file).toBeGreaterThan(1000)
      }
      const rows = first
        .get('fsa.generated.ts')!
        .toString('utf8')
        .match(/FSA_TEXT = (".*")/)![1]
      expect(JSON.parse(rows).split('\n').length).toBe(fsa.rows)
    } finally {
      for (const out of [a, b]) rmSync(out, { recursive: true, force: true })
    }
  })
})
