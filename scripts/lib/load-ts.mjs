// The one way Node code (scripts, benches, Node tests) runs this repository's TypeScript: esbuild
// bundles it the way wrangler bundles the worker (`.bin` artefacts as bytes, like wrangler's Data
// rule; JSON as modules) into an ES module. Every option lives here, so a new kind of import in src/
// needs one change, not one per script.
import { build } from 'esbuild'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

/** `.bin` imports as the file's bytes read from disk at run time: no base64 decode, as in workerd. */
const binFromDisk = {
  name: 'bin-from-disk',
  setup(b) {
    b.onLoad({ filter: /\.bin$/ }, (args) => ({
      contents: `import { readFileSync } from 'node:fs'\nexport default new Uint8Array(readFileSync(${JSON.stringify(args.path)}))`,
      loader: 'js',
    }))
  },
}

/**
 * @typedef {{ platform?: 'neutral' | 'node', bin?: 'bytes' | 'disk', external?: string[] }} BundleOptions
 *   platform 'node' lets the code import node: built-ins; bin 'disk' reads `.bin` files at run time
 *   (benches that time the decode the worker pays), 'bytes' inlines them; external: imports left as
 *   they are (e.g. 'cloudflare:*').
 */

/**
 * Bundles exports of TypeScript modules into one ES module at `outfile`.
 * @param {Record<string, string[] | '*'>} exportsByFile module path (repo-relative or absolute) → names, or '*' for all
 * @param {BundleOptions & { outfile: string }} options
 * @returns {Promise<string>} the bundle's path
 */
export async function bundleTs(exportsByFile, { outfile, platform = 'neutral', bin = 'bytes', external = [] }) {
  const lines = Object.entries(exportsByFile).map(([file, names]) => {
    const path = JSON.stringify(isAbsolute(file) ? file : join(repoRoot, file))
    return names === '*' ? `export * from ${path}` : `export { ${names.join(', ')} } from ${path}`
  })
  mkdirSync(dirname(outfile), { recursive: true })
  const entry = `${outfile}.entry.ts`
  writeFileSync(entry, `${lines.join('\n')}\n`)
  try {
    await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform,
      target: 'es2022',
      mainFields: ['module', 'main'],
      outfile,
      logLevel: 'error',
      // papaparse (scripts/lib/csv.mjs, src/services/batch-csv.ts) names Node's 'stream' for a mode nothing
      // here uses, and the neutral platform has no 'stream'.
      external: ['stream', ...external],
      // src/ of another checkout (ENGINE_SRC) may have no node_modules of its own.
      nodePaths: [join(repoRoot, 'node_modules')],
      ...(bin === 'disk' ? { plugins: [binFromDisk] } : { loader: { '.bin': 'binary' } }),
    })
  } finally {
    rmSync(entry, { force: true })
  }
  return outfile
}

/**
 * Bundles into a temporary directory, imports the bundle and deletes it.
 * @param {Record<string, string[] | '*'>} exportsByFile as for `bundleTs`
 * @param {BundleOptions} [options]
 * @returns {Promise<any>} the module's exports
 */
export async function importTs(exportsByFile, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'load-ts-'))
  try {
    const outfile = await bundleTs(exportsByFile, { ...options, outfile: join(dir, 'bundle.mjs') })
    return await import(pathToFileURL(outfile).href)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Every export of one module (repo-relative path), with Node built-ins available: `loadTs('src/geo/geodata/provinces.ts')`.
 * @param {string} relativePath
 * @param {BundleOptions} [options]
 */
export const loadTs = (relativePath, options = {}) => importTs({ [relativePath]: '*' }, { platform: 'node', ...options })

/**
 * Named exports of several src/ modules as one bundle built the way the worker sees them, e.g.
 * `loadSrc({ 'geo/geocode/index.ts': ['geocodeOffline'] })`. `srcRoot` loads another checkout's src/.
 * @param {Record<string, string[] | '*'>} modules paths relative to src/
 * @param {BundleOptions & { srcRoot?: string }} [options]
 */
export function loadSrc(modules, { srcRoot = join(repoRoot, 'src'), ...options } = {}) {
  return importTs(Object.fromEntries(Object.entries(modules).map(([file, names]) => [join(srcRoot, file), names])), options)
}
