// Imports a TypeScript module of this repository from a Node script: bundles it with esbuild
// (installed with wrangler) into a temporary ES module, so scripts run the worker's own code.
import { build } from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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

/**
 * Imports named exports of several src/ modules as one bundle built the way the worker sees them
 * (platform neutral, `.bin` artefacts as bytes), e.g. `loadSrc({ 'geo/index.ts': ['geocodeOffline'] })`.
 */
export async function loadSrc(modules, { external = [] } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), 'load-src-'))
  const entry = join(outDir, 'entry.ts')
  const outfile = join(outDir, 'bundle.mjs')
  const lines = Object.entries(modules).map(
    ([file, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(join(repoRoot, 'src', file))}`,
  )
  writeFileSync(entry, lines.join('\n'))
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'error',
    mainFields: ['module', 'main'],
    target: 'es2022',
    loader: { '.bin': 'binary' },
    external,
  })
  try {
    return await import(pathToFileURL(outfile).href)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
