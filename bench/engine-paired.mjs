#!/usr/bin/env node
// The engine's CPU per score in several trees, measured in interleaved rounds in one process, so that
// load from elsewhere on the shared machine falls on every tree alike (single `npm run bench` runs swing
// by ±20 % here). Per tree: `buildScoreResult` alone (no geocoding) on the bench's geocoded inputs (FSA
// and place positions, which repeat: the per-point memos hit; the per-call work) and on unique
// coordinates (every lookup computed). Each tree geocodes the inputs with its own geocoder.
// Usage: npm run bench:engine-paired -- [--rounds 15] <git ref | directory | .>...
//   e.g. `npm run bench:engine-paired -- 62179dc HEAD .` (2.1.1, the last commit, the working tree)
import { existsSync, rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { loadSrc } from '../scripts/lib/load-ts.mjs'
import { seededRandom } from '../scripts/lib/seeded-random.mjs'
import { BIG_CITY_CENTRES } from './lib/cities.mjs'
import { treeAt } from './lib/tree-at.mjs'

const { values: opts, positionals } = cliArgs({ rounds: { type: 'string', default: '15' } }, { positionals: true })
const rounds = Number(opts.rounds)
const names = positionals.length ? positionals : ['62179dc', '.']

const STREETS = ['Queen St W', 'Yonge St', 'rue Sainte-Catherine O', 'boul. Taschereau', 'Maplewood Cres', 'Main St', 'Highway 7 E'].concat(
  ['Range Road 232', 'Robson St', 'Portage Ave', 'chemin de la Côte-des-Neiges', 'Birchwood Crt', '8 Ave SW', 'Rang 4'],
)
const PLACES = ['Toronto, ON', 'Montréal, QC', 'Vancouver, BC', 'Calgary, AB', 'Edmonton, AB', 'Winnipeg, MB', 'Halifax, NS']
  .concat(['Regina, SK', "St. John's, NL", 'Charlottetown, PE', 'Moncton, NB', 'Whitehorse, YT', 'Yellowknife, NT', 'Iqaluit, NU'])
  .concat(['Huntsville, ON', 'Rimouski, QC', 'Kelowna, BC'])

/** The bench's three address forms (civic + FSA, civic + place, bare FSA), 7,500 of them. */
function addressTexts(fsaCodes) {
  const rand = seededRandom(42)
  const pick = (a) => a[Math.floor(rand() * a.length)]
  const texts = []
  for (let i = 0; i < 10_000; i++) {
    const civic = 1 + Math.floor(rand() * 9000)
    if (i % 4 === 1) texts.push(`${civic} ${pick(STREETS)}, ${pick(fsaCodes)} ${Math.floor(rand() * 9)}A${Math.floor(rand() * 9)}`)
    else if (i % 4 === 2) texts.push(`${civic} ${pick(STREETS)}, ${pick(PLACES)}`)
    else if (i % 4 === 3) texts.push(`${pick(fsaCodes).toLowerCase()} 1a1`)
  }
  return texts
}

const rand = seededRandom(9)
const CITIES = BIG_CITY_CENTRES.slice(0, 6)
const coordinates = Array.from({ length: 6000 }, (_, i) =>
  i % 2 ? [42 + rand() * 14, -130 + rand() * 70] : [CITIES[i % 6][0] + (rand() - 0.5) * 0.3, CITIES[i % 6][1] + (rand() - 0.5) * 0.4],
)

const trees = []
const made = []
for (const name of names) {
  const dir = name === '.' ? resolve(import.meta.dirname, '..') : existsSync(name) ? resolve(name) : treeAt(name)
  if (dir !== resolve(name) && name !== '.') made.push(dir)
  const srcRoot = join(dir, 'src')
  // Before src/geo/{geocode,geodata,signals}/ (2.x) one src/geo/index.ts exported both.
  const layered = existsSync(join(srcRoot, 'geo/geocode/index.ts'))
  const m = await loadSrc(
    {
      ...(layered
        ? { 'geo/geocode/index.ts': ['geocodeOffline'], 'geo/geodata/index.ts': ['geoStore'] }
        : { 'geo/index.ts': ['geocodeOffline', 'geoStore'] }),
      'scoring/index.ts': ['buildScoreResult'],
    },
    { srcRoot },
  )
  const fsaCodes = [...m.geoStore().fsaByCode.values()].map((f) => f.code).sort()
  const located = addressTexts(fsaCodes)
    .map((text) => m.geocodeOffline(text))
    .filter(Boolean)
    .map((g) => ({
      lat: g.lat,
      lng: g.lng,
      address: g.address,
      precision: g.precision,
      street: g.street,
      accuracyM: g.accuracyM,
      warnings: g.warnings,
    }))
  for (const input of located.slice(0, 2000)) m.buildScoreResult(input) // warm-up
  trees.push({ name, m, located, geocoded: Infinity, unique: Infinity })
}
for (const dir of made) rmSync(dir, { recursive: true, force: true })

const cpuMicros = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}
for (let r = 0; r < rounds; r++) {
  for (let t = 0; t < trees.length; t++) {
    const tree = trees[(t + r) % trees.length] // each round starts with another tree
    let c0 = cpuMicros()
    for (const input of tree.located) tree.m.buildScoreResult(input)
    tree.geocoded = Math.min(tree.geocoded, (cpuMicros() - c0) / tree.located.length)
    c0 = cpuMicros()
    // A new offset every round (1e-9° ≈ 0.1 mm): no coordinate is scored twice.
    for (const [lat, lng] of coordinates)
      tree.m.buildScoreResult({ lat: lat + (r + 1) * 1e-9, lng, address: 'coords', precision: 'coordinates' })
    tree.unique = Math.min(tree.unique, (cpuMicros() - c0) / coordinates.length)
  }
}
const [first] = trees
const vs = (x, base) => (x === base ? '' : ` (${x >= base ? '+' : ''}${Math.round((x / base - 1) * 100)} %)`)
const load = loadavg().map((l) => l.toFixed(1))
console.log(`buildScoreResult CPU per score, best of ${rounds} interleaved rounds (load average ${load.join(' ')})`)
for (const t of trees)
  console.log(
    `${t.name.padEnd(12)} geocoded inputs (${t.located.length}) ${t.geocoded.toFixed(2)} µs${vs(t.geocoded, first.geocoded)}` +
      `   unique coordinates (${coordinates.length}) ${t.unique.toFixed(2)} µs${vs(t.unique, first.unique)}`,
  )
