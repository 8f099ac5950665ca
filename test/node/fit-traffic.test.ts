// `npm run fit:traffic` reproduces the committed traffic model from the counts (the
// coefficients in the bundle are what the script fits today), reports leave-one-city-out ρ for every
// counted city and Toronto's block cross-validation, and without the data pack skips with a message and writes nothing.
import { describe, expect, it } from 'vitest'
import { committedSrc, fitOnScratchSrc } from './fit-script'
import { SHARED_DATA_DIR, hasSharedData, sharedDataSkipReason } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)
const MODEL = 'geo/data/traffic-model.generated.ts'

describe('fit:traffic', () => {
  it('without the data pack: says so, exits 0 and leaves the model alone', () => {
    const { run } = fitOnScratchSrc('research/fit-traffic.mjs', undefined)
    expect(run.status).toBe(0)
    expect(run.stdout).toMatch(/needs the raw data in .*no-such-pack.*skipped/)
  })

  it.skipIf(!hasSharedData)(
    'with the data pack: fits the committed model again and reports each left-out city',
    () => {
      const { run, written } = fitOnScratchSrc('research/fit-traffic.mjs', SHARED_DATA_DIR, [MODEL])
      expect(run.status, run.stderr).toBe(0)
      // Vehicles, audience and overall score, each from coordinates / with the street.
      const pair = '-?0\\.\\d{3} / -?0\\.\\d{3}'
      for (const city of ['Calgary', 'Edmonton', 'Vancouver', 'Toronto'])
        expect(run.stdout).toMatch(new RegExp(`${city} +\\d+ +${pair} +${pair} +${pair}`))
      expect(run.stdout).toMatch(new RegExp(`pooled out-of-fold vehicles ${pair}`))
      // The committed default weights are one of the profiles that keep every calibration check (default-weights.mjs).
      expect(run.stdout).toMatch(/the current defaults: rank \d+, mean ρ 0\.\d{3}/)
      expect(written[MODEL]).toBe(committedSrc(MODEL))
    },
    180_000,
  )
})
