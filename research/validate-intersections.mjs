#!/usr/bin/env node
// npm run validate:intersections [-- --forms] [-- --worst]: geocodes every typed intersection of the
// committed truth sets (geodata/intersections/, built by npm run build:intersection-truth before any tuning)
// against the committed geodata store, with the worker's own code, and prints per set and city: n, the
// share answered at `intersection` precision, median and p90 error of those, and how often the truth lies
// within accuracyM. Needs no ../shared. Independent sets (Vancouver, Edmonton) check the whole chain; the
// sets sampled from the store's centrelines (GTA, Ottawa, Montréal, Calgary) check parsing, matching and the
// choice between candidates, not the geometry. "hole" rows withhold the second street's centrelines (the GTA
// file's documented hole) so the crossing must come from address points or the other street's line.
// Goals (issue 21): typed Toronto intersections median ≤ 30 m; accuracyM holding for ≥ 90 %.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { parseArgs } from 'node:util'
import { committedRows, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { importTs, repoRoot } from '../scripts/lib/load-ts.mjs'

const { values: args } = parseArgs({ options: { forms: { type: 'boolean' }, worst: { type: 'boolean' } } })
const started = performance.now()
const lib = await importTs(
  { 'scripts/lib/geodata-memory.ts': '*', 'research/lib/intersection-truth.ts': '*', 'research/lib/address-line-check.ts': '*' },
  { platform: 'node' },
)
const manifest = readManifest()
const committed = committedRows()
const store = lib.memoryGeodata(...committed)
const dir = join(repoRoot, 'geodata/intersections')
const truthManifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
const lines = gunzipSync(readFileSync(join(dir, truthManifest.file)))
  .toString('utf8')
  .trim()
  .split('\n')
  .slice(1)
const rows = lines.map((l) => lib.truthOf(l.split('\t')))
const independent = new Map(truthManifest.sets.map((s) => [s.set, s.independent]))

const reports = lib.validateTruth(rows, (r) => store.geocode(r.typed))
const toronto = rows.filter((r) => r.set === 'toronto-gta' && r.city === 'Toronto')
// The hole's roads are main roads: the same rows where the withheld street is tertiary or higher, apart.
const mainRoads = toronto.filter((r) => lib.withheldClass(store.answer, r.typed) >= 2)
for (const [suffix, subset] of /** @type {[string, typeof toronto][]} */ ([
  ['', toronto],
  [' (withheld: main road)', mainRoads],
])) {
  reports.push(
    ...lib.validateTruth(
      subset.map((r) => ({ ...r, set: `toronto-gta hole${suffix}` })),
      (r) => lib.geocodeWithoutSecondLine(store.answer, r.typed),
    ),
  )
  // The same with the withheld street's address lines built from its address points (the store's gta-address-line).
  reports.push(
    ...lib.validateTruth(
      subset.map((r) => ({ ...r, set: `toronto-gta hole, address lines${suffix}` })),
      (r) => lib.geocodeWithoutSecondLine(store.answer, r.typed, { addressLines: true }),
    ),
  )
}

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(0)} %` : '-')
const q = (r, p) => (r.errors.length ? r.errors[Math.min(r.errors.length - 1, Math.floor(p * r.errors.length))].toFixed(1) : '-')
console.log(
  `geodata ${manifest.dataVersion}, truth ${truthManifest.sha256.slice(0, 12)} (sampled on geodata ${truthManifest.storeDataVersion})\n`,
)
console.log('| set | city | truth | n | found | median m | p90 m | accuracyM holds |')
console.log('|---|---|---|---:|---:|---:|---:|---:|')
for (const r of reports) {
  const kind = independent.get(r.set) ? 'independent' : 'same geometry'
  console.log(`| ${r.set} | ${r.city} | ${kind} | ${r.n} | ${pct(r.found, r.n)} | ${q(r, 0.5)} | ${q(r, 0.9)} | ${pct(r.holds, r.found)} |`)
}
// Intersections not placed: what they got instead (issue 21 item 6: one street known → that street, not the city).
console.log('\nnot found as an intersection: precision instead; m to the truth (all of them; street results); accuracyM holds')
console.log('| set | city | n | street | postal/city | none | median m | street median m | street p90 m | street accuracyM holds |')
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of reports) {
  const p = r.precisions
  const area = (p.city ?? 0) + (p.postal_code ?? 0)
  const s = { errors: r.streetErrors }
  console.log(
    `| ${r.set} | ${r.city} | ${r.n} | ${pct(p.street ?? 0, r.n)} | ${pct(area, r.n)} | ${pct(p.none ?? 0, r.n)} | ` +
      `${q({ errors: r.otherErrors }, 0.5)} | ${q(s, 0.5)} | ${q(s, 0.9)} | ${pct(r.streetHolds, r.streetErrors.length)} |`,
  )
}
const gridded = reports.filter((r) => r.gridErrors.length)
if (gridded.length) {
  console.log('\nof those, placed on the numbered grid (`interpolated`, src/geo/geocode/grid-crossing.ts): m to the truth; accuracyM holds')
  console.log('| set | city | n | median m | p90 m | accuracyM holds |\n|---|---|---:|---:|---:|---:|')
  for (const r of gridded) {
    const g = { errors: r.gridErrors }
    console.log(
      `| ${r.set} | ${r.city} | ${r.gridErrors.length} | ${q(g, 0.5)} | ${q(g, 0.9)} | ${pct(r.gridHolds, r.gridErrors.length)} |`,
    )
  }
}
const all = reports.filter((r) => !r.set.includes('hole')).reduce((s, r) => [s[0] + r.holds, s[1] + r.found], [0, 0])
console.log(`\naccuracyM holds, all intersection results (hole rows apart): ${pct(all[0], all[1])} of ${all[1]}`)
if (args.forms) {
  console.log('\nfound by typed form (set: form found/n):')
  for (const r of reports)
    console.log(
      `  ${r.set} ${r.city}: ${Object.entries(r.forms)
        .map(([f, [n, k]]) => `${f} ${k}/${n}`)
        .join(', ')}`,
    )
}
// Issue 21 item 5: the street at a coordinate beside an address on the GTA file's hole (research/lib/address-line-check.ts).
console.log('\nlocateStreet beside GTA address points (moved 0–20 m; the points tested removed from the store):')
console.log('| points | n | own street before → after | with a road class before → after |\n|---|---:|---:|---:|')
for (const s of await lib.checkHoleLocate(...committed))
  console.log(
    `| ${s.set} | ${s.n} | ${pct(s.ownBefore, s.n)} → ${pct(s.ownAfter, s.n)} | ${pct(s.classBefore, s.n)} → ${pct(s.classAfter, s.n)} |`,
  )
console.log('\naddress lines off the centreline, GTA main roads that have one (m; vertices within 150 m):')
for (const o of lib.addressLineOffsets(...committed)) console.log(`  ${o.split}: n ${o.n}, median ${o.p50}, p90 ${o.p90}`)
const shown = (w) => (w.m === Infinity ? w.precision : `${w.m.toFixed(0)} m`)
if (args.worst)
  for (const r of reports) console.log(`\n${r.set} ${r.city} worst:\n${r.worst.map((w) => `  ${shown(w)}  ${w.typed}`).join('\n')}`)
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`)
