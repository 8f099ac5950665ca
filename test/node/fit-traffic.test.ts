// `npm run fit:traffic` reproduces the committed traffic and pedestrian model from the counts (the
// coefficients in the bundle are what the script fits today), reports leave-one-city-out ρ for every
// counted city, and without the data pack skips with a message and writes nothing.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const MODEL = 'geo/data/traffic-model.generated.ts'
const runFit = (env: NodeJS.ProcessEnv) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts/fit-traffic.mjs')], { env: { ...process.env, ...env }, encoding: 'utf8' })

describe('fit:traffic', () => {
  it('without the data pack: says so, exits 0 and leaves the model alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fit-missing-'))
    try {
      const run = runFit({ SHARED_DATA_DIR: join(dir, 'no-such-pack'), ENGINE_SRC: join(dir, 'src') })
      expect(run.status).toBe(0)
      expect(run.stdout).toMatch(/needs the raw data in .*no-such-pack.*skipped/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.skipIf(!hasSharedData)(
    'with the data pack: fits the committed model again and reports each left-out city',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'fit-'))
      try {
        cpSync(join(repoRoot, 'src'), join(dir, 'src'), { recursive: true })
        // src/geo/geodata/sources.ts derives dataVersion from the store's manifest beside src/
        cpSync(join(repoRoot, 'geodata/store/manifest.json'), join(dir, 'geodata/store/manifest.json'))
        const run = runFit({ SHARED_DATA_DIR, ENGINE_SRC: join(dir, 'src') })
        expect(run.status, run.stderr).toBe(0)
        for (const city of ['Calgary', 'Edmonton', 'Vancouver'])
          expect(run.stdout).toMatch(new RegExp(`${city} +n +\\d+ +from coordinates -?0\\.\\d{3} +with the street -?0\\.\\d{3}`))
        expect(readFileSync(join(dir, 'src', MODEL), 'utf8')).toBe(readFileSync(join(repoRoot, 'src', MODEL), 'utf8'))
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    180_000,
  )
})
