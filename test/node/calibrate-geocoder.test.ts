// The accuracyM calibration (research/calibrate-geocoder.mjs → src/geo/data/accuracy-calibration.*):
// the bundled fit is the one its manifest records, every group's coverage on the calibration folds keeps
// its statistical bound ≥ 90 %, the calibration sample never touches the validation hold-out, and the
// manifest names the source files it was fitted on.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ACCURACY_FIT } from '../../src/geo/data/accuracy-calibration.generated'
import { ACCURACY_TERMS } from '../../src/geo/geodata/accuracy'
import { coverageBound, heldNeeded } from '../../research/lib/calibrate-accuracy'
import { addressFileRecords } from '../../scripts/lib/geodata-store-build'
import { hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'

const manifest = JSON.parse(readFileSync('src/geo/data/accuracy-calibration.manifest.json', 'utf8'))

describe('accuracy calibration artefact', () => {
  const { goal, z, folds } = ACCURACY_FIT.rule
  const needed = heldNeeded(goal, folds, z)
  /**
   * A recorded share: its count, and the bound recomputed from it (never the recorded bound alone). A set too
   * small for any share to reach the bound (the numbering origins' few dozen results) must hold every result.
   */
  const expectHolds = (c: { n: number; held: number; holds: number; bound: number }, what: string) => {
    expect(c.held / c.n, what).toBeCloseTo(c.holds, 3)
    const bound = coverageBound(c.held, c.n, c.n / folds, z)
    expect(bound, what).toBeCloseTo(c.bound, 3)
    if (needed(c.n) > c.n) expect(c.held, `${what}: too few for the bound, so all`).toBe(c.n)
    else expect(bound, what).toBeGreaterThanOrEqual(goal)
  }

  it('bundles the fit its manifest records, for every term, and each holds the bound on the calibration sample, city by city', () => {
    expect(ACCURACY_FIT).toEqual(manifest.fit)
    expect(manifest.calibration.folds).toHaveLength(folds)
    for (const term of ACCURACY_TERMS) {
      expect(ACCURACY_FIT.terms[term], term).toBeDefined()
      expectHolds(manifest.holdsOnCalibration[term], term)
      // and in every city with enough results of that term (the smaller ones pooled as `other`)
      for (const [city, c] of Object.entries(manifest.holdsOnCalibration[term].cities)) expectHolds(c as never, `${term} in ${city}`)
    }
    for (const area of ['postal_code', 'city']) {
      const c = manifest.holdsOnCalibration[area]
      expectHolds(c, area)
      expect(c.fallbackBound, `${area}, fallback alone`).toBeGreaterThanOrEqual(goal)
    }
  })

  it('asks more of a small group than of a large one, and nothing of it that a fold-sized sample could not show', () => {
    // A group of 150 calibration results must hold ~99 %, one of 30,000 ~91 %: the validation group's sampling error shrinks.
    const need = heldNeeded(goal, folds, z)
    const shares = [150, 400, 1500, 30_000].map((n) => need(n) / n)
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeLessThan(shares[i - 1])
    expect(shares[shares.length - 1]).toBeGreaterThan(goal)
    expect(coverageBound(0.92 * 400, 400, 100, z)).toBeLessThan(goal) // the former flat 92 % is not enough for 400
    expect(need(100)).toBeGreaterThan(100) // 25 per fold: even all of them would not show 90 %
  })
})

describe.skipIf(!hasSharedData)(
  'calibration sample (../shared/data)',
  () => {
    it('is drawn from the kept addresses only: disjoint from the hold-out, about as large', () => {
      const text = readFileSync(sharedFile('addresses/oda-nt-yellowknife.csv'), 'utf8')
      const held = new Set(addressFileRecords(text, 'NT').heldOut.map((h) => h.key))
      const [salt] = manifest.calibration.folds
      const drawn = addressFileRecords(text, 'NT', salt).heldOut
      const fold = drawn.filter((h) => !held.has(h.key))
      expect(held.size).toBeGreaterThan(200)
      expect(fold.length).toBeGreaterThan(0.8 * held.size)
      expect(fold.length).toBeLessThan(drawn.length) // the overlap with the hold-out really is dropped
      expect(fold.some((h) => held.has(h.key))).toBe(false)
    })

    it('names the source files it was fitted on with their current SHA-256 (recalibrate when they change)', () => {
      for (const s of manifest.sources) {
        const sha = createHash('sha256')
          .update(readFileSync(sharedFile(s.path)))
          .digest('hex')
        expect(sha, s.path).toBe(s.sha256)
        expect(s.rowsRead, s.path).toBeGreaterThan(0)
      }
    })
  },
  30_000,
)
if (!hasSharedData) console.warn(sharedDataSkipReason)
