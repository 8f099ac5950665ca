// Loads the committed geodata artefacts (geodata/store/) into D1: address points into
// address_points (one address_sources row per artefact), street pieces into street_pieces, then the
// data version into geodata_meta. Skips when the database already holds this data version.
// Local: wrangler's getPlatformProxy D1 binding (the real local D1 of `wrangler dev`) with batch() of
// multi-row INSERTs, 13x faster than `wrangler d1 execute --file` here (docs/decisions.md §5.1).
// Remote: one `wrangler d1 execute --remote --file` per artefact (D1's import path).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readArtefact, readManifest } from './geodata-artefacts.mjs'
import { repoRoot } from './load-ts.mjs'

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
          'min_lat_e5, min_lng_e5, max_lat_e5, max_lng_e5, line) VALUES ',
        rows.map(([n, t, d, display, rc, cell, a, b, c, e, line]) => {
          const keys = [entry.source, n, t, d, display].map(quote).join(',')
          return `(${keys},${rc},${cell},${a},${b},${c},${e},${quote(line)})`
        }),
      ),
    ]
  }
  return []
}

function wrangler(args, target, persistTo) {
  const run = spawnSync(
    join(repoRoot, 'node_modules/.bin/wrangler'),
    ['d1', 'execute', 'DB', `--${target}`, ...args, '--yes', ...(persistTo ? ['--persist-to', persistTo] : [])],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, CI: 'true' }, maxBuffer: 64 * 1024 * 1024 },
  )
  if (run.status !== 0) throw new Error(`wrangler d1 execute failed (${target}): ${(run.stderr || run.stdout).slice(-1500)}`)
  return run.stdout
}

const VERSION_SQL = "SELECT value FROM geodata_meta WHERE key = 'data_version'"
const setVersionSql = (v) =>
  `INSERT INTO geodata_meta (key, value) VALUES ('data_version', ${quote(v)}) ON CONFLICT(key) DO UPDATE SET value = excluded.value`
const STATEMENTS_PER_BATCH = 20

/** Local D1 through getPlatformProxy: the same SQLite files `wrangler dev` uses (or `persistTo`). */
async function localDb(persistTo) {
  process.env.WRANGLER_LOG ??= 'error' // the proxy's warnings about bindings unused here are noise
  const { getPlatformProxy } = await import('wrangler')
  const proxy = await getPlatformProxy({
    configPath: join(repoRoot, 'wrangler.toml'),
    persist: { path: join(persistTo ?? join(repoRoot, '.wrangler/state'), 'v3') },
  })
  const db = proxy.env.DB
  return {
    version: async () => {
      try {
        return (await db.prepare(VERSION_SQL).first())?.value
      } catch {
        return undefined // no table yet: migrations not applied
      }
    },
    run: async (statements) => {
      for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH)
        await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH).map((sql) => db.prepare(sql)))
    },
    close: () => proxy.dispose(),
  }
}

/** Remote D1: wrangler d1 execute --remote, one SQL file per artefact. */
function remoteDb(tmp) {
  let n = 0
  return {
    version: async () => {
      try {
        return JSON.parse(wrangler(['--json', '--command', VERSION_SQL], 'remote'))[0]?.results?.[0]?.value
      } catch {
        return undefined
      }
    },
    run: async (statements) => {
      const file = join(tmp, `part-${n++}.sql`)
      writeFileSync(file, `${statements.join('\n')}\n`)
      wrangler(['--file', file], 'remote')
    },
    close: async () => {},
  }
}

/**
 * Loads every artefact unless the database already holds the manifest's data version (or `force`).
 * `progress(line)` receives one short line per step, for a single updating status line.
 */
export async function loadGeodata({ target = 'local', persistTo, force = false, progress = () => {} } = {}) {
  const manifest = readManifest()
  const started = performance.now()
  const seconds = () => (performance.now() - started) / 1000
  const tmp = mkdtempSync(join(tmpdir(), 'geodata-'))
  const db = target === 'remote' ? remoteDb(tmp) : await localDb(persistTo)
  try {
    if (!force && (await db.version()) === manifest.dataVersion)
      return { skipped: true, dataVersion: manifest.dataVersion, seconds: seconds() }
    const entries = manifest.artefacts.filter((a) => a.kind === 'addresses' || a.kind === 'streets')
    const totalRows = entries.reduce((s, a) => s + a.rows, 0)
    let done = 0
    // The version is cleared first: an interrupted load is redone on the next start.
    await db.run(["DELETE FROM geodata_meta WHERE key = 'data_version'"])
    for (const entry of entries) {
      const rows = `${done.toLocaleString('en')} of ${totalRows.toLocaleString('en')} rows`
      progress(`geodata: loading ${entry.file} (${rows}, ${seconds().toFixed(0)} s)`)
      await db.run(artefactStatements(entry, readArtefact(entry)))
      done += entry.rows
    }
    await db.run([setVersionSql(manifest.dataVersion)])
    return { skipped: false, dataVersion: manifest.dataVersion, rows: totalRows, seconds: seconds() }
  } finally {
    await db.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}
