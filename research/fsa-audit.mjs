#!/usr/bin/env node
// FSA audit: distances of the built table to both sources, the review list, and every correction
// with its reason, written to docs/fsa-corrections.md (numbers quoted in docs/fsa-audit.md).
//   npm run audit:fsa [-- --before <old fsa.generated.ts>]   compare with an older table too, e.g.
//   git show 8a17832:src/geo/data/fsa.generated.ts > /tmp/fsa-zipcodes.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { distance } from 'geokdbush'
import { FSA_SOURCE_FILES, loadFsaTable } from '../scripts/geodata/fsa.mjs'
import { csvObjects } from '../scripts/lib/csv.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dataDir = process.env.SHARED_DATA_DIR ?? join(root, '../shared/data')
const { values: opts } = cliArgs({ before: { type: 'string' } }, { usage: 'npm run audit:fsa [-- --before <older fsa.generated.ts>]' })
const beforeFile = opts.before

const table = loadFsaTable({ dataDir, repoRoot: root })
const statcan = new Map(csvObjects(readFileSync(join(dataDir, FSA_SOURCE_FILES.statcan), 'utf8')).map((r) => [r.fsa, r]))
const geonames = new Map(csvObjects(readFileSync(join(dataDir, FSA_SOURCE_FILES.geonames), 'utf8')).map((r) => [r.fsa, r]))
const km = (a, b) => distance(Number(a.lng), Number(a.lat), Number(b.lng), Number(b.lat))
const asPoints = (rows) => rows.map(([code, lat, lng]) => ({ code, lat, lng }))

function quantile(values, q) {
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

/** Median / p90 km to a source, and the count over 10 km, for urban and rural FSAs. */
function stats(points, source) {
  const out = {}
  /** @type {Array<[string, (code: string) => boolean]>} */
  const kinds = [
    ['urban', (c) => c[1] !== '0'],
    ['rural', (c) => c[1] === '0'],
    ['all', () => true],
  ]
  for (const [kind, keep] of kinds) {
    const d = points.filter((p) => keep(p.code) && source.has(p.code)).map((p) => km(p, source.get(p.code)))
    out[kind] = { n: d.length, median: quantile(d, 0.5), p90: quantile(d, 0.9), over10: d.filter((x) => x > 10).length }
  }
  return out
}

const tables = { after: asPoints(table.rows) }
if (beforeFile) {
  const text = readFileSync(beforeFile, 'utf8').match(/FSA_TEXT = (".*")/)[1]
  tables.before = asPoints(
    JSON.parse(text)
      .split('\n')
      .map((line) => line.split('|'))
      .map(([c, lat, lng]) => [c, Number(lat), Number(lng)]),
  )
}
const fmt = (s) => `${s.median.toFixed(2)} / ${s.p90.toFixed(1)} km (${s.over10} over 10 km, n=${s.n})`
console.log('| Table | vs StatCan urban | vs StatCan rural | vs GeoNames urban | vs GeoNames rural |\n|---|---|---|---|---|')
for (const [name, points] of Object.entries(tables)) {
  const s = stats(points, statcan)
  const g = stats(points, geonames)
  console.log(`| ${name} (${points.length} FSAs) | ${fmt(s.urban)} | ${fmt(s.rural)} | ${fmt(g.urban)} | ${fmt(g.rural)} |`)
}
const radii = (rural) => table.rows.filter((r) => (r[0][1] === '0') === rural).map((r) => r[5])
console.log(
  `radius urban median ${quantile(radii(false), 0.5)} m, p90 ${quantile(radii(false), 0.9)} m; ` +
    `rural median ${quantile(radii(true), 0.5)} m, p90 ${quantile(radii(true), 0.9)} m`,
)
console.log(`corrections: ${table.corrections.length}; outside the place their description names: ${table.unresolved.length}`)

const rowOf = new Map(table.rows.map((r) => [r[0], r]))
const lines = [
  '# FSA corrections (generated)',
  '',
  'Written by `npm run audit:fsa` (research/fsa-audit.mjs); method and review in [fsa-audit.md](fsa-audit.md).',
  '"From" is the Statistics Canada 2021 polygon centroid (the GeoNames point where StatCan has none).',
  '',
  `## Positions far from the place the description names (${table.unresolved.length}, reviewed in fsa-audit.md)`,
  '',
  '| FSA | Description | Named place | km | Final position |',
  '|---|---|---|---:|---|',
  ...table.unresolved.map(
    (u) => `| ${u.fsa} | ${u.area} | ${u.place} | ${u.km.toFixed(1)} | ${rowOf.get(u.fsa)[1]}, ${rowOf.get(u.fsa)[2]} |`,
  ),
  '',
  `## Every correction (${table.corrections.length})`,
  '',
  '| FSA | Description | From | To | Moved km | Radius m | Reason |',
  '|---|---|---|---|---:|---:|---|',
  ...table.corrections.map((c) => {
    const row = rowOf.get(c.fsa)
    return (
      `| ${c.fsa} | ${c.area} | ${c.from.lat.toFixed(4)}, ${c.from.lng.toFixed(4)} | ${row[1]}, ${row[2]} ` +
      `| ${km(c.from, { lat: row[1], lng: row[2] }).toFixed(1)} | ${row[5]} | ${c.reason} |`
    )
  }),
  '',
]
writeFileSync(join(root, 'docs/fsa-corrections.md'), lines.join('\n'))
console.log('wrote docs/fsa-corrections.md')
