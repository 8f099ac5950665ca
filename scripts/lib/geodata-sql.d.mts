// Types for scripts/lib/geodata-sql.mjs (imported by the tests).
export interface ArtefactEntry {
  source: string
  kind: 'addresses' | 'streets' | 'holdout' | 'counts' | 'corners' | 'corner-holdout'
  file: string
  sha256: string
  licence: string
}
export function artefactStatements(entry: ArtefactEntry, rows: (string | number)[][]): string[]
