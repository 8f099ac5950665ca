#!/usr/bin/env node
// npm run build:point-indexes [-- --check]: the geo store's KDBush point indexes (urban FSAs, populated places,
// rapid-transit stations; src/geo/geodata/point-indexes.ts), built here once instead of at every cold start,
// into src/geo/data/point-indexes.bin (magic KDBI, formats.json), with point-indexes.manifest.json (inputs and
// their SHA-256, items per index, output size and SHA-256). Needs no ../shared: the inputs are the committed
// generated tables (fsa.generated.ts and places.generated.ts from `npm run build:geodata`, stations.generated.ts
// from `npm run build:curated`), which both builds follow with this step. The points and the index code are the
// worker's own (store.ts pointIndexItems, point-indexes.ts buildPointIndex): same input → byte-identical output.
// `--check`: exit 1 when the committed artefact or manifest differs from what the tables give.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import FORMATS from '../src/geo/data/formats.json' with { type: 'json' }
import { BinaryWriter } from './geodata/lib.mjs'
import { cliArgs } from './lib/cli.mjs'
import { loadSrc, repoRoot } from './lib/load-ts.mjs'

const { values: args } = cliArgs({ check: { type: 'boolean' } }, { usage: 'npm run build:point-indexes [-- --check]' })
const DATA = join(repoRoot, 'src/geo/data')
const INPUTS = ['fsa.generated.ts', 'places.generated.ts', 'stations.generated.ts']
const OUT = 'point-indexes.bin'
const MANIFEST = 'point-indexes.manifest.json'

const { POINT_INDEXES, buildPointIndex, pointIndexItems } = await loadSrc({
  'geo/geodata/point-indexes.ts': ['POINT_INDEXES', 'buildPointIndex'],
  'geo/geodata/store.ts': ['pointIndexItems'],
})
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex')
const items = pointIndexItems()
const writer = new BinaryWriter(FORMATS.pointIndexes.magic, FORMATS.pointIndexes.version)
const counts = {}
for (const name of POINT_INDEXES) {
  const bytes = new Uint8Array(buildPointIndex(items[name]).data)
  writer.uvarint(bytes.length)
  for (const b of bytes) writer.byte(b)
  counts[name] = items[name].length
}
const bin = writer.finish()
const kdbush = JSON.parse(readFileSync(join(repoRoot, 'node_modules/kdbush/package.json'), 'utf8')).version
const manifest = {
  generatedBy: 'scripts/build-point-indexes.mjs',
  index: `kdbush ${kdbush}, node size 64, Float64 coordinates (x = lng, y = lat)`,
  inputs: INPUTS.map((file) => ({ file, sha256: sha256(readFileSync(join(DATA, file))) })),
  items: counts,
  output: { file: OUT, bytes: bin.length, sha256: sha256(bin) },
}
const outputs = { [OUT]: bin, [MANIFEST]: `${JSON.stringify(manifest, null, 2)}\n` }
let stale = 0
for (const [file, content] of Object.entries(outputs)) {
  const path = join(DATA, file)
  if (!args.check) writeFileSync(path, content)
  else {
    let current = Buffer.alloc(0)
    try {
      current = readFileSync(path)
    } catch {}
    if (!current.equals(Buffer.from(content))) {
      stale++
      console.error(`✖ src/geo/data/${file} differs from what the tables give: run npm run build:point-indexes`)
    }
  }
}
if (stale) process.exit(1)
const what = POINT_INDEXES.map((n) => `${n} ${counts[n]}`).join(', ')
console.log(`✔ src/geo/data/${OUT} (${what}; ${(bin.length / 1024).toFixed(0)} KiB) ${args.check ? 'matches' : 'written from'} the tables`)
