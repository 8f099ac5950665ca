#!/usr/bin/env node
// `npm run build:geodata`: builds the compact, committed geodata under src/geo/data/ by running the
// steps in scripts/geodata/*.mjs. All steps read the open-data pack in ../shared/data (or
// SHARED_DATA_DIR); the measured-data steps write binary artefacts plus manifest.json (source SHA-256,
// rows read and written, output sizes), the FSA/places step its generated modules and sources.json, then
// the point indexes over them (scripts/build-point-indexes.mjs).
// Deterministic: the same inputs give byte-identical files.
//   node scripts/build-geodata.mjs [--out <dir>] [--only fsa-places,census,stops,...,speed-zones,road-mask,parks,pois]
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sharedDataDir } from './geodata/lib.mjs'
import { dataVersionOf } from './lib/geodata-artefacts.mjs'
import { FSA_PLACES_SOURCES, buildFsaPlaces } from './geodata/fsa-places.mjs'
import { CENSUS_SOURCES, buildCensus } from './geodata/census.mjs'
import { STOPS_SOURCES, buildStops } from './geodata/stops.mjs'
import { TRACTS_SOURCES, buildTracts } from './geodata/tracts.mjs'
import { TRAFFIC_SOURCES, buildTraffic } from './geodata/traffic.mjs'
import { SPEED_ZONES_SOURCES, buildSpeedZones } from './geodata/speed-zones.mjs'
import { ROAD_MASK_SOURCES, buildRoadMask } from './geodata/road-mask.mjs'
import { PARKS_SOURCES, buildParks } from './geodata/parks.mjs'
import { POIS_SOURCES, buildPois } from './geodata/pois.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const { values: args } = parseArgs({ options: { out: { type: 'string' }, only: { type: 'string' } } })
const outDir = resolve(args.out ?? join(root, 'src/geo/data'))
const dataDir = sharedDataDir(root)

const MEASURED_STEPS = {
  census: { build: buildCensus, sources: CENSUS_SOURCES },
  stops: { build: buildStops, sources: STOPS_SOURCES },
  tracts: { build: buildTracts, sources: TRACTS_SOURCES },
  traffic: { build: buildTraffic, sources: TRAFFIC_SOURCES },
  'speed-zones': { build: buildSpeedZones, sources: SPEED_ZONES_SOURCES },
  'road-mask': { build: buildRoadMask, sources: ROAD_MASK_SOURCES },
  parks: { build: buildParks, sources: PARKS_SOURCES },
  pois: { build: buildPois, sources: POIS_SOURCES },
}
const only = args.only ? new Set(args.only.split(',')) : undefined
const runs = (step) => !only || only.has(step)
const unknown = [...(only ?? [])].filter((s) => s !== 'fsa-places' && !MEASURED_STEPS[s])
if (unknown.length > 0) {
  console.error(`build:geodata: unknown step(s) ${unknown.join(', ')}; steps are fsa-places, ${Object.keys(MEASURED_STEPS).join(', ')}`)
  process.exit(2)
}
const needed = [
  ...(runs('fsa-places') ? FSA_PLACES_SOURCES : []),
  ...Object.entries(MEASURED_STEPS).flatMap(([name, s]) => (runs(name) ? s.sources : [])),
]
const missing = [...new Set(needed)].filter((f) => !existsSync(join(dataDir, f)))
if (missing.length > 0) {
  console.error(
    `build:geodata needs the open-data pack: missing ${missing.map((f) => join(dataDir, f)).join(', ')}. ` +
      `Put it at ../shared/data or set SHARED_DATA_DIR; the committed artefacts in src/geo/data/ ` +
      `were left unchanged.`,
  )
  process.exit(1)
}
mkdirSync(outDir, { recursive: true })

if (runs('fsa-places')) {
  const { fsaRows, placeRows } = buildFsaPlaces({ root, outDir, dataDir })
  console.log(`fsa-places: ${fsaRows} FSAs, ${placeRows} places`)
  // The store's point indexes over the FSAs and places are built here, not at cold start (point-indexes.ts).
  if (outDir === join(root, 'src/geo/data')) {
    const step = spawnSync(process.execPath, [join(root, 'scripts/build-point-indexes.mjs')], { cwd: root, stdio: 'inherit' })
    if (step.status !== 0) process.exit(step.status ?? 1)
  }
}

const manifest = { generatedBy: 'scripts/build-geodata.mjs', dataPack: '../shared/data (see docs/data-pipeline.md)', steps: [] }
for (const [name, { build }] of Object.entries(MEASURED_STEPS)) {
  if (!runs(name)) continue
  const stepManifest = { step: name, sources: [], outputs: [], notes: {} }
  const started = performance.now()
  const { files, notes } = build({ dataDir, manifest: stepManifest })
  for (const file of files) {
    writeFileSync(join(outDir, file.name), file.bytes)
    const sha256 = createHash('sha256').update(file.bytes).digest('hex')
    stepManifest.outputs.push({ file: file.name, rowsWritten: file.rows, bytes: file.bytes.length, sha256 })
  }
  stepManifest.notes = notes
  manifest.steps.push(stepManifest)
  const summary = files.map((f) => `${f.name} ${f.rows} rows ${(f.bytes.length / 1024).toFixed(0)} KiB`).join(', ')
  console.log(`${name}: ${summary} (${Math.round(performance.now() - started)} ms)`)
}
// The bundled data's version: derived from every output's SHA-256 (scores carry it as `dataVersion`).
manifest.dataVersion = dataVersionOf(
  1,
  manifest.steps.flatMap((step) => step.outputs),
)
if (!only) writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
