// In-process cost of resolving typed intersections (parse and plan once, then the worker's own resolve on the
// store's answer, warm; no D1 round trip): corners found by crossing lines, past line ends, and placed on the
// numbered grids, on the committed store. Prints the mean of `--runs` per query and the answer's precision.
// Usage: npm run bench:intersections [-- --runs 100]
import { parseArgs } from 'node:util'
import { committedRows } from '../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../scripts/lib/load-ts.mjs'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '100' } } })
const runs = Number(args.runs)
const lib = await importTs(
  {
    'scripts/lib/geodata-memory.ts': ['memoryGeodata'],
    'src/geo/geocode/address-lookup.ts': ['planAddressLookup', 'resolveAddressLookup'],
  },
  { platform: 'node' },
)
const QUERIES = [
  'Yonge St & Eglinton Ave, Toronto',
  'Kennedy Rd & Munham Gt, Toronto, ON',
  'Robson St & Thurlow St, Vancouver, BC',
  'E 10th Av & Renfrew St, Vancouver, BC',
  'Jasper Ave & 109 St, Edmonton',
  '97 Street & 114 Avenue, Edmonton',
  '109 Street & 87 Avenue, Edmonton, AB',
  '17 Ave SW & 14 St SW, Calgary',
]
// The store as the worker has it: address points, street pieces, counts and the Cities' corners.
const store = lib.memoryGeodata(...committedRows(() => true))
console.log(`| query | pieces read | resolve, mean of ${runs} (ms) | precision |\n|---|---:|---:|---|`)
for (const q of QUERIES) {
  const lookup = lib.planAddressLookup(q)
  const answer = store.answer(lookup)
  for (let i = 0; i < 5; i++) lib.resolveAddressLookup(lookup, answer)
  const started = performance.now()
  let result
  for (let i = 0; i < runs; i++) result = lib.resolveAddressLookup(lookup, answer)
  const ms = (performance.now() - started) / runs
  console.log(`| ${q} | ${answer.pieces?.length ?? 0} | ${ms.toFixed(2)} | ${result?.precision ?? 'none'} |`)
}
