#!/usr/bin/env node
// `npm run build:geodata`: builds the compact, committed geodata under src/geo/data/ by running the
// steps in scripts/geodata/*.mjs. Measured-data steps read the open-data pack in ../shared/data
// (or SHARED_DATA_DIR) and write binary artefacts plus manifest.json (source SHA-256, rows read and
// written, output sizes). Deterministic: the same inputs give byte-identical files.
//   node scripts/build-geodata.mjs [--out <dir>] [--only census,stops,...]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sharedDataDir } from './geodata/lib.mjs'
import { buildFsaPlaces } from './geodata/fsa-places.mjs'
import { buildCensus } from './geodata/census.mjs'
import { buildStops } from './geodata/stops.mjs'
import { buildTracts } from './geodata/tracts.mjs'
import { buildTraffic } from './geodata/traffic.mjs'
import { buildRoads } from './geodata/roads.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values: args } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' } } })
const outDir = resolve(args.out ?? join(root, 'src/geo/data'))
const dataDir = sharedDataDir(root)

const MEASURED_STEPS = { census: buildCensus, stops: buildStops, tracts: buildTracts, traffic: buildTraffic, roads: buildRoads }
const only = args.only ? new Set(args.only.split(',')) : undefined
const unknown = [...(only ?? [])].filter((s) => s !== 'fsa-places' && !MEASURED_STEPS[s])
if (unknown.length > 0) {
  console.error(`build:geodata: unknown step(s) ${unknown.join(', ')}; steps are fsa-places, ${Object.keys(MEASURED_STEPS).join(', ')}`)
  process.exit(2)
}
if (!existsSync(join(dataDir, 'README.md'))) {
  console.error(`build:geodata: the open-data pack is missing (looked in ${dataDir}). Put it at ../shared/data or set SHARED_DATA_DIR; the committed artefacts in src/geo/data/ are unchanged.`)
  process.exit(1)
}
mkdirSync(outDir, { recursive: true })

if (!only || only.has('fsa-places')) {
  const { fsaRows, placeRows } = buildFsaPlaces({ root, outDir })
  console.log(`fsa-places: ${fsaRows} FSAs, ${placeRows} places`)
}

const manifest = { generatedBy: 'scripts/build-geodata.mjs', dataPack: '../shared/data (see docs/data-pipeline.md)', steps: [] }
for (const [name, build] of Object.entries(MEASURED_STEPS)) {
  if (only && !only.has(name)) continue
  const stepManifest = { step: name, sources: [], outputs: [], notes: {} }
  const started = performance.now()
  const { files, notes } = build({ dataDir, manifest: stepManifest })
  for (const file of files) {
    writeFileSync(join(outDir, file.name), file.bytes)
    stepManifest.outputs.push({ file: file.name, rowsWritten: file.rows, bytes: file.bytes.length })
  }
  stepManifest.notes = notes
  manifest.steps.push(stepManifest)
  const summary = files.map((f) => `${f.name} ${f.rows} rows ${(f.bytes.length / 1024).toFixed(0)} KiB`).join(', ')
  console.log(`${name}: ${summary} (${Math.round(performance.now() - started)} ms)`)
}
if (!only) writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
