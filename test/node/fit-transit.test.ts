// `npm run fit:transit` reproduces the committed transit model and postal-area table from the data pack (what
// the bundle holds is what the script fits today), reports the held-out DAs' ρ, and without the data pack
// skips with a message and writes nothing.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const OUTPUTS = ['geo/data/transit-model.generated.ts', 'geo/data/postal-areas.generated.ts']
const runFit = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/fit-transit.mjs')], { env: { ...process.env, ...env }, encoding: 'utf8' })

describe('fit:transit', () => {
  it('without the data pack: says so, exits 0 and leaves the model alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fit-transit-missing-'))
    try {
      const run = runFit({ SHARED_DATA_DIR: join(dir, 'no-such-pack'), ENGINE_SRC: join(dir, 'src') })
      expect(run.status).toBe(0)
      expect(run.stdout).toMatch(/needs the raw data in .*no-such-pack.*skipped/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.skipIf(!hasSharedData)(
    'with the data pack: fits the committed model and postal areas again, byte for byte, and reports the held-out ρ',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'fit-transit-'))
      try {
        cpSync(join(repoRoot, 'src'), join(dir, 'src'), { recursive: true })
        // src/geo/geodata/sources.ts derives dataVersion from the store's manifest beside src/
        cpSync(join(repoRoot, 'geodata/store/manifest.json'), join(dir, 'geodata/store/manifest.json'))
        const run = runFit({ SHARED_DATA_DIR, ENGINE_SRC: join(dir, 'src') })
        expect(run.status, run.stderr).toBe(0)
        expect(run.stdout).toMatch(/held-out DAs: ρ\(model, transit share\) 0\.\d{3}, stop equivalents alone 0\.\d{3}/)
        for (const file of OUTPUTS)
          expect(readFileSync(join(dir, 'src', file), 'utf8'), file).toBe(readFileSync(join(repoRoot, 'src', file), 'utf8'))
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    180_000,
  )
})
