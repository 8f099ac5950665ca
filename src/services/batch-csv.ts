// CSV in and out for batch scoring, with papaparse (RFC 4180: quoted fields, embedded quotes and
// line breaks, CRLF or LF). Input: a header row naming `address` or `lat` and `lng` (aliases below),
// optionally `id`; other columns are ignored; comma, semicolon or tab separated (French-locale
// spreadsheets export semicolons and decimal commas). Output: one row per location, CRLF.
import Papa from 'papaparse'
import { ApiError } from '../errors'
import { FACTOR_KEYS } from '../scoring'
import type { BatchLocation, BatchRow } from './batch'

const COLUMN_ALIASES = {
  address: ['address', 'adresse'],
  lat: ['lat', 'latitude'],
  lng: ['lng', 'lon', 'long', 'longitude'],
  id: ['id'],
} as const

export const CSV_COLUMNS = ['id', 'input', 'lat', 'lng', 'overallScore', 'grade', ...FACTOR_KEYS, 'precision', 'warnings', 'error'] as const

const badCsv = (message: string) => new ApiError('BAD_REQUEST', message, { details: [{ path: 'body', message }] })

/** "45.42", " -75.69 ", or with a decimal comma "45,42"; anything else stays text (the row's check refuses it). */
function coordinate(raw: string | undefined): number | string | undefined {
  const text = raw?.trim()
  if (!text) return undefined
  const value = Number(/^[-+]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text)
  return Number.isFinite(value) ? value : text.slice(0, 40)
}

export function parseBatchCsv(text: string): BatchLocation[] {
  const body = text.replace(/^\uFEFF/, '')
  if (!body.trim()) throw badCsv('The CSV body is empty: send a header row (address, or lat and lng; optional id) and one row per location')
  const parsed = Papa.parse<Record<string, string | undefined>>(body, {
    header: true,
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t'],
    transformHeader: (header) => header.trim().toLowerCase(),
  })
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes')
  if (quoteError) throw badCsv(`Malformed CSV near data row ${(quoteError.row ?? 0) + 1}: ${quoteError.message}`)
  const fields = parsed.meta.fields ?? []
  const column = (names: readonly string[]) => names.find((n) => fields.includes(n))
  const cols = {
    address: column(COLUMN_ALIASES.address),
    lat: column(COLUMN_ALIASES.lat),
    lng: column(COLUMN_ALIASES.lng),
    id: column(COLUMN_ALIASES.id),
  }
  if (!cols.address && !(cols.lat && cols.lng)) {
    throw badCsv(
      `The CSV header row must name an address column, or lat and lng columns (optional: id); found: ` +
        `${fields.slice(0, 10).join(', ').slice(0, 200) || 'nothing'}`,
    )
  }
  return parsed.data.map((row): BatchLocation => {
    const lat = coordinate(cols.lat && row[cols.lat])
    const lng = coordinate(cols.lng && row[cols.lng])
    const address = cols.address ? row[cols.address]?.trim() : undefined
    const id = cols.id ? row[cols.id]?.trim() : undefined
    return {
      ...(id && { id: id.slice(0, 100) }),
      ...(address && { address }),
      ...(lat !== undefined && { lat }),
      ...(lng !== undefined && { lng }),
    }
  })
}

/**
 * Cells that start with = + - @ are prefixed with ' (escapeFormulae) so a spreadsheet never runs
 * them as formulas; numbers are written as numbers.
 */
export function formatBatchCsv(rows: BatchRow[]): string {
  const data = rows.map((r) => [
    r.id ?? '',
    r.input,
    r.result?.lat ?? '',
    r.result?.lng ?? '',
    r.result?.overallScore ?? '',
    r.result?.grade ?? '',
    ...FACTOR_KEYS.map((key) => r.result?.factorScores[key].score ?? ''),
    r.result?.precision ?? '',
    // Warning codes (LOCATED_AT_CITY;STREET_NOT_FOUND): what the row's position is less exact than it looks.
    r.result?.warnings.map((w) => w.code).join(';') ?? '',
    r.error ? `${r.error.code}: ${r.error.message}` : '',
  ])
  return `${Papa.unparse({ fields: [...CSV_COLUMNS], data }, { newline: '\r\n', escapeFormulae: true })}\r\n`
}
