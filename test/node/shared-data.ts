// Where the raw open-data pack lives (../shared/data beside the repository, or SHARED_DATA_DIR).
// Tests that need it skip with a message when it is absent: a fresh clone passes without it.
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export const SHARED_DATA_DIR = process.env.SHARED_DATA_DIR ?? join(repoRoot, '../shared/data')
export const hasSharedData = existsSync(join(SHARED_DATA_DIR, 'README.md'))
export const sharedDataSkipReason =
  `../shared/data not found at ${SHARED_DATA_DIR}: ` + 'data-pipeline tests skipped (set SHARED_DATA_DIR to run them)'
export const sharedFile = (relative: string) => join(SHARED_DATA_DIR, relative)
