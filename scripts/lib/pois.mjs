// Parsing and SQL generation for `npm run import:pois` (scripts/import-pois.mjs). Pure: no Node APIs,
// so the tests run the same code inside workerd. Rows: { source, sourceId, name, address, type, lat, lng }.
import { csvRecords } from './csv.mjs'

/** OSM keys that say what a business is, in order of preference. */
export const TYPE_KEYS = ['shop', 'amenity', 'office', 'craft', 'tourism', 'leisure', 'healthcare']
/** CANADA_BOUNDS of src/geo/geodata/border.ts (plain Node cannot import it); test/prospects checks they agree. */
export const CANADA = { minLat: 41, maxLat: 84, minLng: -142, maxLng: -52 }
const MAX_TEXT = 300

const clean = (value) =>
  String(value ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this strips
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT)
const normaliseType = (value) =>
  clean(value)
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
const inCanada = (lat, lng) => lat >= CANADA.minLat && lat <= CANADA.maxLat && lng >= CANADA.minLng && lng <= CANADA.maxLng

/** "123 Queen St W, Toronto, ON M5V 2A9" from OSM addr:* tags (or a plain address property). */
export function osmAddress(p) {
  if (p.address) return clean(p.address)
  const street = [p['addr:housenumber'], p['addr:street']].filter(Boolean).join(' ')
  const region = [p['addr:province'] ?? p['addr:state'], p['addr:postcode']].filter(Boolean).join(' ')
  return clean([street, p['addr:city'], region].filter(Boolean).join(', '))
}

/** Type from an explicit `type` property or the first OSM business key ("office=yes" → "office"). */
export function osmType(p) {
  if (p.type && typeof p.type === 'string' && p.type !== 'Feature') return normaliseType(p.type)
  for (const key of TYPE_KEYS) {
    const value = p[key]
    if (value) return normaliseType(value === 'yes' ? key : value)
  }
  return ''
}

/** A point for Point, MultiPoint, LineString and Polygon geometries (vertex average of the outer ring). */
function pointOf(geometry) {
  if (!geometry) return undefined
  const c = geometry.coordinates
  const avg = (pts) =>
    pts.length ? [pts.reduce((s, q) => s + q[0], 0) / pts.length, pts.reduce((s, q) => s + q[1], 0) / pts.length] : undefined
  switch (geometry.type) {
    case 'Point':
      return c
    case 'MultiPoint':
    case 'LineString':
      return avg(c)
    case 'Polygon':
      return avg(c[0].slice(0, -1).length ? c[0].slice(0, -1) : c[0])
    case 'MultiPolygon':
      return avg(c[0][0])
    default:
      return undefined
  }
}

function finish(row, skipped) {
  if (!row.name) {
    skipped.push('no name')
    return undefined
  }
  if (!row.type) {
    skipped.push(`no type: ${row.name}`)
    return undefined
  }
  if (!Number.isFinite(row.lat) || !Number.isFinite(row.lng)) {
    skipped.push(`no coordinates: ${row.name}`)
    return undefined
  }
  if (!inCanada(row.lat, row.lng)) {
    skipped.push(`outside Canada: ${row.name}`)
    return undefined
  }
  row.sourceId ||= `${row.lat.toFixed(6)},${row.lng.toFixed(6)}:${row.name.toLowerCase()}`
  return row
}

/** GeoJSON FeatureCollection (Overpass turbo / osmium export). A top-level "source" overrides "osm". */
export function parseGeoJson(text) {
  const doc = JSON.parse(text)
  const features = doc.type === 'FeatureCollection' ? doc.features : doc.type === 'Feature' ? [doc] : []
  const source = clean(doc.source || 'osm')
  const rows = []
  const skipped = []
  for (const f of features ?? []) {
    const p = f.properties ?? {}
    const point = pointOf(f.geometry)
    const row = finish(
      {
        source,
        sourceId: clean(f.id ?? p['@id'] ?? p.id ?? ''),
        name: clean(p.name),
        address: osmAddress(p),
        type: osmType(p),
        lat: Number(point?.[1]),
        lng: Number(point?.[0]),
      },
      skipped,
    )
    if (row) rows.push(row)
  }
  return { rows, skipped }
}

/** CSV with a header: name, address, type, lat|latitude, lng|lon|longitude, optional id and source. */
export function parseCsv(text, defaultSource = 'csv') {
  // A record of empty fields only (",,,") is a blank line too.
  const [header, ...records] = csvRecords(text.replace(/^\uFEFF/, '')).filter((r) => r.some((v) => v !== ''))
  if (!header) return { rows: [], skipped: [] }
  const col = (...names) => header.findIndex((h) => names.includes(h.trim().toLowerCase()))
  const at = {
    name: col('name'),
    address: col('address'),
    type: col('type', 'category'),
    lat: col('lat', 'latitude'),
    lng: col('lng', 'lon', 'long', 'longitude'),
    id: col('id', 'source_id'),
    source: col('source'),
  }
  if (at.name < 0 || at.lat < 0 || at.lng < 0)
    throw new Error('CSV needs a header with at least name, lat and lng columns (and type, address)')
  const rows = []
  const skipped = []
  for (const r of records) {
    const get = (i) => (i >= 0 ? (r[i] ?? '') : '')
    const row = finish(
      {
        source: clean(get(at.source)) || defaultSource,
        sourceId: clean(get(at.id)),
        name: clean(get(at.name)),
        address: clean(get(at.address)),
        type: normaliseType(get(at.type)),
        lat: Number(get(at.lat)),
        lng: Number(get(at.lng)),
      },
      skipped,
    )
    if (row) rows.push(row)
  }
  return { rows, skipped }
}

export function parsePoiFile(text, fileName) {
  const base = fileName.split(/[\\/]/).pop()
  return /\.(geo)?json$/i.test(base) ? parseGeoJson(text) : parseCsv(text, `csv:${base}`)
}

const sqlText = (value) => `'${String(value).replace(/'/g, "''")}'`
const sqlNumber = (value) => (Number.isFinite(value) ? String(value) : 'NULL')

/**
 * Upsert statements (one per chunk of rows): re-importing the same source ids updates the rows in
 * place and keeps their ids. `newId` makes ids (crypto.randomUUID in both Node and workerd).
 */
export function poiUpsertStatements(rows, { importedAt, newId, chunk = 100 }) {
  const statements = []
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map(
        (r) =>
          `(${[
            sqlText(newId()),
            sqlText(r.source),
            sqlText(r.sourceId),
            sqlText(r.name),
            sqlText(r.address),
            sqlText(r.type),
            sqlNumber(r.lat),
            sqlNumber(r.lng),
            sqlText(importedAt),
          ].join(', ')})`,
      )
    statements.push(
      `INSERT INTO pois (id, source, source_id, name, address, type, lat, lng, imported_at) VALUES ${values.join(', ')} ` +
        ('ON CONFLICT(source, source_id) DO UPDATE SET name = excluded.name, address = excluded.address, ' +
          'type = excluded.type, lat = excluded.lat, lng = excluded.lng, imported_at = excluded.imported_at;'),
    )
  }
  return statements
}
