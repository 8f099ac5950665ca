#!/usr/bin/env node
// `node bench/score-fingerprint.mjs [out.json]`: geocodes and scores 1,200 varied inputs (random
// coordinates, city neighbourhoods, civic addresses with FSAs or cities, bare FSAs) with the bundled
// engine and prints a SHA-256 of the JSON results. A performance change must leave the hash
// unchanged: run it before and after (pass a file name to keep the JSON and diff it).
// Coordinates are scored as POST /score scores them: with the street the geodata store finds there
// (the committed artefacts in memory, the worker's own reverseLocate code), which carries a street
// network's road class, and with the counts within 30 m (count_sites: Edmonton, Vancouver) that an exact
// position takes as measured. ENGINE_SRC=<dir> scores with another checkout's src/ (the store code stays this one's).
import { createHash } from 'node:crypto'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { committedRows } from '../scripts/lib/geodata-artefacts.mjs'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { importTs, loadSrc } from '../scripts/lib/load-ts.mjs'
import { seededRandom } from '../scripts/lib/seeded-random.mjs'

const [outFile] = cliArgs({}, { positionals: true, usage: 'node bench/score-fingerprint.mjs [out.json]' }).positionals
const srcRoot = process.env.ENGINE_SRC
// An older checkout (ENGINE_SRC, before src/geo/{geocode,geodata,signals}/) has one src/geo/index.ts.
const layered = !srcRoot || existsSync(join(srcRoot, 'geo/geocode/index.ts'))
const m = await loadSrc(
  {
    ...(layered
      ? { 'geo/geocode/index.ts': ['geocodeOffline'], 'geo/geodata/index.ts': ['geoStore'] }
      : { 'geo/index.ts': ['geocodeOffline', 'geoStore'] }),
    'scoring/index.ts': ['buildScoreResult'],
  },
  srcRoot ? { srcRoot } : {},
)
const s = await importTs({ 'scripts/lib/geodata-memory.ts': ['memoryGeodata'] }, { platform: 'node' })
const store = s.memoryGeodata(...committedRows())

const rand = seededRandom(7)
const pick = (a) => a[Math.floor(rand() * a.length)]
const streets = [
  'Queen St W',
  'Yonge St',
  'rue Sainte-Catherine O',
  'Main St',
  'Robson St',
  'Portage Ave',
  '8 Ave SW',
  'Rang 4',
  'Bank St',
  'Rideau St',
]
const places = [
  'Toronto, ON',
  'Montréal, QC',
  'Vancouver, BC',
  'Calgary, AB',
  'Ottawa, ON',
  'Halifax, NS',
  'Iqaluit, NU',
  'Kelowna, BC',
  'Gatineau, QC',
]
const cities = [
  [45.42, -75.69],
  [43.65, -79.38],
  [45.5, -73.57],
  [49.28, -123.12],
  [51.04, -114.07],
  [53.54, -113.49],
  [49.9, -97.14],
  [44.65, -63.57],
]
const fsas = [...m.geoStore().fsaByCode.values()]
// As services/scoring.ts: the street and the counts near the point (the store's count_sites) from the committed artefacts.
// From 4.0.0, also the streets in sight (a corner) and how far the network's nearest street is (water, parks).
const atPoint = async (lat, lng) => m.buildScoreResult({ ...(await store.atCoordinates(lat, lng)), address: 'c' })
const AT_A_FRONTAGE = new Set(['address', 'interpolated', 'intersection'])
const results = []
for (let i = 0; i < 1200; i++) {
  const kind = i % 5
  if (kind === 0) results.push(await atPoint(42 + rand() * 14, -130 + rand() * 70))
  else if (kind === 4) {
    const [lat, lng] = pick(cities)
    results.push(await atPoint(lat + (rand() - 0.5) * 0.2, lng + (rand() - 0.5) * 0.3))
  } else {
    const civic = 1 + Math.floor(rand() * 9000)
    const text =
      kind === 1
        ? `${civic} ${pick(streets)}, ${pick(fsas).code} 1A1`
        : kind === 2
          ? `${civic} ${pick(streets)}, ${pick(places)}`
          : `${pick(fsas).code.toLowerCase()} 1a1`
    const g = m.geocodeOffline(text)
    const measuredCounts = g ? await store.countsNear(g.lat, g.lng, g.precision) : undefined
    const near = g && AT_A_FRONTAGE.has(g.precision) ? await store.streetsInSight(g.lat, g.lng) : undefined
    const input = g && { lat: g.lat, lng: g.lng, address: g.address, precision: g.precision, street: g.street }
    const extra = { ...(measuredCounts && { measuredCounts }), ...(near && { streetsInSight: near.streets }) }
    results.push(g ? [g, m.buildScoreResult({ ...input, ...extra })] : null)
  }
}
const json = JSON.stringify(results)
if (outFile) writeFileSync(outFile, json)
console.log(`${results.length} inputs, results SHA-256 ${createHash('sha256').update(json).digest('hex')}`)
