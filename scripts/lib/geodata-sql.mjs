// The SQL that loads one geodata artefact's rows into D1 (no I/O: the loader, and tests that load a
// fixture into their D1, share it). Multi-row INSERTs kept under D1's 100 KB statement limit.
/** D1 refuses SQL statements over 100 KB: multi-row INSERTs stay under this. */
const MAX_STATEMENT_BYTES = 90_000
const quote = (s) => `'${String(s).replace(/'/g, "''")}'`
const STORE_PREFIX = 'geodata-'

function chunkedInserts(head, tuples, tail = '') {
  const out = []
  let batch = []
  let bytes = 0
  for (const t of tuples) {
    if (bytes + t.length > MAX_STATEMENT_BYTES && batch.length) {
      out.push(`${head}${batch.join(',')}${tail};`)
      batch = []
      bytes = 0
    }
    batch.push(t)
    bytes += t.length + 1
  }
  if (batch.length) out.push(`${head}${batch.join(',')}${tail};`)
  return out
}

/** The SQL that replaces one artefact's rows (idempotent: its old rows are deleted first). */
export function artefactStatements(entry, rows) {
  const name = STORE_PREFIX + entry.source
  if (entry.kind === 'addresses') {
    const source = `(SELECT id FROM address_sources WHERE name = ${quote(name)})`
    return [
      'INSERT INTO address_sources (name, file, sha256, points, licence, imported_at) VALUES ' +
        `(${[name, entry.file, entry.sha256].map(quote).join(', ')}, ${rows.length}, ${quote(entry.licence)}, ${quote('geodata store')}) ` +
        'ON CONFLICT(name) DO UPDATE SET file = excluded.file, sha256 = excluded.sha256, points = excluded.points, ' +
        'licence = excluded.licence, imported_at = excluded.imported_at;',
      `DELETE FROM address_points WHERE source_id = ${source};`,
      ...chunkedInserts(
        'INSERT INTO address_points (source_id, city_key, name_key, type_key, dir, number, suffix, lat_e5, lng_e5) ' +
          'SELECT s.id, v.* FROM address_sources s, (VALUES ',
        rows.map(
          ([c, n, t, d, num, suf, lat, lng]) => `(${quote(c)},${quote(n)},${quote(t)},${quote(d)},${num},${quote(suf)},${lat},${lng})`,
        ),
        `) v WHERE s.name = ${quote(name)}`,
      ),
    ]
  }
  if (entry.kind === 'streets') {
    return [
      `DELETE FROM street_pieces WHERE source = ${quote(entry.source)};`,
      ...chunkedInserts(
        'INSERT INTO street_pieces (source, name_key, type_key, dir, name, road_class, cell, ' +
          'min_lat_e5, min_lng_e5, max_lat_e5, max_lng_e5, line, run_m) VALUES ',
        rows.map(([n, t, d, display, rc, cell, a, b, c, e, line, run]) => {
          const keys = [entry.source, n, t, d, display].map(quote).join(',')
          return `(${keys},${rc},${cell},${a},${b},${c},${e},${quote(line)},${Number(run) || 0})`
        }),
      ),
    ]
  }
  if (entry.kind === 'counts') {
    return [
      `DELETE FROM count_sites WHERE source = ${quote(entry.source)};`,
      ...chunkedInserts(
        'INSERT INTO count_sites (source, kind, cell, lat_e5, lng_e5, vehicles, pedestrians, year, name) VALUES ',
        rows.map(
          ([kind, cell, lat, lng, vehicles, pedestrians, year, name]) =>
            `(${quote(entry.source)},${quote(kind)},${cell},${lat},${lng},${vehicles},` +
            `${pedestrians === '' ? 'NULL' : pedestrians},${year},${quote(name)})`,
        ),
      ),
    ]
  }
  if (entry.kind === 'corners') {
    return [
      `DELETE FROM street_corners WHERE source = ${quote(entry.source)};`,
      ...chunkedInserts(
        'INSERT INTO street_corners (source, name_key_a, type_key_a, dir_a, name_key_b, type_key_b, dir_b, name, cell, ' +
          'lat_e5, lng_e5) VALUES ',
        rows.map(
          ([na, ta, da, nb, tb, db, name, cell, lat, lng]) =>
            `(${[entry.source, na, ta, da, nb, tb, db, name].map(quote).join(',')},${cell},${lat},${lng})`,
        ),
      ),
    ]
  }
  return []
}
