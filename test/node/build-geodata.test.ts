// `npm run build:geodata` is deterministic, and the committed artefacts are what it builds today.
import { describe, expect, it } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const script = join(repoRoot, 'scripts/build-geodata.mjs')

function buildInto(dir: string): Map<string, Buffer> {
  execFileSync(process.execPath, [script, '--out', dir], { env: { ...process.env, SHARED_DATA_DIR }, stdio: 'pipe' })
  return new Map(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f))]))
}

describe('build:geodata', () => {
  it('says the data pack is missing and exits non-zero without it', () => {
    const out = mkdtempSync(join(tmpdir(), 'geodata-none-'))
    try {
      const run = spawnSync(process.execPath, [script, '--out', out], { env: { ...process.env, SHARED_DATA_DIR: join(out, 'no-such-dir') }, encoding: 'utf8' })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('open-data pack is missing')
      expect(readdirSync(out)).toEqual([])
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })

  it.skipIf(!hasSharedData)('builds byte-identical files twice, equal to the committed artefacts', () => {
    const [a, b] = [mkdtempSync(join(tmpdir(), 'geodata-a-')), mkdtempSync(join(tmpdir(), 'geodata-b-'))]
    try {
      const first = buildInto(a)
      const second = buildInto(b)
      expect([...first.keys()]).toEqual([...second.keys()])
      for (const [name, bytes] of first) expect(bytes.equals(second.get(name)!), name).toBe(true)
      const manifest = JSON.parse(first.get('manifest.json')!.toString('utf8'))
      for (const step of manifest.steps) {
        for (const output of step.outputs) {
          expect(first.get(output.file)!.length).toBe(output.bytes)
          // Stale committed artefacts fail here: rebuild with `npm run build:geodata` and commit.
          expect(first.get(output.file)!.equals(readFileSync(join(repoRoot, 'src/geo/data', output.file))), output.file).toBe(true)
        }
      }
      expect(first.get('manifest.json')!.equals(readFileSync(join(repoRoot, 'src/geo/data/manifest.json')))).toBe(true)
    } finally {
      rmSync(a, { recursive: true, force: true })
      rmSync(b, { recursive: true, force: true })
    }
  })
})
