// `npm run build:percentiles` (scripts/build-percentiles.mjs) is deterministic, and the committed score
// distribution (src/geo/data/percentiles.*) is what it builds today from the committed geodata store and engine:
// a change of either that moves a sample's factor scores fails here until the artefact is rebuilt.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const build = (outDir: string, cap?: number) =>
  spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/build-percentiles.mjs'), '--out-dir', outDir, ...(cap ? ['--cap', String(cap)] : [])],
    {
      encoding: 'utf8',
    },
  )
const read = (dir: string) => ({
  code: readFileSync(join(dir, 'percentiles.generated.ts'), 'utf8'),
  manifest: JSON.parse(readFileSync(join(dir, 'percentiles.manifest.json'), 'utf8')),
})
const committed = read(join(repoRoot, 'src/geo/data'))

describe('build:percentiles', () => {
  it('twice with a small cap: byte-identical output, cap samples per CMA', () => {
    const [a, b] = [mkdtempSync(join(tmpdir(), 'pct-a-')), mkdtempSync(join(tmpdir(), 'pct-b-'))]
    try {
      for (const dir of [a, b]) expect(build(dir, 40).status, 'build exits 0').toBe(0)
      expect(read(a).code).toBe(read(b).code)
      expect(read(a).manifest).toEqual(read(b).manifest)
      expect(read(a).manifest.cmas.map((c: { n: number }) => c.n)).toEqual([40, 40, 40, 40, 40])
      expect(read(a).code).not.toBe(committed.code)
    } finally {
      for (const dir of [a, b]) rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('the committed artefact is what the build gives today (else: npm run build:percentiles)', () => {
    const out = mkdtempSync(join(tmpdir(), 'pct-full-'))
    try {
      expect(build(out).status).toBe(0)
      expect(read(out).code === committed.code, 'src/geo/data/percentiles.generated.ts is stale: npm run build:percentiles').toBe(true)
      expect(read(out).manifest).toEqual(committed.manifest)
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  }, 240_000)

  it('the manifest records the generated file, the store files it sampled and the stated error', () => {
    const { manifest, code } = committed
    expect(manifest.output.sha256).toBe(createHash('sha256').update(code).digest('hex'))
    expect(manifest.output.bytes).toBe(Buffer.byteLength(code))
    const store = JSON.parse(readFileSync(join(repoRoot, 'geodata/store/manifest.json'), 'utf8'))
    expect(manifest.geodataStore).toBe(store.dataVersion)
    for (const s of manifest.sources)
      expect(store.artefacts.find((a: { file: string }) => a.file === s.file)?.sha256, s.file).toBe(s.sha256)
    for (const c of manifest.cmas) expect(c.error95, c.name).toBeCloseTo(98 / Math.sqrt(c.n), 1)
  })
})
