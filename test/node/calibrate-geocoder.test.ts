// The accuracyM calibration (scripts/calibrate-geocoder.mjs → src/geo/data/accuracy-calibration.*):
// the bundled fit is the one its manifest records, the calibration sample never touches the validation
// hold-out, and the manifest names the source files it was fitted on.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ACCURACY_FIT } from '../../src/geo/data/accuracy-calibration.generated'
import { ACCURACY_TERMS } from '../../src/geo/geodata/accuracy'
import { addressFileRecords } from '../../scripts/lib/geodata-store-build'
import { hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'

const manifest = JSON.parse(readFileSync('src/geo/data/accuracy-calibration.manifest.json', 'utf8'))

describe('accuracy calibration artefact', () => {
  it('bundles the fit its manifest records, for every term, and each holds the target on the calibration sample, city by city', () => {
    expect(ACCURACY_FIT).toEqual(manifest.fit)
    for (const term of ACCURACY_TERMS) {
      expect(ACCURACY_FIT.terms[term], term).toBeDefined()
      expect(manifest.holdsOnCalibration[term].holds, term).toBeGreaterThanOrEqual(ACCURACY_FIT.target)
      // and in every city with enough results of that term (the smaller ones pooled as `other`)
      for (const [city, holds] of Object.entries(manifest.holdsOnCalibration[term].cities))
        expect(holds, `${term} in ${city}`).toBeGreaterThanOrEqual(ACCURACY_FIT.target)
    }
    expect(manifest.holdsOnCalibration.postal_code.holds).toBeGreaterThanOrEqual(ACCURACY_FIT.target)
    expect(manifest.holdsOnCalibration.city.holds).toBeGreaterThanOrEqual(ACCURACY_FIT.target)
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
