// Loads the committed geodata artefacts (geodata/store/) into D1: address points into
// address_points (one address_sources row per artefact), street pieces into street_pieces, counted
// volumes into count_sites, then the data version into geodata_meta. Skips when the database
// already holds this data version.
// Local: wrangler's getPlatformProxy D1 binding (the real local D1 of `wrangler dev`) with batch() of
// multi-row INSERTs, 13x faster than `wrangler d1 execute --file` here (docs/decisions.md §5.1).
// Remote: one `wrangler d1 execute --remote --file` per artefact (D1's import path).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { readArtefact, readManifest } from './geodata-artefacts.mjs'
import { artefactStatements } from './geodata-sql.mjs'
import { repoRoot } from './load-ts.mjs'

const quote = (s) => `'${String(s).replace(/'/g, "''")}'`

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
/** Artefact kinds loaded into D1 (hold-outs never are). */
const LOADED_KINDS = new Set(['addresses', 'streets', 'counts', 'corners'])

/** Local D1 through getPlatformProxy: the same SQLite files `wrangler dev` uses (or `persistTo`). */
async function localDb(persistTo) {
  process.env.WRANGLER_LOG ??= 'error' // the proxy's warnings about bindings unused here are noise
  const { getPlatformProxy } = await import('wrangler')
  const proxy = await getPlatformProxy({
    configPath: join(repoRoot, 'wrangler.toml'),
    persist: { path: join(persistTo ?? join(repoRoot, '.wrangler/state'), 'v3') },
  })
  const db = /** @type {D1Database} */ (proxy.env.DB)
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

function writeMarker(path, version) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, `${version}\n`)
}

/**
 * Loads every artefact unless the database already holds the manifest's data version (or `force`).
 * `progress(line)` receives one short line per step, for a single updating status line.
 * @param {{ target?: 'local' | 'remote', persistTo?: string, force?: boolean, progress?: (line: string) => void }} [options]
 */
export async function loadGeodata({ target = 'local', persistTo, force = false, progress = () => {} } = {}) {
  const manifest = readManifest()
  const started = performance.now()
  const seconds = () => (performance.now() - started) / 1000
  // Local: a marker beside the database files says which version they hold (booting the proxy to ask
  // D1 costs ~3-5 s per start); it disappears with them, and a load rewrites it only once complete.
  const marker = join(persistTo ?? join(repoRoot, '.wrangler/state'), 'v3', 'd1', 'geodata-version')
  const markedLoaded = target === 'local' && existsSync(marker) && readFileSync(marker, 'utf8').trim() === manifest.dataVersion
  if (!force && markedLoaded) return { skipped: true, dataVersion: manifest.dataVersion, seconds: seconds() }
  const tmp = mkdtempSync(join(tmpdir(), 'geodata-'))
  const db = target === 'remote' ? remoteDb(tmp) : await localDb(persistTo)
  try {
    if (!force && (await db.version()) === manifest.dataVersion) {
      if (target === 'local') writeMarker(marker, manifest.dataVersion)
      return { skipped: true, dataVersion: manifest.dataVersion, seconds: seconds() }
    }
    const entries = manifest.artefacts.filter((a) => LOADED_KINDS.has(a.kind))
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
    if (target === 'local') writeMarker(marker, manifest.dataVersion)
    return { skipped: false, dataVersion: manifest.dataVersion, rows: totalRows, seconds: seconds() }
  } finally {
    await db.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}
