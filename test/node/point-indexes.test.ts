// The committed point indexes (src/geo/data/point-indexes.bin and its manifest) are what the committed tables
// give: `npm run build:point-indexes -- --check` (scripts/build-point-indexes.mjs) fails when they are stale.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

describe('npm run build:point-indexes', () => {
  it('the committed artefact and manifest are what the tables give', () => {
    const out = execFileSync('node', ['scripts/build-point-indexes.mjs', '--check'], { encoding: 'utf8', stdio: 'pipe' })
    expect(out).toMatch(/point-indexes\.bin \(urbanFsas \d+, places \d+, stations \d+; \d+ KiB\) matches the tables/)
  })
})
