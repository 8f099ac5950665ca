import { describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { hasSharedData, sharedDataSkipReason, sharedFile } from './shared-data'

if (!hasSharedData) console.warn(sharedDataSkipReason)

describe.skipIf(!hasSharedData)('shared data pack', () => {
  it('has the checksum list the build manifests refer to', () => {
    expect(existsSync(sharedFile('SHA256SUMS'))).toBe(true)
  })
})
