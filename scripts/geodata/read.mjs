// A manifest entry (path, SHA-256, row count) for every source file a step reads; CSV rows as objects
// come from the one CSV reader (scripts/lib/csv.mjs).
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { csvObjects } from '../lib/csv.mjs'

/** Reads a source file once and returns its text with the manifest entry describing it. */
export function readSource(path, label, countRows = (text) => csvObjects(text).length) {
  const buffer = readFileSync(path)
  const text = buffer.toString('utf8')
  return { text, manifest: { file: label, sha256: createHash('sha256').update(buffer).digest('hex'), rows: countRows(text) } }
}
