// Reading the geodata store's committed artefacts (geodata/store/): the manifest, its data version
// and each gzipped TSV as rows. Shared by the build, the loader and the validation script.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { repoRoot } from './load-ts.mjs'

export const ARTEFACT_DIR = join(repoRoot, 'geodata/store')

/** The data version: derived from the format version and every artefact's SHA-256, never written by hand. */
export function dataVersionOf(formatVersion, artefacts) {
  const hash = createHash('sha256').update(String(formatVersion))
  for (const a of [...artefacts].sort((x, y) => (x.file < y.file ? -1 : 1))) hash.update(`\n${a.file}:${a.sha256}`)
  return hash.digest('hex').slice(0, 16)
}

/**
 * What the worker needs of the store's manifest, written beside the bundled artefacts (src/ imports nothing
 * from outside src/): the data version and the extents of the counts and street networks that have one.
 */
export const STORE_SUMMARY = 'src/geo/data/store-summary.json'
export function storeSummary(manifest) {
  return {
    generatedBy: 'scripts/build-geodata-store.mjs',
    dataVersion: manifest.dataVersion,
    extentsE5: manifest.artefacts.filter((a) => a.extentE5).map(({ kind, source, extentE5 }) => ({ kind, source, extentE5 })),
  }
}
export function writeStoreSummary(manifest) {
  writeFileSync(join(repoRoot, STORE_SUMMARY), `${JSON.stringify(storeSummary(manifest), null, 2)}\n`)
}

export function readManifest(dir = ARTEFACT_DIR) {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
  const derived = dataVersionOf(manifest.formatVersion, manifest.artefacts)
  if (derived !== manifest.dataVersion)
    throw new Error(`geodata manifest: data version ${manifest.dataVersion} ≠ ${derived} derived from its hashes`)
  return manifest
}

/** An artefact's rows as arrays of strings (header dropped); checks the file against the manifest's SHA-256. */
export function readArtefact(entry, dir = ARTEFACT_DIR) {
  const bytes = readFileSync(join(dir, entry.file))
  const sha = createHash('sha256').update(bytes).digest('hex')
  if (sha !== entry.sha256)
    throw new Error(`${entry.file}: SHA-256 ${sha} does not match the manifest (${entry.sha256}); rebuild or re-checkout`)
  const lines = gunzipSync(bytes).toString('utf8').split('\n')
  return lines.slice(1, lines[lines.length - 1] === '' ? -1 : undefined).map((line) => line.split('\t'))
}

/**
 * The committed address, street, count and corner rows as `memoryGeodata` (scripts/lib/geodata-memory.ts) takes them:
 * `memoryGeodata(...committedRows())`. `keep` picks artefacts (all by default).
 * @param {(artefact: { kind: string, source: string }) => boolean} [keep]
 */
export function committedRows(keep = () => true) {
  const of = (kind) => readManifest().artefacts.filter((a) => a.kind === kind && keep(a))
  return [
    of('addresses').flatMap((a) => readArtefact(a)),
    of('streets').flatMap((a) => readArtefact(a).map((fields) => ({ source: a.source, fields }))),
    of('counts').flatMap((a) => readArtefact(a).map((fields) => ({ source: a.source, fields }))),
    of('corners').flatMap((a) => readArtefact(a).map((fields) => ({ source: a.source, fields }))),
  ]
}
