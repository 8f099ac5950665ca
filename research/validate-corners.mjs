#!/usr/bin/env node
// npm run validate:corners [-- --store DIR] [-- --worst]: the Cities' held-out corners (spatial blocks of the
// City of Toronto signals and the City of Vancouver intersections that neither the corner gazetteer nor the
// corner and hole lines were built from; scripts/lib/city-corners.ts) typed as users write them and geocoded
// against the committed store by the worker's own code. Per city: n, found at `intersection` precision, the
// median and p90 error of every answer and of the intersections, how often the truth lies within accuracyM.
// Also: Toronto corners on the GTA file's hole roads (one street without a centreline there; share within
// 30 m), and Vancouver pairs that never meet (must not be answered as an intersection). `--store DIR`
// measures another store's artefacts (e.g. the previous commit's) on the same held-out corners. No ../shared.
// Goals (issue 31): Toronto median ≤ 30 m, p90 ≤ 150 m; Vancouver found ≥ 95 %, median ≤ 20 m; accuracyM ≥ 90 %.
import { parseArgs } from 'node:util'
import { ARTEFACT_DIR, readArtefact, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../scripts/lib/load-ts.mjs'

const { values: args } = parseArgs({ options: { store: { type: 'string' }, worst: { type: 'boolean' } } })
const started = performance.now()
const lib = await importTs(
  {
    'scripts/lib/geodata-memory.ts': ['memoryGeodata'],
    'research/lib/corner-check.ts': '*',
    'research/lib/intersection-truth.ts': ['validateTruth'],
    'src/geo/geodata/text.ts': ['distanceKm'],
  },
  { platform: 'node' },
)
const current = readManifest()
const storeDir = args.store ?? ARTEFACT_DIR
const measured = readManifest(storeDir)
const rowsOf = (kind, dir, manifest) =>
  manifest.artefacts.filter((a) => a.kind === kind).flatMap((a) => readArtefact(a, dir).map((fields) => ({ source: a.source, fields })))
const store = lib.memoryGeodata(
  rowsOf('addresses', storeDir, measured).map((r) => r.fields),
  rowsOf('streets', storeDir, measured),
  [],
  rowsOf('corners', storeDir, measured),
)
const held = rowsOf('corner-holdout', ARTEFACT_DIR, current).map((r) => r.fields)
const gazetteer = rowsOf('corners', ARTEFACT_DIR, current).map((r) => r.fields)
const gta = rowsOf('streets', ARTEFACT_DIR, current)
  .filter((r) => r.source === 'gta')
  .map((r) => r.fields)

const truth = lib.heldOutTruth(held)
const hole = lib.heldOutTruth(lib.onHoleRoads(held, gta)).map((r) => ({ ...r, set: 'corners held out, on a hole road' }))
// Every Vancouver corner by its City names: the gazetteer's (names from its display) and the held-out ones.
const all = [
  ...gazetteer.map((f) => [...f[6].toUpperCase().split(' & '), Number(f[8]), Number(f[9])]),
  ...held.map((f) => [f[2], f[3], Number(f[4]), Number(f[5])]),
]
const apart = lib.neverMeet(held, all)
const answers = new Map()
const geocode = (r) => {
  if (!answers.has(r.typed)) answers.set(r.typed, store.geocode(r.typed))
  return answers.get(r.typed)
}
const reports = lib.validateTruth([...truth, ...hole], geocode)

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(0)} %` : '-')
const q = (xs, p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(0) : '-')
console.log(`store ${measured.dataVersion}${args.store ? ` (${storeDir})` : ''}; held-out corners of ${current.dataVersion}\n`)
console.log('| set | city | n | found | all answers: median m | p90 m | within 30 m | intersections: median m | p90 m | accuracyM holds |')
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of reports) {
  const rows = [...truth, ...hole].filter((t) => t.set === r.set && t.city === r.city)
  const every = rows
    .map((t) => {
      const res = geocode(t)
      return res ? lib.distanceKm(res.lat, res.lng, t.points[0][0], t.points[0][1]) * 1000 : Infinity
    })
    .sort((a, b) => a - b)
  const within = every.filter((m) => m <= 30).length
  console.log(
    `| ${r.set} | ${r.city} | ${r.n} | ${pct(r.found, r.n)} | ${q(every, 0.5)} | ${q(every, 0.9)} | ${pct(within, r.n)} | ` +
      `${q(r.errors, 0.5)} | ${q(r.errors, 0.9)} | ${pct(r.holds, r.found)} |`,
  )
}
const gridded = reports.filter((r) => r.gridErrors.length)
if (gridded.length) {
  console.log('\nPlaced on the numbered grid (`interpolated`: a numbered street without a line there, src/geo/geocode/grid-crossing.ts):')
  console.log('| set | city | n | median m | p90 m | accuracyM holds |\n|---|---|---:|---:|---:|---:|')
  for (const r of gridded)
    console.log(
      `| ${r.set} | ${r.city} | ${r.gridErrors.length} | ${q(r.gridErrors, 0.5)} | ${q(r.gridErrors, 0.9)} | ` +
        `${pct(r.gridHolds, r.gridErrors.length)} |`,
    )
}
const claimed = apart.filter((t) => geocode(t)?.precision === 'intersection')
console.log(
  `\nVancouver pairs that never meet (the City lists no corner of them): ${claimed.length} of ${apart.length} answered as an intersection`,
)
for (const t of claimed.slice(0, 10)) console.log(`  ${t.typed}`)
const gridPlaced = apart.filter((t) => geocode(t)?.precision === 'interpolated')
console.log(`  and ${gridPlaced.length} placed on the numbered grid (\`interpolated\`, warning INTERSECTION_NOT_FOUND)`)
const shown = (w) => `  ${w.m === Infinity ? w.precision : `${w.m.toFixed(0)} m`}  ${w.typed}`
if (args.worst) for (const r of reports) console.log(`\n${r.set} ${r.city} worst:\n${r.worst.map(shown).join('\n')}`)
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`)
