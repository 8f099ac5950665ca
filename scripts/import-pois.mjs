#!/usr/bin/env node
// npm run import:pois -- <file.geojson|file.csv> [--remote] [--sql out.sql] [--dry-run] [--persist-to DIR]
//
// Loads OpenStreetMap-style GeoJSON (Overpass turbo "export → GeoJSON", `osmium export`) or CSV
// (header: name,address,type,lat,lng[,id,source]) into the D1 `pois` table used by POST /prospects.
// It writes upsert SQL and runs `wrangler d1 execute DB --local --file <sql>` (or --remote), so
// re-importing a file updates rows instead of duplicating them. Local D1 needs the migrations:
// `npx wrangler d1 migrations apply DB --local` (npm run dev applies them).
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { cliArgs } from './lib/cli.mjs'
import { parsePoiFile, poiUpsertStatements } from './lib/pois.mjs'

const USAGE = 'npm run import:pois -- <file.geojson|file.csv> [--remote] [--sql out.sql] [--dry-run] [--persist-to DIR]'
const { values: opts, positionals } = cliArgs(
  {
    remote: { type: 'boolean' },
    local: { type: 'boolean' },
    sql: { type: 'string' },
    'dry-run': { type: 'boolean' },
    'persist-to': { type: 'string' },
  },
  { positionals: true, usage: USAGE },
)
const file = positionals[0]

if (!file) {
  console.error(`usage: ${USAGE}`)
  console.error('sample: npm run import:pois -- scripts/data/sample-pois.geojson   (SAMPLE DATA: fictional businesses)')
  process.exit(2)
}

const { rows, skipped } = parsePoiFile(readFileSync(file, 'utf8'), file)
const statements = poiUpsertStatements(rows, { importedAt: new Date().toISOString(), newId: randomUUID })
const countsBySource = new Map()
for (const r of rows) countsBySource.set(r.source, (countsBySource.get(r.source) ?? 0) + 1)
const bySource = [...countsBySource]
console.log(`${file}: ${rows.length} POIs (${bySource.map(([s, n]) => `${s}: ${n}`).join(', ') || 'none'}), ${skipped.length} skipped`)
for (const reason of skipped.slice(0, 10)) console.log(`  skipped: ${reason}`)
if (skipped.length > 10) console.log(`  … and ${skipped.length - 10} more`)
if (rows.some((r) => r.source === 'sample'))
  console.log('  note: source "sample" rows are SAMPLE DATA (fictional businesses), for development only')

const sqlPath = opts.sql ?? join(mkdtempSync(join(tmpdir(), 'pois-')), 'pois.sql')
writeFileSync(sqlPath, `${statements.join('\n')}\n`)
if (opts['dry-run'] || !rows.length) {
  console.log(`SQL written to ${sqlPath}${opts['dry-run'] ? ' (dry run: not executed)' : ''}`)
  process.exit(0)
}

const where = opts.remote ? '--remote' : '--local'
// --persist-to: the local state of a server started with DEV_PERSIST_TO (npm run soak), not .wrangler/state.
const persistTo = opts['persist-to'] && where === '--local' ? ['--persist-to', opts['persist-to']] : []
const run = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', where, '--file', sqlPath, ...persistTo], { stdio: 'inherit' })
if (run.status !== 0) {
  console.error(`wrangler d1 execute failed. If the table is missing: npx wrangler d1 migrations apply DB ${where}`)
  process.exit(run.status ?? 1)
}
console.log(`Imported ${rows.length} POIs into D1 (${where.slice(2)}).`)
