// Imports a TypeScript module of this repository from a Node script: bundles it with esbuild
// (installed with wrangler) into a temporary ES module, so scripts run the worker's own code.
import { build } from 'esbuild'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

export async function loadTs(relativePath) {
  const outDir = mkdtempSync(join(tmpdir(), 'load-ts-'))
  const outfile = join(outDir, 'module.mjs')
  await build({
    entryPoints: [join(repoRoot, relativePath)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
    loader: { '.bin': 'binary' },
  })
  try {
    return await import(pathToFileURL(outfile).href)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
