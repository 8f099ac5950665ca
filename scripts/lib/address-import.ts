// Address files → normalised, de-duplicated address points and the SQL that loads them (used by
// `npm run import:addresses`, `npm run validate:geocoder`, scripts/dev.mjs and the node tests).
// Three CSV layouts, told apart by the header:
//   oda     Statistics Canada Open Database of Addresses, 22 columns (latitude, longitude, street_no, street, str_name…, csdname…)
//   simple  street_no, street, city[, city_pcs], lat, lng (extra columns ignored)
//   single  address ("1 E BROADWAY, VANCOUVER, BC"), lat, lng
import { parseAddress } from '../../src/geo/geocode/address'
import { isInCanadaBounds } from '../../src/geo/geodata/border'
import { parseCivicNumber, streetKeyOfText, type StreetKey } from '../../src/geo/geocode/street-key'
import { normalizeName } from '../../src/geo/geodata/text'
import { csvRecords } from './csv.mjs'

export type AddressFormat = 'oda' | 'simple' | 'single'
export interface AddressRecord extends StreetKey {
  cityKey: string
  number: number
  suffix: string
  latE5: number
  lngE5: number /** as written, for the validation script */
  street: string
  city: string
}
export interface ParsedAddressFile {
  format: AddressFormat
  rows: number
  records: AddressRecord[]
  skipped: Record<string, number>
}

/** Points of one civic address from different providers closer than this are one address. */
export const DUPLICATE_RADIUS_M = 100

export function detectFormat(header: string[]): AddressFormat {
  const has = (...names: string[]) => names.every((n) => header.includes(n))
  if (has('latitude', 'longitude', 'street_no', 'street', 'csdname')) return 'oda'
  if (has('street_no', 'street', 'lat', 'lng') && (has('city') || has('city_pcs'))) return 'simple'
  if (has('address', 'lat', 'lng')) return 'single'
  throw new Error(
    `unknown address CSV header (${header.join(',')}): expected the ODA columns, street_no,street,city,lat,lng or address,lat,lng`,
  )
}

export function parseAddressFile(text: string): ParsedAddressFile {
  const [firstRecord = [''], ...lines] = csvRecords(text)
  const header = firstRecord.map((h) => h.trim().toLowerCase())
  const format = detectFormat(header)
  const col = Object.fromEntries(header.map((h, i) => [h, i]))
  const skipped: Record<string, number> = {}
  const skip = (reason: string) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1
  }
  const records: AddressRecord[] = []
  const keyOf = new Map<string, StreetKey | undefined>()
  let rows = 0
  for (const f of lines) {
    rows++
    const get = (name: string) => (col[name] === undefined ? '' : (f[col[name]] ?? '').trim())
    let numberText: string, street: string, city: string
    if (format === 'single') {
      const parsed = parseAddress(get('address'))
      numberText = parsed.civicNumber ?? ''
      street = parsed.street
        ? [
            parsed.street.typeFirst ? parsed.street.type : '',
            parsed.street.name,
            parsed.street.typeFirst ? '' : parsed.street.type,
            parsed.street.direction,
          ]
            .filter(Boolean)
            .join(' ')
        : ''
      city = parsed.city ?? ''
    } else {
      numberText = get('street_no')
      street =
        get('street') ||
        [get('str_name'), get('str_type'), get('str_dir')].filter(Boolean).join(' ') ||
        [get('str_name_pcs'), get('str_type_pcs'), get('str_dir_pcs')].filter(Boolean).join(' ')
      city = format === 'oda' ? get('csdname') || get('city') || get('city_pcs') : get('city') || get('city_pcs')
    }
    const lat = Number(get(format === 'oda' ? 'latitude' : 'lat'))
    const lng = Number(get(format === 'oda' ? 'longitude' : 'lng'))
    const civic = parseCivicNumber(numberText)
    if (street && !keyOf.has(street)) keyOf.set(street, streetKeyOfText(street))
    const key = street ? keyOf.get(street) : undefined
    if (!civic) {
      skip('no civic number')
      continue
    }
    if (!key) {
      skip('no street')
      continue
    }
    if (!city) {
      skip('no city')
      continue
    }
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !isInCanadaBounds(lat, lng)) {
      skip('coordinates missing or outside Canada')
      continue
    }
    records.push({
      ...key,
      cityKey: normalizeName(city),
      ...civic,
      latE5: Math.round(lat * 1e5),
      lngE5: Math.round(lng * 1e5),
      street,
      city,
    })
  }
  return { format, rows, records, skipped }
}

export const recordKey = (r: AddressRecord) => `${r.cityKey}|${r.nameKey}|${r.typeKey}|${r.dir}|${r.number}|${r.suffix}`

/**
 * One point per civic address: providers that overlap (Region and City files) repeat an address a
 * few metres apart; those points merge into their mean. Points of the same address farther apart
 * than DUPLICATE_RADIUS_M (a re-used number on a long rural road) stay separate.
 */
export function dedupe(records: AddressRecord[]): { records: AddressRecord[]; merged: number } {
  const groups = new Map<string, AddressRecord[][]>()
  for (const r of records) {
    const key = recordKey(r)
    const clusters = groups.get(key)
    if (!clusters) {
      groups.set(key, [[r]])
      continue
    }
    const home = clusters.find((c) => metresE5(c[0], r) <= DUPLICATE_RADIUS_M)
    if (home) home.push(r)
    else clusters.push([r])
  }
  const out: AddressRecord[] = []
  for (const clusters of groups.values()) {
    for (const c of clusters) {
      const latE5 = Math.round(c.reduce((s, r) => s + r.latE5, 0) / c.length)
      const lngE5 = Math.round(c.reduce((s, r) => s + r.lngE5, 0) / c.length)
      out.push({ ...c[0], latE5, lngE5 })
    }
  }
  return { records: out, merged: records.length - out.length }
}

function metresE5(a: { latE5: number; lngE5: number }, b: { latE5: number; lngE5: number }): number {
  const dy = (a.latE5 - b.latE5) * 1.1054
  const dx = (a.lngE5 - b.lngE5) * 1.1132 * Math.cos((a.latE5 / 1e5) * (Math.PI / 180))
  return Math.hypot(dx, dy)
}

export interface SourceMeta {
  name: string
  file: string
  sha256: string
  licence: string
  importedAt: string
}

const sql = (s: string) => `'${s.replace(/'/g, "''")}'`

/**
 * SQL that replaces the source's points: upsert the source row, delete its old points, insert the
 * new ones in multi-row INSERTs of `chunk` rows. Run by `wrangler d1 execute --file`.
 */
export function importStatements(meta: SourceMeta, records: AddressRecord[], chunk = 1000): string[] {
  const source = `(SELECT id FROM address_sources WHERE name = ${sql(meta.name)})`
  const out = [
    'INSERT INTO address_sources (name, file, sha256, points, licence, imported_at) ' +
      `VALUES (${[meta.name, meta.file, meta.sha256].map(sql).join(', ')}, ` +
      `${records.length}, ${sql(meta.licence)}, ${sql(meta.importedAt)}) ` +
      (`ON CONFLICT(name) DO UPDATE SET file = excluded.file, sha256 = excluded.sha256, points = excluded.points, ` +
        `licence = excluded.licence, imported_at = excluded.imported_at;`),
    `DELETE FROM address_points WHERE source_id = ${source};`,
  ]
  for (let i = 0; i < records.length; i += chunk) {
    const values = records
      .slice(i, i + chunk)
      .map((r) => `(${[sql(r.cityKey), sql(r.nameKey), sql(r.typeKey), sql(r.dir), r.number, sql(r.suffix), r.latE5, r.lngE5].join(',')})`)
    out.push(
      `INSERT INTO address_points (source_id, city_key, name_key, type_key, dir, number, suffix, ` +
        `lat_e5, lng_e5) SELECT s.id, v.* FROM address_sources s, (VALUES ${values.join(',')}) v WHERE ` +
        `s.name = ${sql(meta.name)};`,
    )
  }
  return out
}

/** Licence of a file, from its name (the three open sources we know); override with --licence. */
export function licenceOf(fileName: string): string {
  if (/vancouver/i.test(fileName)) return 'Open Government Licence – Vancouver'
  return 'Open Government Licence – Canada'
}
