// Small readers shared by the geodata build steps: CSV rows as objects, and a manifest entry
// (path, SHA-256, row count) for every source file a step reads.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

/** RFC 4180 subset used by ../shared/data: comma separated, fields quoted only when needed. */
export function parseCsv(text) {
  const lines = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((line) => line.length > 0)
  const header = splitCsvLine(lines[0])
  return lines.slice(1).map((line) => {
    const fields = splitCsvLine(line)
    return Object.fromEntries(header.map((name, i) => [name, fields[i] ?? '']))
  })
}

function splitCsvLine(line) {
  const fields = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"'
      i++
    } else if (ch === '"') quoted = !quoted
    else if (ch === ',' && !quoted) {
      fields.push(field)
      field = ''
    } else field += ch
  }
  fields.push(field)
  return fields
}

/** Reads a source file once and returns its text with the manifest entry describing it. */
export function readSource(path, label, countRows = (text) => parseCsv(text).length) {
  const buffer = readFileSync(path)
  const text = buffer.toString('utf8')
  return { text, manifest: { file: label, sha256: createHash('sha256').update(buffer).digest('hex'), rows: countRows(text) } }
}
