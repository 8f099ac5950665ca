// The one CSV reader of scripts/ and research/: papaparse, as the worker reads batch uploads
// (src/services/batch-csv.ts). RFC 4180: quoted fields, doubled quotes, commas and line breaks inside
// quotes, LF or CRLF. Empty lines are skipped; every field stays a string. Pure (no Node APIs): the POI
// importer's tests run it inside workerd too.
import Papa from 'papaparse'

/** CSV text → its records (arrays of fields), header included; empty lines skipped. */
export function csvRecords(text) {
  // Lenient like a spreadsheet: a stray quote inside an unquoted field is kept as text, not an error.
  return Papa.parse(text, { skipEmptyLines: true }).data
}

/** CSV text with a header → one object per record, keyed by the header; a field the record lacks is ''. */
export function csvObjects(text) {
  const [header = [], ...records] = csvRecords(text)
  return records.map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ''])))
}
