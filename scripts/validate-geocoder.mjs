#!/usr/bin/env node
// npm run validate:geocoder [-- <file.csv>]  (default: ../shared/data/addresses/oda-waterloo-region.csv)
// Hides a deterministic 2 % of the civic addresses from the store, geocodes each as a user types it
// ("123 King St N, Waterloo, ON") and prints the error in metres and the share by precision.
// Targets: interpolated median ≤ 25 m and p90 ≤ 100 m; ≥ 97 % found at address/interpolated.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadTs, repoRoot } from './lib/load-ts.mjs'

const file = process.argv[2] ?? join(process.env.SHARED_DATA_DIR ?? join(repoRoot, '../shared/data'), 'addresses/oda-waterloo-region.csv')
if (!existsSync(file)) {
  console.error(`✖ ${file} not found (give an address CSV, or set SHARED_DATA_DIR)`)
  process.exit(2)
}
const { validate, percentile } = await loadTs('scripts/lib/validate-geocoder.ts')
const started = performance.now()
const report = validate(readFileSync(file, 'utf8'))
const pct = (n) => `${((100 * n) / report.hidden).toFixed(1)} %`
console.log(`${file}: ${report.total} civic addresses after de-duplication, ${report.hidden} hidden (2 %) and geocoded`)
console.log('precision      share     median m   p90 m')
for (const [precision, n] of Object.entries(report.byPrecision).sort((a, b) => b[1] - a[1])) {
  const e = (report.errors[precision] ?? []).sort((a, b) => a - b)
  console.log(
    `${precision.padEnd(14)} ${pct(n).padStart(7)}  ${e.length ? percentile(e, 0.5).toFixed(1).padStart(9) : '        -'} ` +
      ` ${e.length ? percentile(e, 0.9).toFixed(1).padStart(7) : '      -'}`,
  )
}
const found = (report.byPrecision.address ?? 0) + (report.byPrecision.interpolated ?? 0)
const interp = (report.errors.interpolated ?? []).sort((a, b) => a - b)
const checks = [
  [`found at address/interpolated ${pct(found)} ≥ 97 %`, found / report.hidden >= 0.97],
  [`interpolated median ${percentile(interp, 0.5).toFixed(1)} m ≤ 25 m`, percentile(interp, 0.5) <= 25],
  [`interpolated p90 ${percentile(interp, 0.9).toFixed(1)} m ≤ 100 m`, percentile(interp, 0.9) <= 100],
]
for (const [label, ok] of checks) console.log(`${ok ? '✔' : '✖'} ${label}`)
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`)
process.exit(checks.every(([, ok]) => ok) ? 0 : 1)
