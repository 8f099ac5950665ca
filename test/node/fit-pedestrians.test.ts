// `npm run fit:pedestrians` reproduces the committed pedestrian model from Vancouver's and Toronto's counts
// (what the bundle holds is what the script fits today), reports cross-city and spatial-block ρ, and
// without the data pack skips with a message and writes nothing.
import { describe, expect, it } from 'vitest'
import { committedSrc, fitOnScratchSrc } from './fit-script'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const MODEL = 'geo/data/pedestrian-model.generated.ts'

describe('fit:pedestrians', () => {
  it('without the data pack: says so, exits 0 and leaves the model alone', () => {
    const { run } = fitOnScratchSrc('research/fit-pedestrians.mjs', undefined)
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/needs the raw data in .*no-such-pack.*skipped/)
  })

  it.skipIf(!hasSharedData)(
    'with the data pack: fits the committed model again and reports both cities held out',
    () => {
      const { run, written } = fitOnScratchSrc('research/fit-pedestrians.mjs', SHARED_DATA_DIR, [MODEL])
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/Vancouver → Toronto 0\.\d{3} .*Toronto → Vancouver 0\.\d{3}/)
      expect(run.stdout).toMatch(/blocks ≥ 2 km.*Toronto 0\.\d{3} .*Vancouver without local POIs 0\.\d{3} .*with 0\.\d{3}/)
      expect(written[MODEL]).toBe(committedSrc(MODEL))
    },
    180_000,
  )
})
