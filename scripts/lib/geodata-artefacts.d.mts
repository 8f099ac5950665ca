// Types for scripts/lib/geodata-artefacts.mjs (imported by the node tests).
export interface ManifestEntry {
  source: string
  kind: 'addresses' | 'streets' | 'holdout' | 'counts' | 'corners' | 'corner-holdout'
  file: string
  sha256: string
  bytes: number
  rows: number
  rowsRead: number
  licence: string
  sources: { path: string; sha256: string }[]
  /** counts: [minLatE5, minLngE5, maxLatE5, maxLngE5] of the rows (the worker skips the count query outside them) */
  extentE5?: [number, number, number, number]
}
export interface Manifest {
  formatVersion: number
  dataVersion: string
  artefacts: ManifestEntry[]
}
export const ARTEFACT_DIR: string
export function dataVersionOf(formatVersion: number, artefacts: { file: string; sha256: string }[]): string
export interface StoreSummary {
  generatedBy: string
  dataVersion: string
  extentsE5: { kind: ManifestEntry['kind']; source: string; extentE5: [number, number, number, number] }[]
}
export const STORE_SUMMARY: string
export function storeSummary(manifest: Manifest): StoreSummary
export function writeStoreSummary(manifest: Manifest): void
export function readManifest(dir?: string): Manifest
export function readArtefact(entry: ManifestEntry, dir?: string): string[][]
export function committedRows(
  keep?: (artefact: ManifestEntry) => boolean,
): [
  string[][],
  { source: string; fields: string[] }[],
  { source: string; fields: string[] }[],
  { source: string; fields: string[] }[],
]
