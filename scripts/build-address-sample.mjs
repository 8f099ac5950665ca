#!/usr/bin/env node
// Builds the development address sample that `npm run dev` loads (scripts/data/addresses-waterloo-uptown.csv):
// the de-duplicated civic addresses within 1.2 km of King St & Erb St, Uptown Waterloo, ON, from the
// Statistics Canada ODA extract for the Region of Waterloo, with a manifest (source, SHA-256, rows).
//   node scripts/build-address-sample.mjs [path/to/oda-waterloo-region.csv]
import { createHash } from 'node:crypto'
import { cliArgs } from './lib/cli.mjs'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadTs, repoRoot } from './lib/load-ts.mjs'

const CENTRE = { lat: 43.465, lng: -80.5225 }
const RADIUS_M = 1200
const { positionals } = cliArgs({}, { positionals: true, usage: 'node scripts/build-address-sample.mjs [path/to/oda-waterloo-region.csv]' })
const source = positionals[0] ?? join(process.env.SHARED_DATA_DIR ?? join(repoRoot, '../shared/data'), 'addresses/oda-waterloo-region.csv')
const out = join(repoRoot, 'scripts/data/addresses-waterloo-uptown.csv')

const bytes = readFileSync(source)
const lib = await loadTs('scripts/lib/address-import.ts')
const { records } = lib.dedupe(lib.parseAddressFile(bytes.toString('utf8')).records)
const { distanceM } = await loadTs('src/geo/geodata/geodesy.ts')
const metres = (r) => distanceM(CENTRE.lat, CENTRE.lng, r.latE5 / 1e5, r.lngE5 / 1e5)
const sample = records
  .filter((r) => metres(r) <= RADIUS_M)
  .map((r) => [`${r.number}${r.suffix}`, r.street, r.city, (r.latE5 / 1e5).toFixed(5), (r.lngE5 / 1e5).toFixed(5)])
  .sort((a, b) => a[1].localeCompare(b[1]) || parseInt(a[0], 10) - parseInt(b[0], 10) || a[0].localeCompare(b[0]))
const csv = `${['street_no,street,city,lat,lng', ...sample.map((f) => f.join(','))].join('\n')}\n`
writeFileSync(out, csv)
writeFileSync(
  out.replace(/\.csv$/, '.manifest.json'),
  `${JSON.stringify(
    {
      generatedBy: 'scripts/build-address-sample.mjs',
      area: `civic addresses within ${RADIUS_M} m of King St & Erb St, Uptown Waterloo, ON (${CENTRE.lat}, ${CENTRE.lng})`,
      source: {
        file: 'oda-waterloo-region.csv',
        origin: 'Statistics Canada Open Database of Addresses v1, Region of Waterloo extract',
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
      licence: 'Open Government Licence – Canada. Contains information licensed under the Open Government Licence – Canada.',
      rows: sample.length,
      sha256: createHash('sha256').update(csv).digest('hex'),
    },
    null,
    2,
  )}\n`,
)
console.log(`${out}: ${sample.length} addresses`)
