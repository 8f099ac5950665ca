#!/usr/bin/env node
// npm run validate:geocoder [-- --min 100]: geocodes every held-out address of the committed geodata
// store (geodata/store/holdout-*.tsv.gz, chosen by hash in the build before any tuning, never loaded)
// against the rest of the store, with the worker's own code, and prints per city: median and p90 error,
// the share at each precision and how often the true point lies within accuracyM. Needs no ../shared.
// Goals (issue 21): where a city has address points, median ≤ 30 m, p90 ≤ 150 m, ≥ 90 % address or
// interpolated; accuracyM holding for ≥ 90 % of the results of each precision.
import { parseArgs } from 'node:util'
import { committedRows, readArtefact, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { loadTs } from '../scripts/lib/load-ts.mjs'

const { values: args } = parseArgs({ options: { min: { type: 'string' } } })
const started = performance.now()
const { memoryGeodata } = await loadTs('scripts/lib/geodata-memory.ts')
const { validateHoldout, percentile } = await loadTs('research/lib/validate-store.ts')
const manifest = readManifest()
const of = (kind) => manifest.artefacts.filter((a) => a.kind === kind)
const store = memoryGeodata(...committedRows())
const held = of('holdout').flatMap((a) =>
  readArtefact(a).map(([number, street, city, province, postcode, lat, lng]) => ({
    number,
    street,
    city,
    province,
    postcode,
    latE5: Number(lat),
    lngE5: Number(lng),
  })),
)
const reports = validateHoldout(held, (text) => store.geocode(text), Number(args.min ?? 100))
const PRECISIONS = ['address', 'interpolated', 'street', 'intersection', 'postal_code', 'city', 'not found']
const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(0)} %` : '-')
console.log(`geodata ${manifest.dataVersion}: ${held.length} held-out addresses\n`)
console.log(`| city | n | median m | p90 m | ${PRECISIONS.map((p) => p.replace('_code', '')).join(' | ')} | accuracyM holds |`)
console.log(`|---|---:|---:|---:|${PRECISIONS.map(() => '---:').join('|')}|---|`)
const holdsAll = {}
const countAll = {}
let failures = 0
for (const r of reports) {
  const holds = Object.entries(r.byPrecision)
    .filter(([p]) => p !== 'not found')
    .map(([p, n]) => {
      holdsAll[p] = (holdsAll[p] ?? 0) + (r.holds[p] ?? 0)
      countAll[p] = (countAll[p] ?? 0) + n
      return `${p.slice(0, 6)} ${pct(r.holds[p] ?? 0, n)} of ${n}`
    })
    .join(', ')
  const exact = (r.byPrecision.address ?? 0) + (r.byPrecision.interpolated ?? 0)
  const ok = percentile(r.errors, 0.5) <= 30 && percentile(r.errors, 0.9) <= 150 && exact / r.n >= 0.9
  if (!ok) failures++
  console.log(
    `| ${ok ? '' : '✖ '}${r.city} | ${r.n} | ${percentile(r.errors, 0.5).toFixed(1)} | ${percentile(r.errors, 0.9).toFixed(0)} | ` +
      `${PRECISIONS.map((p) => pct(r.byPrecision[p] ?? 0, r.n)).join(' | ')} | ${holds} |`,
  )
}
console.log('\naccuracyM holds, all cities:')
for (const p of Object.keys(countAll)) console.log(`  ${p.padEnd(13)} ${pct(holdsAll[p], countAll[p]).padStart(5)} of ${countAll[p]}`)
const verdict = failures ? `✖ ${failures} of ${reports.length} groups miss a goal` : '✔ every group meets the goals'
console.log(`\n${verdict} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
