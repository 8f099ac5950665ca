#!/usr/bin/env node
// `npm run validate:road-mask`: how often the road mask (scripts/geodata/road-mask.mjs) calls a real
// road "no road nearby" (no evidence cell within 2 cells, as src/geo/signals/features.ts), measured on roads
// the mask was not built from: Ottawa RNF segment mid-points with the RNF left out, Edmonton count
// sites with the Edmonton counts left out; and which lake points it flags (docs/methodology.md §2.5).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gridKey, quantise } from '../scripts/geodata/lib.mjs'
import { roadMaskCells } from '../scripts/geodata/road-mask.mjs'
import { dataDir, hasData, readCsv } from './validation/common.mjs'

if (!hasData()) {
  console.log(`validate:road-mask needs the raw data in ${dataDir}; skipped.`)
  process.exit(0)
}
const NO_ROAD_CELLS = 3
const ring = (cells, lat, lng) => {
  const key = gridKey(quantise(lat), quantise(lng), 500, 1e5)
  for (let k = 0; k <= NO_ROAD_CELLS; k++)
    for (let dr = -k; dr <= k; dr++)
      for (let dc = -k; dc <= k; dc++) if (Math.max(Math.abs(dr), Math.abs(dc)) === k && cells.has(key + dr * 65536 + dc)) return k
  return NO_ROAD_CELLS + 1
}
const maskWithout = (path) => roadMaskCells({ dataDir, manifest: { sources: [] }, skip: new Set([path]) }).cells
const flagged = (cells, points) => points.filter(([lat, lng]) => ring(cells, lat, lng) > NO_ROAD_CELLS).length

const ottawa = []
for (const line of readFileSync(join(dataDir, 'ottawa/roads-rnf-2021.geojsonl'), 'utf8').split('\n')) {
  if (!line) continue
  const c = JSON.parse(line).geometry.coordinates
  const [lng, lat] = c[c.length >> 1]
  ottawa.push([lat, lng])
}
const edmonton = readCsv('edmonton/aawdt.csv')
  .filter((r) => r.year === '2019')
  .map((r) => [Number(r.lat), Number(r.lng)])
for (const [label, path, points] of [
  ['Ottawa RNF segment mid-points', 'ottawa/roads-rnf-2021.geojsonl', ottawa],
  ['Edmonton count sites (2019)', 'edmonton/aawdt.csv', edmonton],
]) {
  const n = flagged(maskWithout(path), points)
  console.log(`${label}, mask built without them: ${n} of ${points.length} (${((100 * n) / points.length).toFixed(1)} %) "no road nearby"`)
}
const all = roadMaskCells({ dataDir, manifest: { sources: [] } }).cells
for (const [name, lat, lng] of [
  ['Lake Ontario, 6 km off Toronto', 43.58, -79.45],
  ['Lake Winnipeg', 52.0, -97.3],
  ['Lac Saint-Louis', 45.405, -73.83],
  ['Lake Simcoe', 44.4, -79.4],
  ['Georgian Bay', 45.0, -80.5],
  ['Toronto Islands (a park: the mask sees its stops and homes)', 43.6205, -79.3785],
])
  console.log(`${name}: ${ring(all, lat, lng) > NO_ROAD_CELLS ? 'no road nearby' : 'road evidence nearby'}`)
