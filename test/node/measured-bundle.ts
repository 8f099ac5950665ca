// Bundles src/geo/measured with esbuild the way the worker sees it (.bin artefacts as binary), so
// Node tests can query the committed artefacts and compare them with the raw files.
import { build } from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
export type MeasuredModule = typeof import('../../src/geo/measured/index') & typeof import('../../src/geo/measured/internals')

export async function loadMeasured(): Promise<MeasuredModule> {
  const dir = mkdtempSync(join(tmpdir(), 'measured-'))
  try {
    const entry = join(dir, 'entry.ts')
    writeFileSync(
      entry,
      ['index', 'internals'].map((m) => `export * from ${JSON.stringify(join(repoRoot, 'src/geo/measured', `${m}.ts`))}`).join('\n'),
    )
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      target: 'node20',
      outfile: join(dir, 'm.mjs'),
      logLevel: 'error',
      mainFields: ['module', 'main'],
      loader: { '.bin': 'binary' },
    })
    return (await import(pathToFileURL(join(dir, 'm.mjs')).href)) as MeasuredModule
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
