// The fit scripts (fit:traffic, fit:transit) run the way their tests need: on a scratch copy of src/
// (ENGINE_SRC), so a fit writes its generated files there and never into the tree under test.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** A file under src/ as committed. */
export const committedSrc = (file: string) => readFileSync(join(repoRoot, 'src', file), 'utf8')

/**
 * Runs `script` with the data pack at `pack` (none: a path that does not exist) on a scratch src/, and
 * returns its run and the files `outputs` (paths under src/) as the run left them in the scratch copy.
 */
export function fitOnScratchSrc(
  script: string,
  pack: string | undefined,
  outputs: string[] = [],
): { run: SpawnSyncReturns<string>; written: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'fit-'))
  try {
    if (pack) {
      cpSync(join(repoRoot, 'src'), join(dir, 'src'), { recursive: true })
    }
    const env = { ...process.env, SHARED_DATA_DIR: pack ?? join(dir, 'no-such-pack'), ENGINE_SRC: join(dir, 'src') }
    const run = spawnSync(process.execPath, [join(repoRoot, script)], { env, encoding: 'utf8' })
    const written = Object.fromEntries(outputs.map((file) => [file, readFileSync(join(dir, 'src', file), 'utf8')]))
    return { run, written }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
