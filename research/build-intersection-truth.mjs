#!/usr/bin/env node
// `npm run build:intersection-truth`: the truth sets behind `npm run validate:intersections`, written once
// and committed before any tuning (docs/geocoding.md, "Intersections measured"). Writes
// geodata/intersections/truth.tsv.gz and manifest.json (sources with SHA-256, rows per set, independence).
//  - vancouver (independent): ../shared/data/vancouver/tmc-counts.csv, one row per counted intersection name,
//    the City's own point (coord_source city-tmc, city-intersections or older-count; geocoded ones left out);
//  - edmonton (independent): ../shared/data/edmonton/aawdt.csv, "road & cross street" of 300 count sites (hash),
//    the count point, which stands beside the crossing on the road;
//  - toronto-gta, ottawa, montreal, calgary (same geometry as the store): hash-sampled pairs of named
//    centrelines of geodata/store/ that share a vertex, typed in varied forms (research/lib/intersection-truth.ts).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { sharedDataDir } from '../scripts/geodata/lib.mjs'
import { csvObjects } from '../scripts/lib/csv.mjs'
import { readArtefact, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { loadTs, repoRoot } from '../scripts/lib/load-ts.mjs'

const truth = await loadTs('research/lib/intersection-truth.ts')
const { hash } = await loadTs('scripts/lib/geodata-store-build.ts')
const dataDir = sharedDataDir(repoRoot)
const outDir = join(repoRoot, 'geodata/intersections')
mkdirSync(outDir, { recursive: true })
const store = readManifest()
const sources = []
const sets = []
const rows = []
const sha = (bytes) => createHash('sha256').update(bytes).digest('hex')

function shared(relative) {
  const path = join(dataDir, relative)
  if (!existsSync(path)) throw new Error(`missing ${path}: the truth sets are built from ../shared/data (SHARED_DATA_DIR)`)
  const bytes = readFileSync(path)
  sources.push({ path: relative, sha256: sha(bytes) })
  return bytes.toString('utf8')
}
function add(set, list, meta) {
  rows.push(...list)
  sets.push({ set, rows: list.length, ...meta })
}

// Vancouver: the City's counted intersections, typed as the City wrote them.
{
  const TRUSTED = new Set(['city-tmc', 'city-intersections', 'older-count'])
  const seen = new Set()
  const list = []
  const csv = csvObjects(shared('vancouver/tmc-counts.csv'))
  for (const r of csv) {
    const name = r.intersection_in_source.replace(/\s+/g, ' ').trim()
    if (!TRUSTED.has(r.coord_source) || !/ AND | & /i.test(name)) continue
    const key = name.toUpperCase().replace(/ & /g, ' AND ')
    if (seen.has(key)) continue
    seen.add(key)
    list.push({
      set: 'vancouver',
      city: 'Vancouver',
      province: 'BC',
      typed: `${name}, Vancouver, BC`,
      form: 'as-written',
      points: [[+r.lat, +r.lng]],
    })
  }
  add('vancouver', list, {
    independent: true,
    truth: "the City's point of the counted intersection",
    rowsRead: csv.length,
    licence: 'Open Government Licence – Vancouver',
  })
}

// Edmonton: "road & cross street" of count sites; the point is the count's, beside the crossing.
{
  const csv = csvObjects(shared('edmonton/aawdt.csv'))
  const bySite = new Map()
  for (const r of csv) if (r.cross_street && r.side && !bySite.has(r.site_id)) bySite.set(r.site_id, r)
  const list = [...bySite.values()]
    .sort((a, b) => hash(`edmonton|${a.site_id}`) - hash(`edmonton|${b.site_id}`))
    .slice(0, 300)
    .map((r) => ({
      set: 'edmonton',
      city: 'Edmonton',
      province: 'AB',
      typed: `${r.road} & ${r.cross_street}, Edmonton, AB`,
      form: 'as-written',
      points: [[+r.lat, +r.lng]],
    }))
  add('edmonton', list, {
    independent: true,
    truth: 'the count point, on the road beside the crossing (not the crossing)',
    rowsRead: csv.length,
    licence: 'Open Government Licence – Edmonton',
  })
}

// Sampled from the store's own centrelines.
const streetRows = (source) => store.artefacts.filter((a) => a.kind === 'streets' && a.source === source).flatMap((a) => readArtefact(a))
const addressCells = new Map()
for (const a of store.artefacts.filter((x) => x.kind === 'addresses' && x.source === 'osm-cities'))
  for (const [cityKey, , , , , , latE5, lngE5] of readArtefact(a)) {
    const [lat, lng] = [Number(latE5) / 1e5, Number(lngE5) / 1e5]
    const cell = `${Math.floor(lat * 100)},${Math.floor(lng * 100)}`
    addressCells.set(cell, [...(addressCells.get(cell) ?? []), [cityKey, lat, lng]])
  }
const title = (s) => s.replace(/(^|\s)(\p{L})/gu, (_, a, b) => a + b.toUpperCase())
/** The municipality of the nearest OSM address point within ~1.5 km (the GTA file spans ten municipalities). */
function nearestCity(lat, lng) {
  let best
  const [cy, cx] = [Math.floor(lat * 100), Math.floor(lng * 100)]
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++)
      for (const [city, plat, plng] of addressCells.get(`${cy + dy},${cx + dx}`) ?? []) {
        const d = Math.hypot(plat - lat, (plng - lng) * 0.72)
        if (d < 0.0135 && (!best || d < best.d)) best = { d, city }
      }
  return best && title(best.city)
}
const OSM = '© OpenStreetMap contributors, ODbL 1.0'
const GTA_OTHER = ['Mississauga', 'Brampton', 'Markham', 'Vaughan', 'Richmond Hill', 'Pickering', 'Ajax', 'Oshawa']
const SAMPLED = [
  {
    set: 'toronto-gta',
    source: 'gta',
    province: 'ON',
    cityOf: nearestCity,
    quota: { Toronto: 400, ...Object.fromEntries(GTA_OTHER.map((c) => [c, 30])) },
    licence: OSM,
  },
  {
    set: 'ottawa',
    source: 'ottawa',
    province: 'ON',
    cityOf: () => 'Ottawa',
    quota: { Ottawa: 300 },
    french: true,
    licence: 'Statistics Canada Open Licence (2021 Census Road Network File)',
  },
  { set: 'montreal', source: 'montreal', province: 'QC', cityOf: () => 'Montréal', quota: { Montréal: 300 }, french: true, licence: OSM },
  {
    set: 'calgary',
    source: 'calgary',
    province: 'AB',
    cityOf: () => 'Calgary',
    quota: { Calgary: 200 },
    licence: 'Open Government Licence – City of Calgary',
  },
]
for (const s of SAMPLED) {
  const list = truth.sampleTypedCrossings(streetRows(s.source), s)
  add(s.set, list, {
    independent: false,
    truth: `shared vertex of two named centrelines of geodata/store streets-${s.source}`,
    licence: s.licence,
  })
}

const text = `${truth.TRUTH_COLUMNS.join('\t')}\n${rows.map(truth.truthLine).join('\n')}\n`
const bytes = gzipSync(Buffer.from(text), { level: 9 })
writeFileSync(join(outDir, 'truth.tsv.gz'), bytes)
const manifest = { file: 'truth.tsv.gz', sha256: sha(bytes), rows: rows.length, storeDataVersion: store.dataVersion, sources, sets }
writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
for (const s of sets) console.log(`${s.set.padEnd(12)} ${String(s.rows).padStart(5)} ${s.independent ? 'independent' : 'same geometry'}`)
