#!/usr/bin/env node
// `npm run fit:street-class`: can a street's road class be inferred from its civic address points (issue 22
// item 1)? Streets that have both address points (the store's OpenStreetMap addresses) and a network class
// (the store's GTA and Montréal OSM pieces; Ottawa's RNF has no address points in the store) are the truth;
// per (city, street name, type): the number of points, their extent (km), the highest civic number, with the
// street type's class (classifyStreet: the name-only baseline). 30 % of streets held out by an FNV-1a hash of
// the name key, fixed before fitting (isHeldOut). Prints agreement on the held-out streets; writes nothing:
// the inference was not adopted (docs/methodology.md §2.3). Reads only the committed store artefacts.
import { committedRows } from '../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../scripts/lib/load-ts.mjs'
import { isHeldOut, spearman } from './validation/common.mjs'
import { leastSquares } from './validation/stats.mjs'

const g = await importTs(
  {
    'src/geo/geocode/street-pieces.ts': ['decodePiece', 'nearestStreet'],
    'src/geo/geodata/street-types.ts': ['classifyStreet'],
    'src/geo/geodata/geodesy.ts': ['distanceM'],
  },
  { platform: 'node' },
)
const [addressRows, streetRows] = committedRows((a) => a.kind !== 'streets' || ['gta', 'montreal', 'ottawa'].includes(a.source))
const byName = new Map()
for (const r of streetRows) {
  const [nameKey, typeKey, dir, name, roadClass, , minLat, minLng, maxLat, maxLng, line] = r.fields
  if (!(Number(roadClass) > 0)) continue
  const list = byName.get(nameKey) ?? []
  list.push({
    box: [minLat, minLng, maxLat, maxLng].map(Number),
    row: { source: r.source, nameKey, typeKey, dir, name, roadClass: Number(roadClass), line },
  })
  byName.set(nameKey, list)
}
const decoded = new Map()
const piece = (c) => {
  if (!decoded.has(c)) decoded.set(c, g.decodePiece(c.row))
  return decoded.get(c)
}

// Streets: (city, name, type) → points; each point's network class from the same-named centreline within 60 m.
const streets = new Map()
for (const [cityKey, nameKey, typeKey, , n, , latE5, lngE5] of addressRows) {
  const key = `${cityKey}|${nameKey}|${typeKey}`
  if (!streets.has(key)) streets.set(key, { cityKey, nameKey, typeKey, points: [], classes: [] })
  const s = streets.get(key)
  const lat = Number(latE5) / 1e5
  const lng = Number(lngE5) / 1e5
  s.points.push({ lat, lng, n: Number(n) })
  const near = (byName.get(nameKey) ?? []).filter(
    (c) => lat * 1e5 >= c.box[0] - 100 && lat * 1e5 <= c.box[2] + 100 && lng * 1e5 >= c.box[1] - 140 && lng * 1e5 <= c.box[3] + 140,
  )
  if (!near.length) continue
  const hit = g.nearestStreet(near.map(piece), lat, lng, 60, (p) => !typeKey || !p.typeKey || p.typeKey === typeKey)
  if (hit?.piece.roadClass) s.classes.push(hit.piece.roadClass)
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1]
/** Extent: the longest distance from the first point's farthest point (two sweeps: a street is nearly a line). */
function extentKm(points) {
  const far = (from) =>
    points.reduce(
      (best, p) =>
        g.distanceM(from.lat, from.lng, p.lat, p.lng) > best.d ? { p, d: g.distanceM(from.lat, from.lng, p.lat, p.lng) } : best,
      { p: from, d: 0 },
    )
  const a = far(points[0]).p
  return far(a).d / 1000
}
const rows = []
const waterloo = []
for (const s of streets.values()) {
  if (['kitchener', 'waterloo', 'cambridge'].includes(s.cityKey) && s.points.length >= 3 && s.nameKey.length) {
    const known = g.classifyStreet({ name: s.nameKey, type: s.typeKey || undefined }, 'Kitchener - Cambridge - Waterloo')
    const maxNumber = Math.max(...s.points.map((p) => p.n))
    waterloo.push({
      key: `${s.cityKey}|${s.nameKey}|${s.typeKey}`,
      nameClass: known?.roadClass ?? 2,
      points: s.points.length,
      extentKm: extentKm(s.points),
      maxNumber,
    })
  }
  // A network class for at least half the points: the street is on the network, its class is the points' median.
  if (s.classes.length < Math.max(2, s.points.length / 2)) continue
  // The engine's reading of the name, with the CMA's own arterial list (the store's networks: Toronto, Montréal).
  const known = g.classifyStreet({ name: s.nameKey, type: s.typeKey || undefined }, s.cityKey === 'montreal' ? 'Montréal' : 'Toronto')
  rows.push({
    key: `${s.cityKey}|${s.nameKey}`,
    held: isHeldOut(s.nameKey),
    truth: median(s.classes),
    nameClass: known?.roadClass ?? 2,
    nameBasis: known?.basis ?? 'none',
    points: s.points.length,
    extentKm: extentKm(s.points),
    maxNumber: Math.max(...s.points.map((p) => p.n)),
  })
}
const MODELS = {
  'name and type, fitted level': (r) => [1, Math.log(r.nameClass)],
  '+ extent, highest number': (r) => [1, Math.log(r.nameClass), Math.log10(r.maxNumber + 10) - 2, Math.log10(r.extentKm + 0.05) + 0.5],
  '+ extent, highest number, points': (r) => [
    1,
    Math.log(r.nameClass),
    Math.log10(r.maxNumber + 10) - 2,
    Math.log10(r.extentKm + 0.05) + 0.5,
    Math.log10(r.points),
  ],
  '+ extent only': (r) => [1, Math.log(r.nameClass), Math.log10(r.extentKm + 0.05) + 0.5],
  '+ highest number only': (r) => [1, Math.log(r.nameClass), Math.log10(r.maxNumber + 10) - 2],
}
const MIN_PER_KM = Number(process.env.MIN_PER_KM ?? 0)
const covered = (r) => r.extentKm <= 0.2 || r.points / r.extentKm >= MIN_PER_KM
const train = rows.filter((r) => !r.held && covered(r))
const test = rows.filter((r) => r.held && covered(r))
const fitted = Object.entries(MODELS).map(([label, features]) => {
  if (label === '+ extent, highest number') {
    // Where it would be used: Waterloo Region's complete civic addresses (ODA), whose coverage differs from the
    // OpenStreetMap addresses of the training streets (printed below).
    const b = leastSquares(
      train.map(features),
      train.map((r) => Math.log(r.truth)),
      undefined,
      1e-3,
    )
    const inferred = (r) => Math.exp(features(r).reduce((sum, v, i) => sum + v * b[i], 0))
    for (const [name, type] of [
      ['St', '|st'],
      ['Blvd', '|blvd'],
      ['all', ''],
    ]) {
      const v = waterloo
        .filter((r) => r.key.endsWith(type))
        .map(inferred)
        .sort((x, y) => x - y)
      const q = (f) => v[Math.floor(f * v.length)]?.toFixed(2)
      console.log(`  Waterloo Region, ${name} (${v.length} streets): inferred class p10 ${q(0.1)}, median ${q(0.5)}, p90 ${q(0.9)}`)
    }
    const king = waterloo.find((r) => r.key === 'waterloo|king|st')
    if (king) console.log(`  King St, Waterloo: ${king.points} points over ${king.extentKm.toFixed(1)} km → ${inferred(king).toFixed(2)}`)
  }
  const b = leastSquares(
    train.map(features),
    train.map((r) => Math.log(r.truth)),
    undefined,
    1e-3,
  )
  console.log(`${label}: coefficients ${b.map((x) => x.toFixed(3)).join(', ')}`)
  return [label, (r) => Math.min(6, Math.max(1, Math.exp(features(r).reduce((sum, v, i) => sum + v * b[i], 0))))]
})
const report = (label, set, f) => {
  const pred = set.map(f)
  const exact = set.filter((r, i) => Math.round(pred[i]) === Math.round(r.truth)).length / set.length
  const within = set.filter((r, i) => Math.abs(Math.round(pred[i]) - Math.round(r.truth)) <= 1).length / set.length
  console.log(
    `  ${label.padEnd(34)} exact ${(100 * exact).toFixed(1)} %  within one ${(100 * within).toFixed(1)} %  ρ ${spearman(
      pred,
      set.map((r) => r.truth),
    ).toFixed(3)}`,
  )
}
const byClass = (set) => Object.fromEntries([1, 2, 3, 4, 5, 6].map((c) => [c, set.filter((r) => Math.round(r.truth) === c).length]))
console.log(`streets with address points and a network class: ${rows.length} (train ${train.length}, held out ${test.length})`)
console.log(`held-out by network class: ${JSON.stringify(byClass(test))}`)
const sources = (set, city) => set.filter((r) => (city === 'montreal') === r.key.startsWith('montreal|'))
for (const [label, set] of [
  ['held out', test],
  ['held out, Montréal', sources(test, 'montreal')],
  ['held out, GTA', sources(test, 'gta')],
  ['training', train],
]) {
  console.log(label)
  report('name and type only (baseline)', set, (r) => r.nameClass)
  for (const [name, infer] of fitted) report(name, set, infer)
}
// Coverage: complete civic addressing puts ~40–100 points per km on a residential street (both sides).
const wr = waterloo
  .filter((r) => r.extentKm > 0.2)
  .map((r) => r.points / r.extentKm)
  .sort((a, b) => a - b)
console.log(`Waterloo Region (ODA): points per km of extent, median ${wr[wr.length >> 1]?.toFixed(0)} (n ${wr.length})`)
for (const city of ['montreal', 'gta']) {
  const set = rows.filter((r) => (city === 'montreal') === r.key.startsWith('montreal|') && r.extentKm > 0.2)
  const perKm = set.map((r) => r.points / r.extentKm).sort((a, b) => a - b)
  const q = (f) => perKm[Math.floor(f * perKm.length)]?.toFixed(0)
  console.log(`${city}: points per km of extent, p25 ${q(0.25)}, median ${q(0.5)}, p75 ${q(0.75)} (n ${set.length})`)
}
