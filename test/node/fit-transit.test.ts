// `npm run fit:transit` reproduces the committed transit model and postal-area table from the data pack (what
// the bundle holds is what the script fits today), reports the held-out DAs' ρ, and without the data pack
// skips with a message and writes nothing.
import { describe, expect, it } from 'vitest'
import { committedSrc, fitOnScratchSrc } from './fit-script'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const OUTPUTS = ['geo/data/transit-model.generated.ts', 'geo/data/postal-areas.generated.ts']

describe('fit:transit', () => {
  it('without the data pack: says so, exits 0 and leaves the model alone', () => {
    const { run } = fitOnScratchSrc('research/fit-transit.mjs', undefined)
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/needs the raw data in .*no-such-pack.*skipped/)
  })

  it.skipIf(!hasSharedData)(
    'with the data pack: fits the committed model and postal areas again, byte for byte, and reports the held-out ρ',
    () => {
      const { run, written } = fitOnScratchSrc('research/fit-transit.mjs', SHARED_DATA_DIR, OUTPUTS)
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/held-out DAs: ρ\(model, transit share\) 0\.\d{3}, stop equivalents alone 0\.\d{3}/)
      for (const file of OUTPUTS) expect(written[file], file).toBe(committedSrc(file))
    },
    180_000,
  )
})
