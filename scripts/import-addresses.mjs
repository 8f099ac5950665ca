#!/usr/bin/env node
// npm run import:addresses -- <file.csv> [--local|--remote] [--source NAME] [--licence TEXT] [--sql out.sql] [--dry-run] [--persist-to DIR]
//
// Loads civic address points into the D1 address store used by geocoding (docs/geocoding.md):
// Statistics Canada ODA files (22 columns), `street_no,street,city,lat,lng` files, or `address,lat,lng`
// files. Street names are normalised and overlapping providers de-duplicated; re-importing a source
// (default name: the file name) replaces its points. Local D1 needs the migrations (npm run dev applies them).
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { cliArgs } from './lib/cli.mjs'
import { loadTs, repoRoot } from './lib/load-ts.mjs'

const USAGE =
  'npm run import:addresses -- <file.csv> [--local|--remote] [--source NAME] [--licence TEXT] [--sql out.sql] ' +
  '[--dry-run] [--persist-to DIR]'
const { values: opts, positionals } = cliArgs(
  {
    local: { type: 'boolean' },
    remote: { type: 'boolean' },
    source: { type: 'string' },
    licence: { type: 'string' },
    sql: { type: 'string' },
    'dry-run': { type: 'boolean' },
    'persist-to': { type: 'string' },
  },
  { positionals: true, usage: USAGE },
)
const file = positionals[0]
if (!file || (opts.local && opts.remote)) {
  console.error(`usage: ${USAGE}`)
  process.exit(2)
}

const started = performance.now()
const lib = await loadTs('scripts/lib/address-import.ts')
const bytes = readFileSync(file)
let parsed
try {
  parsed = lib.parseAddressFile(bytes.toString('utf8'))
} catch (error) {
  console.error(`✖ ${file}: ${error.message}`)
  process.exit(2)
}
const { records, merged } = lib.dedupe(parsed.records)
const name = opts.source ?? basename(file).replace(/\.[^.]+$/, '')
const meta = {
  name,
  file: basename(file),
  sha256: createHash('sha256').update(bytes).digest('hex'),
  licence: opts.licence ?? lib.licenceOf(file),
  importedAt: new Date().toISOString(),
}
const statements = lib.importStatements(meta, records)
const parseMs = performance.now() - started

const skippedText =
  Object.entries(parsed.skipped)
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ') || 'none'
console.log(`${file} (${parsed.format} format): ${parsed.rows} rows → ${parsed.records.length} civic addresses (skipped: ${skippedText})`)
console.log(
  `  ${merged} duplicates merged (units of one civic address, overlapping providers within ${lib.DUPLICATE_RADIUS_M} ` +
    `m) → ${records.length} points for source "${name}" (${meta.licence})`,
)

const tmp = mkdtempSync(join(tmpdir(), 'addresses-'))
const sqlPath = opts.sql ?? join(tmp, 'addresses.sql')
writeFileSync(sqlPath, `${statements.join('\n')}\n`)
if (opts['dry-run'] || !records.length) {
  console.log(`SQL written to ${sqlPath} (${statements.length} statements)${opts['dry-run'] ? ', dry run: not executed' : ''}`)
  process.exit(records.length ? 0 : 1)
}
const target = opts.remote ? '--remote' : '--local'
const run = spawnSync(
  join(repoRoot, 'node_modules/.bin/wrangler'),
  ['d1', 'execute', 'DB', target, '--file', sqlPath, '--yes', ...(opts['persist-to'] ? ['--persist-to', opts['persist-to']] : [])],
  {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  },
)
if (!opts.sql) rmSync(tmp, { recursive: true, force: true })
if (run.status !== 0) {
  console.error(`✖ wrangler d1 execute failed (${target}):\n${(run.stderr || run.stdout).slice(-2000)}`)
  process.exit(run.status ?? 1)
}
console.log(
  `✔ ${records.length} points written to D1 (${target.slice(2)}) in ${statements.length - 2} ` +
    `batches; ${((performance.now() - started) / 1000).toFixed(1)} s total (${(parseMs / 1000).toFixed(1)} ` +
    `s parsing)`,
)
