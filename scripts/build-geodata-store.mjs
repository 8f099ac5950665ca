#!/usr/bin/env node
// `npm run build:geodata-store`: the geodata store's committed artefacts (docs/geocoding.md, "The
// geodata store"). Reads the open-data pack in ../shared/data (or SHARED_DATA_DIR) and writes, under
// geodata/store/, one gzipped TSV per source and kind (address points, street pieces, held-out
// addresses, counted volumes) and manifest.json (source path, SHA-256, rows; the data version is
// derived from the artefacts' hashes). Deterministic: the same inputs give byte-identical files.
//   node scripts/build-geodata-store.mjs [--only waterloo,yellowknife,vancouver,osm-cities,gta,gta-address-line,ottawa,edmonton,
//     montreal,calgary,edmonton-counts,vancouver-counts,toronto-counts,toronto-signals,vancouver-intersections,gta-hole-line,
//     vancouver-corner-line,edmonton-count-line]
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { parseArgs } from 'node:util'
import { sharedDataDir } from './geodata/lib.mjs'
import { loadTs, repoRoot } from './lib/load-ts.mjs'
import { dataVersionOf, readArtefact, STORE_SUMMARY, writeStoreSummary } from './lib/geodata-artefacts.mjs'

const { values: args } = parseArgs({ options: { only: { type: 'string' } } })
const counts = await import('./lib/geodata-store-counts.mjs')
const build = {
  ...(await loadTs('scripts/lib/geodata-store-build.ts')),
  ...(await loadTs('scripts/lib/geodata-store-streets.ts')),
  ...(await loadTs('scripts/lib/address-line.ts')),
  ...(await loadTs('scripts/lib/city-corners.ts')),
  ...(await loadTs('scripts/lib/count-site-lines.ts')),
}
const format = await loadTs('src/geo/geodata/store-format.ts')
const runsOf = await loadTs('scripts/lib/street-runs.ts')
const dataDir = sharedDataDir(repoRoot)
const outDir = join(repoRoot, format.STORE_ARTEFACT_DIR)
mkdirSync(outDir, { recursive: true })

const ADDRESS_LICENCE = 'Open Government Licence – Canada'
const OSM = '© OpenStreetMap contributors, ODbL 1.0'
const TORONTO = 'Open Government Licence – Toronto'
const VANCOUVER = 'Open Government Licence – Vancouver'
const SIGNALS = 'toronto/signal-counts-8h.csv'
const GTA_FILES = ['addresses/osm-canada-cities.csv', 'toronto/osm-gta-streets.geojsonl', 'toronto/osm-gta-street-names.csv']
/** The positions ("lat lng") of the Edmonton sites in the frozen intersection truth set, kept out of the lines. */
function edmontonTruthPoints() {
  const text = gunzipSync(readFileSync(join(repoRoot, 'geodata/intersections/truth.tsv.gz'))).toString('utf8')
  return new Set(
    text
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((f) => f[0] === 'edmonton')
      .map((f) => f[5]),
  )
}
/** The GTA's address lines and, through the kept signals, its hole lines (scripts/lib/city-corners.ts); the same for both steps. */
let gtaMemo
function gtaLines([g, n, sig], storedOsmPoints) {
  if (gtaMemo) return gtaMemo
  const centrelines = build.gtaStreetRows(g, n).rows
  const address = build.gtaAddressLines(storedOsmPoints(), centrelines, n)
  const hole = build.gtaHoleLines(build.splitHoldout(build.torontoCorners(sig)).kept, centrelines, address.lines, n)
  gtaMemo = { address, hole }
  return gtaMemo
}
const STEPS = {
  waterloo: {
    kind: 'addresses',
    files: ['addresses/oda-waterloo-region.csv'],
    licence: ADDRESS_LICENCE,
    run: ([t]) => build.addressFileRecords(t, 'ON'),
  },
  yellowknife: {
    kind: 'addresses',
    files: ['addresses/oda-nt-yellowknife.csv'],
    licence: ADDRESS_LICENCE,
    run: ([t]) => build.addressFileRecords(t, 'NT'),
  },
  vancouver: {
    kind: 'addresses',
    files: ['addresses/vancouver-property-addresses-subset.csv'],
    licence: 'Open Government Licence – Vancouver',
    run: ([t]) => build.addressFileRecords(t, 'BC'),
  },
  'osm-cities': { kind: 'addresses', files: ['addresses/osm-canada-cities.csv'], licence: OSM, run: ([t]) => build.osmAddressRecords(t) },
  gta: {
    kind: 'streets',
    files: ['toronto/osm-gta-streets.geojsonl', 'toronto/osm-gta-street-names.csv'],
    licence: OSM,
    run: ([g, n]) => build.gtaStreetRows(g, n),
  },
  // The GTA file's hole: lines through the address points of streets it has no centreline for there
  // (the store's OSM points, hold-outs removed; scripts/lib/address-line.ts).
  // Where the City's signals show a street the file has no centreline for, its hole line (next) takes its address lines in.
  'gta-address-line': {
    kind: 'streets',
    files: [...GTA_FILES, SIGNALS],
    licence: OSM,
    run: ([, g, n, sig], storedOsmPoints) => {
      const { address, hole } = gtaLines([g, n, sig], storedOsmPoints)
      const kept = address.lines.filter((l) => !hole.absorbed.has(build.addressLineId(l)))
      return { rows: kept.flatMap((l) => build.pieceRows(l.key, l.name, l.roadClass, l.coords)), features: address.features }
    },
  },
  // The hole roads (Finch Ave W, Danforth Ave, …): lines through the City's signal positions on them and their address lines.
  'gta-hole-line': {
    kind: 'streets',
    files: [SIGNALS, ...GTA_FILES],
    licence: `${TORONTO} (signal positions); ${OSM} (names, classes, address points)`,
    run: ([sig, , g, n], storedOsmPoints) => {
      const { hole } = gtaLines([g, n, sig], storedOsmPoints)
      return { rows: hole.rows, features: hole.streets }
    },
  },
  // Vancouver has no street network in the store: a line through each street's own named intersections.
  'vancouver-corner-line': {
    kind: 'streets',
    files: ['vancouver/street-intersections.csv'],
    licence: VANCOUVER,
    run: ([t]) => {
      const corners = build.splitHoldout(build.vancouverCorners(t)).kept
      return { rows: build.vancouverLineRows(corners), features: corners.length }
    },
  },
  // Edmonton's network holds only its main roads: a line through the City's count sites of each road. The sites
  // of the frozen intersection truth set (geodata/intersections/) and of one spatial block in eight are in no line.
  'edmonton-count-line': {
    kind: 'streets',
    files: ['edmonton/aawdt.csv'],
    licence: 'Open Government Licence – Edmonton',
    run: ([t]) => {
      const { kept, held } = build.splitSites(build.edmontonSites(t, edmontonTruthPoints()))
      return { rows: build.edmontonLineRows(kept), features: kept.length, heldCorners: build.siteHoldoutRows(held) }
    },
  },
  // The Cities' corners as a gazetteer of typed intersections (table street_corners), a spatial block of them held out.
  'toronto-signals': { kind: 'corners', files: [SIGNALS], licence: TORONTO, run: ([t]) => build.splitHoldout(build.torontoCorners(t)) },
  'vancouver-intersections': {
    kind: 'corners',
    files: ['vancouver/street-intersections.csv'],
    licence: VANCOUVER,
    run: ([t]) => build.splitHoldout(build.vancouverCorners(t)),
  },
  ottawa: {
    kind: 'streets',
    files: ['ottawa/roads-rnf-2021.geojsonl'],
    licence: 'Statistics Canada Open Licence (adapted from the 2021 Census Road Network File)',
    run: ([g]) => build.ottawaStreetRows(g),
  },
  // Main roads only (motorway, trunk, primary): elsewhere in Edmonton a street is unknown, not local.
  edmonton: {
    kind: 'streets',
    files: ['osm-networks/edmonton-major-roads.geojsonl'],
    licence: OSM,
    run: ([g]) => build.edmontonStreetRows(g),
  },
  montreal: { kind: 'streets', files: ['osm-networks/montreal-streets.geojsonl'], licence: OSM, run: ([g]) => build.montrealStreetRows(g) },
  calgary: {
    kind: 'streets',
    files: ['calgary/speed-limits.csv', 'calgary/traffic-volumes-2018.csv'],
    licence: 'Open Government Licence – City of Calgary',
    run: ([s, t]) => build.calgaryStreetRows(s, t),
  },
  // Counted volumes (table count_sites): the sites the traffic fit reads, as measured lookups at score time.
  'edmonton-counts': {
    kind: 'counts',
    file: 'counts-edmonton.tsv.gz',
    files: ['edmonton/aawdt.csv'],
    licence: 'Open Government Licence – Edmonton',
    run: ([t]) => counts.edmontonCountRows(t),
  },
  'vancouver-counts': {
    kind: 'counts',
    file: 'counts-vancouver.tsv.gz',
    files: ['vancouver/tmc-counts.csv'],
    licence: 'Open Government Licence – Vancouver',
    run: ([t]) => counts.vancouverCountRows(t),
  },
  'toronto-counts': {
    kind: 'counts',
    file: 'counts-toronto.tsv.gz',
    files: ['toronto/signal-counts-8h.csv'],
    licence: 'Open Government Licence – Toronto',
    run: ([t]) => counts.torontoCountRows(t),
  },
}

const only = args.only ? new Set(args.only.split(',')) : undefined
const manifestPath = join(outDir, 'manifest.json')
const previous = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : { artefacts: [] }
const artefacts = previous.artefacts.filter((a) => only && !only.has(a.source))

function tsv(columns, rows) {
  return `${columns.join('\t')}\n${rows.map((r) => r.join('\t')).join('\n')}\n`
}
function write(name, text, entry) {
  const bytes = gzipSync(Buffer.from(text), { level: 9 })
  writeFileSync(join(outDir, name), bytes)
  artefacts.push({ ...entry, file: name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
}

// Address sources overlap (OSM and the ODA both list Kitchener): a civic address held out from one is
// removed from all, so validation never finds it through another source. Addresses are built first.
/** @typedef {(texts: string[], storedOsmPoints?: () => any[]) => any} StepRun */
/** @typedef {{ kind: string, file?: string, files: string[], licence: string, run: StepRun }} Step */
/** @type {[string, Step][]} */
const built = []
/** Street steps built, written once every street source's runs are known. */
const pendingStreets = []
for (const [name, step] of Object.entries(STEPS)) {
  if (only && !only.has(name)) continue
  built.push([name, step])
}
const heldKeys = new Set()
const results = new Map()
for (const [name, step] of built) {
  if (step.kind !== 'addresses') continue
  const result = step.run(step.files.map((relative) => readFileSync(join(dataDir, relative), 'utf8')))
  for (const h of result.heldOut) heldKeys.add(h.key)
  results.set(name, result)
}
if (only && [...built].some(([, s]) => s.kind === 'addresses') && built.length < Object.keys(STEPS).length)
  console.warn('⚠ --only: held-out addresses of the sources not rebuilt are not removed from these; rebuild all before committing')

/** The OSM address points the store holds (hold-outs removed), built here when --only left them out. */
function storedOsmPoints() {
  const osm = results.get('osm-cities') ?? STEPS['osm-cities'].run([readFileSync(join(dataDir, STEPS['osm-cities'].files[0]), 'utf8')])
  const held = new Set([...heldKeys, ...osm.heldOut.map((h) => h.key)])
  return osm.records.filter((r) => !held.has(build.recordKey(r)))
}

for (const [name, step] of built) {
  const started = performance.now()
  const sources = step.files.map((relative) => {
    const bytes = readFileSync(join(dataDir, relative))
    return { relative, text: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex') }
  })
  const result =
    results.get(name) ??
    step.run(
      sources.map((s) => s.text),
      storedOsmPoints,
    )
  if (step.kind === 'addresses') result.records = result.records.filter((r) => !heldKeys.has(build.recordKey(r)))
  const from = { source: name, licence: step.licence, sources: sources.map((s) => ({ path: s.relative, sha256: s.sha256 })) }
  if (step.kind === 'addresses') {
    const rows = build
      .sortRecords(result.records)
      .map((r) => [r.cityKey, r.nameKey, r.typeKey, r.dir, r.number, r.suffix, r.latE5, r.lngE5])
    write(`addresses-${name}.tsv.gz`, tsv(format.ADDRESS_COLUMNS, rows), {
      ...from,
      kind: 'addresses',
      rowsRead: result.rows,
      rows: rows.length,
    })
    const held = result.heldOut
      .map((h) => [h.number, h.street, h.city, h.province, h.postcode, h.latE5, h.lngE5])
      .sort((a, b) => (a.join('\t') < b.join('\t') ? -1 : 1))
    write(`holdout-${name}.tsv.gz`, tsv(format.HOLDOUT_COLUMNS, held), {
      ...from,
      kind: 'holdout',
      rowsRead: result.rows,
      rows: held.length,
    })
    console.log(
      `${name}: ${result.rows} rows → ${rows.length} points, ${held.length} held out ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
  } else if (step.kind === 'counts') {
    // The worker reads the extent (src/geo/data/store-summary.json) to skip the count query where no count can be.
    const [lat, lng] = [format.COUNT_COLUMNS.indexOf('lat_e5'), format.COUNT_COLUMNS.indexOf('lng_e5')].map((i) =>
      result.rows.map((r) => Number(r[i])),
    )
    const extent = [Math.min(...lat), Math.min(...lng), Math.max(...lat), Math.max(...lng)]
    write(step.file, tsv(format.COUNT_COLUMNS, result.rows), {
      ...from,
      kind: 'counts',
      rowsRead: result.read,
      rows: result.rows.length,
      extentE5: extent,
    })
    console.log(
      `${name}: ${result.read} counted sites → ${result.rows.length} rows (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
  } else if (step.kind === 'corners') {
    const rows = build.cornerRows(result.kept)
    write(`corners-${name}.tsv.gz`, tsv(format.CORNER_COLUMNS, rows), {
      ...from,
      kind: 'corners',
      rowsRead: result.kept.length + result.held.length,
      rows: rows.length,
    })
    const held = build.holdoutRows(result.held)
    write(`holdout-corners-${name}.tsv.gz`, tsv(format.CORNER_HOLDOUT_COLUMNS, held), {
      ...from,
      kind: 'corner-holdout',
      rowsRead: result.kept.length + result.held.length,
      rows: held.length,
    })
    console.log(`${name}: ${result.kept.length} corners kept → ${rows.length} rows, ${held.length} held out`)
  } else {
    // Written after every street source is built: a street's run joins its pieces across sources (street-runs.ts).
    pendingStreets.push({ name, result, pieces: build.sortPieces(result.rows), from, seconds: (performance.now() - started) / 1000 })
  }
}

// With --only, the street sources not rebuilt still join the runs, read back from their committed artefacts.
{
  const rebuilt = new Set(pendingStreets.map((p) => p.name))
  const kept = artefacts.filter((a) => a.kind === 'streets' && !rebuilt.has(a.source))
  if (only && kept.length) console.warn('⚠ --only: runs of the street sources not rebuilt are not updated; rebuild all before committing')
  const at = (c) => format.STREET_COLUMNS.indexOf(c)
  // Edmonton's count lines run only along counted roads: not a network, so they join no run (their own run is unknown).
  const joinsRuns = (source) => source !== build.EDMONTON_LINE_SOURCE
  const pieces = [
    ...pendingStreets.filter((p) => joinsRuns(p.name)).flatMap((p) => p.pieces),
    ...kept
      .filter((a) => joinsRuns(a.source))
      .flatMap((a) =>
        readArtefact(a, outDir).map((f) => ({ nameKey: f[at('name_key')], typeKey: f[at('type_key')], line: f[at('line')] })),
      ),
  ]
  const runs = runsOf.streetRuns(pieces)
  for (const [i, p] of pieces.entries()) p.runM = runs[i]
}
for (const { name, result, pieces, from, seconds } of pendingStreets) {
  const rows = pieces.map(build.pieceFields)
  // The worker reads the extent (src/geo/data/store-summary.json): inside it, no street for a kilometre is water or parkland.
  const at = (c) => format.STREET_COLUMNS.indexOf(c)
  const extent = rows.reduce(
    ([a, b, c, d], r) => [
      Math.min(a, r[at('min_lat_e5')]),
      Math.min(b, r[at('min_lng_e5')]),
      Math.max(c, r[at('max_lat_e5')]),
      Math.max(d, r[at('max_lng_e5')]),
    ],
    [Infinity, Infinity, -Infinity, -Infinity],
  )
  write(`streets-${name}.tsv.gz`, tsv(format.STREET_COLUMNS, rows), {
    ...from,
    kind: 'streets',
    rowsRead: result.features,
    rows: rows.length,
    extentE5: extent,
  })
  console.log(`${name}: ${result.features} features → ${rows.length} street pieces (${seconds.toFixed(1)} s)`)
  // Lines drawn through a City's sites hold a block of them out (count-site-lines.ts), typed by validate:corners.
  if (result.heldCorners) {
    write(`holdout-corners-${name}.tsv.gz`, tsv(format.CORNER_HOLDOUT_COLUMNS, result.heldCorners), {
      ...from,
      kind: 'corner-holdout',
      rowsRead: result.features + result.heldCorners.length,
      rows: result.heldCorners.length,
    })
    console.log(`${name}: ${result.heldCorners.length} sites held out`)
  }
}

artefacts.sort((a, b) => (a.file < b.file ? -1 : 1))
const manifest = {
  formatVersion: format.STORE_FORMAT_VERSION,
  dataVersion: dataVersionOf(format.STORE_FORMAT_VERSION, artefacts),
  artefacts,
}
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
writeStoreSummary(manifest)
const total = artefacts.reduce((s, a) => s + a.bytes, 0)
const summary = `${artefacts.length} artefacts, ${(total / 1e6).toFixed(1)} MB, data version ${manifest.dataVersion}`
console.log(`✔ ${summary} (${manifestPath}, ${STORE_SUMMARY})`)
