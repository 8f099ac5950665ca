// In-process cost of resolving typed intersections (parse and plan once, then the worker's own resolve on the
// store's answer, warm; no D1 round trip): corners found by crossing lines, past line ends, and placed on the
// numbered grids (a second answer with the grid's other names where the first misses, as the worker), on the
// committed store. Prints the pieces read (first + second answer), the mean of `--runs` and the precision.
// Usage: npm run bench:intersections [-- --runs 100]
import { parseArgs } from 'node:util'
import { committedRows } from '../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../scripts/lib/load-ts.mjs'

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '100' } } })
const runs = Number(args.runs)
const lib = await importTs(
  {
    'scripts/lib/geodata-memory.ts': ['memoryGeodata'],
    'src/geo/geocode/address-lookup.ts': ['gridPieceNameKeys', 'planAddressLookup', 'resolveAddressLookup'],
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
  // As services/geocoder.ts: a numbered grid's other names in a second answer, where the first misses.
  const grid = lib.gridPieceNameKeys(lookup, lib.resolveAddressLookup(lookup, answer))
  const more = grid.length ? await store.store.streets.named(grid, lookup.near) : []
  const second = more.length ? { ...answer, pieces: [...answer.pieces, ...more] } : undefined
  const resolve = () => {
    const first = lib.resolveAddressLookup(lookup, answer)
    return second ? lib.resolveAddressLookup(lookup, second) : first
  }
  for (let i = 0; i < 5; i++) resolve()
  const started = performance.now()
  let result
  for (let i = 0; i < runs; i++) result = resolve()
  const ms = (performance.now() - started) / runs
  const pieces = `${answer.pieces?.length ?? 0}${more.length ? ` + ${more.length}` : ''}`
  console.log(`| ${q} | ${pieces} | ${ms.toFixed(2)} | ${result?.precision ?? 'none'} |`)
}
