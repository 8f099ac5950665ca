#!/usr/bin/env node
// `npm run build:percentiles`: the score distribution behind every result's `percentiles` (docs/methodology.md
// §9). Samples points along the streets of each CMA whose whole street network the geodata store holds
// (geodata/store/, committed: no ../shared/data needed), scores each with the engine as POST /score scores
// coordinates (the street, counts and streets in sight from the store, as bench/score-fingerprint.mjs), and
// writes each sample's seven factor scores (tenths, uint16) to src/geo/data/percentiles.generated.ts with
// percentiles.manifest.json (sources and their SHA-256, rows, sample sizes, stated error).
// It also writes the default weights' percentage tables (computed by the engine's profileTables), read on a cold start.
// Deterministic: systematic sampling along the pieces from a seeded start; same store + engine → same bytes.
// The engine it scores with imports the previous artefact; after a change of the artefact's format, start from a
// stub with `cmas: []` (no percentiles computed while sampling: they do not change a factor score).
//   node scripts/build-percentiles.mjs [--cap 1000] [--out-dir src/geo/data]
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import polyline from '@mapbox/polyline'
import { cliArgs } from './lib/cli.mjs'
import { committedRows, readArtefact, readManifest } from './lib/geodata-artefacts.mjs'
import { importTs, loadSrc, repoRoot } from './lib/load-ts.mjs'
import { seededRandom } from './lib/seeded-random.mjs'

const { values: args } = cliArgs(
  { cap: { type: 'string', default: '1000' }, 'out-dir': { type: 'string', default: join(repoRoot, 'src/geo/data') } },
  { usage: 'npm run build:percentiles [-- --cap 1000 --out-dir DIR]' },
)
const CAP = Number(args.cap)
const SEED = 34
/** Never closer than this along a street: below it neighbouring samples score alike and add nothing. */
const MIN_SPACING_M = 20
/**
 * The CMAs whose whole street network (every road class) the store holds, and where: the distribution of a CMA
 * sampled on its main roads only (Calgary, Edmonton: speed-zone, counted and major-road pieces) would rank a main
 * road against main roads, so those are left out (the warning says so). `covers` is said in the docs.
 */
const COVERED = [
  {
    cma: 'Toronto',
    streets: ['gta', 'gta-hole-line', 'gta-address-line'],
    covers: 'OSM named streets of the GTA cities in the CMA (Toronto, Mississauga, Brampton, Vaughan, Markham, …)',
  },
  { cma: 'Montréal', streets: ['montreal'], covers: 'OSM drive network of five central boroughs' },
  { cma: 'Vancouver', streets: ['vancouver-corner-line'], covers: "City of Vancouver: lines through each street's intersections" },
  { cma: 'Ottawa - Gatineau', streets: ['ottawa'], covers: 'Road Network File 2021, City of Ottawa (not Gatineau)' },
  { cma: 'Kitchener - Cambridge - Waterloo', addresses: ['waterloo'], covers: 'ODA address points of Waterloo Region' },
]
const NOT_COVERED = { Calgary: 'main roads only', Edmonton: 'main roads only' }

const m = await loadSrc({
  'geo/geodata/index.ts': ['cmaAt', 'geoStore', 'DATA_VERSION', 'METRES_PER_DEGREE_LAT', 'metresPerDegreeLng'],
  'scoring/index.ts': ['buildScoreResult', 'DEFAULT_WEIGHTS', 'FACTOR_KEYS', 'METHODOLOGY_VERSION', 'profileTables'],
})
const s = await importTs({ 'scripts/lib/geodata-memory.ts': ['memoryGeodata'] }, { platform: 'node' })
const manifest = readManifest()
const store = s.memoryGeodata(...committedRows())

/** As services/scoring.ts scores coordinates (and bench/score-fingerprint.mjs): street, counts and streets in sight from the store. */
async function scoreAt(lat, lng) {
  return m.buildScoreResult({ ...(await store.atCoordinates(lat, lng)), address: 'sample' })
}

const round6 = (x) => Math.round(x * 1e6) / 1e6

/** Segments of the pieces whose midpoint is in the CMA, with their lengths in metres, in file order. */
function segmentsIn(cma, entries) {
  const segs = []
  for (const entry of entries)
    for (const row of readArtefact(entry)) {
      const pts = polyline.decode(row[10], 5)
      for (let i = 1; i < pts.length; i++) {
        const [la0, ln0] = pts[i - 1]
        const [la1, ln1] = pts[i]
        const kx = m.metresPerDegreeLng((la0 + la1) / 2)
        const len = Math.hypot((la1 - la0) * m.METRES_PER_DEGREE_LAT, (ln1 - ln0) * kx)
        if (len > 0 && m.cmaAt((la0 + la1) / 2, (ln0 + ln1) / 2)?.name === cma) segs.push([la0, ln0, la1, ln1, len])
      }
    }
  return segs
}

/** Systematic sample: a point every `spacing` m along the segments, from a seeded start. */
function alongSegments(segs, rand) {
  const total = segs.reduce((t, g) => t + g[4], 0)
  const spacing = Math.max(MIN_SPACING_M, total / CAP)
  const points = []
  let next = rand() * spacing
  let at = 0
  for (const [la0, ln0, la1, ln1, len] of segs) {
    while (next < at + len && points.length < CAP) {
      const t = (next - at) / len
      points.push([round6(la0 + (la1 - la0) * t), round6(ln0 + (ln1 - ln0) * t)])
      next += spacing
    }
    at += len
  }
  return { points, centrelineKm: Math.round(total / 1000), spacingM: Math.round(spacing) }
}

/** Address points in the CMA, every k-th from a seeded start: each stands for one property's frontage. */
function alongAddresses(cma, entries, rand) {
  const inCma = []
  for (const entry of entries)
    for (const row of readArtefact(entry)) {
      const lat = Number(row[6]) / 1e5
      const lng = Number(row[7]) / 1e5
      if (m.cmaAt(lat, lng)?.name === cma) inCma.push([lat, lng])
    }
  const step = Math.max(1, inCma.length / CAP)
  const points = []
  for (let i = rand() * step; i < inCma.length && points.length < CAP; i += step) points.push(inCma[Math.floor(i)])
  return { points, addressPoints: inCma.length }
}

const byKey = (kind, names) => manifest.artefacts.filter((a) => a.kind === kind && names.includes(a.source))
const cmas = []
const sources = []
for (const c of COVERED) {
  const rand = seededRandom(SEED)
  const entries = c.streets ? byKey('streets', c.streets) : byKey('addresses', c.addresses)
  for (const e of entries) sources.push({ file: e.file, sha256: e.sha256, rows: e.rows })
  const sampled = c.streets ? alongSegments(segmentsIn(c.cma, entries), rand) : alongAddresses(c.cma, entries, rand)
  const fact = m.geoStore().cmas.find((x) => x.name === c.cma)
  const scores = new Uint16Array(sampled.points.length * m.FACTOR_KEYS.length)
  let sum = 0
  for (let i = 0; i < sampled.points.length; i++) {
    const result = await scoreAt(...sampled.points[i])
    sum += result.overallScore
    m.FACTOR_KEYS.forEach((k, j) => {
      scores[i * m.FACTOR_KEYS.length + j] = Math.round(result.factorScores[k].score * 10)
    })
  }
  const { points, ...how } = sampled
  cmas.push({
    name: c.cma,
    population: fact.population,
    covers: c.covers,
    n: points.length,
    ...how,
    meanDefaultScore: Math.round((sum / points.length) * 10) / 10,
    scores: Buffer.from(scores.buffer).toString('base64'),
    tenths: scores,
  })
  console.log(`${c.cma}: ${points.length} samples (${JSON.stringify(how)}), mean default score ${cmas.at(-1).meanDefaultScore}`)
}

// The default weights' tables, computed by the engine's own code (as it would on a cold isolate), shipped so a cold
// isolate reads 6 KB instead of decoding the samples (test/scoring/percentiles.unit.test.ts checks they agree).
const defaults = m.profileTables(cmas, m.DEFAULT_WEIGHTS)
const b64 = (bytes) => Buffer.from(bytes).toString('base64')
const data = {
  factors: m.FACTOR_KEYS,
  nationalDefaultPercent: b64(defaults.national),
  cmas: cmas.map(({ name, population, n, scores }, c) => ({ name, population, n, defaultPercent: b64(defaults.byCma[c]), scores })),
}
const code =
  '// GENERATED by scripts/build-percentiles.mjs (npm run build:percentiles) — do not edit by hand. Sources, sample\n' +
  '// sizes and stated error: percentiles.manifest.json. Per covered CMA: n samples along its streets, each with its\n' +
  '// seven factor scores in tenths (uint16 little-endian, factors in the order of `factors`), base64.\n' +
  'export const PERCENTILE_SAMPLES: {\n  factors: string[]\n  nationalDefaultPercent: string\n' +
  '  cmas: { name: string; population: number; n: number; defaultPercent: string; scores: string }[]\n} =\n' +
  `  ${JSON.stringify(data, null, 2)}\n` +
  `export const PERCENTILE_NOT_COVERED: Readonly<Record<string, string>> = ${JSON.stringify(NOT_COVERED)}\n`
const sha = createHash('sha256').update(code).digest('hex')
const out = {
  generatedBy: 'scripts/build-percentiles.mjs',
  geodataStore: manifest.dataVersion,
  dataVersion: m.DATA_VERSION,
  methodologyVersion: m.METHODOLOGY_VERSION,
  sources,
  sampling: {
    seed: SEED,
    capPerCma: CAP,
    minSpacingM: MIN_SPACING_M,
    scoredAs: 'POST /score at the coordinates; factor scores kept, weights applied at lookup',
  },
  cmas: cmas.map(({ scores, tenths, ...rest }) => ({ ...rest, error95: Math.round((98 / Math.sqrt(rest.n)) * 10) / 10 })),
  notCovered: NOT_COVERED,
  output: { file: 'percentiles.generated.ts', bytes: Buffer.byteLength(code), sha256: sha, rows: cmas.reduce((t, c) => t + c.n, 0) },
}
writeFileSync(join(args['out-dir'], 'percentiles.generated.ts'), code)
writeFileSync(join(args['out-dir'], 'percentiles.manifest.json'), `${JSON.stringify(out, null, 2)}\n`)
console.log(`percentiles.generated.ts: ${out.output.rows} samples, ${out.output.bytes} bytes, sha256 ${sha.slice(0, 16)}`)
