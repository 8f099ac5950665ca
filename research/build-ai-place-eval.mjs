#!/usr/bin/env node
// npm run build:ai-place-eval — writes test/ai/fixtures/query-places.json: questions to POST /ai/query that
// name a place (a corner written loosely, a street, a civic address, a neighbourhood, a postal code) in six
// cities, each with a known point of that place taken from a source the geocoder does not use for it:
//   - Toronto: the City's signal positions (toronto/signal-counts-8h.csv, Open Government Licence – Toronto);
//   - Vancouver: the City's named intersections (vancouver/street-intersections.csv, OGL – Vancouver);
//   - Edmonton: the City's traffic count sites (edmonton/aawdt.csv, OGL – Edmonton), the two sites either side of a corner;
//   - Montréal, Waterloo, Québec: OpenStreetMap address points (addresses/osm-canada-cities.csv, ODbL 1.0). A corner
//     is the midpoint of the closest pair of points, one on each street; a street or a postal area is the
//     point nearest the median of its points. The geocoder places Montréal corners on the OSM street
//     network and Waterloo ones on the Region's address points, not on these. Québec has no street network: its rows are an
//     FSA and a neighbourhood, which the geocoder takes from the FSA table and the landmark table.
// Deterministic; small rows only, so the test needs no ../shared (docs/ai.md "Evaluation").
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CASES } from './ai-place-eval-cases.mjs'
import { dataDir, hasData, readCsv, root } from './validation/common.mjs'

if (!hasData()) {
  console.error(`build:ai-place-eval needs ../shared/data (looked in ${dataDir})`)
  process.exit(2)
}

const round6 = (x) => Math.round(x * 1e6) / 1e6
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const metres = (a, b) => Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180))
const sha = (path) =>
  createHash('sha256')
    .update(readFileSync(join(dataDir, path)))
    .digest('hex')

const signals = readCsv('toronto/signal-counts-8h.csv')
const vancouver = readCsv('vancouver/street-intersections.csv')
const aawdt = readCsv('edmonton/aawdt.csv')
const osm = readCsv('addresses/osm-canada-cities.csv')
const calgary2016 = readCsv('calgary/traffic-volumes-2016.csv')
const fsaCentroids = readCsv('fsa/fsa-statcan-2021-centroids.csv')
const pair = (row, a, b) => (row[0] === a && row[1] === b) || (row[0] === b && row[1] === a)

const mean = (points) => ({
  lat: points.reduce((s, p) => s + +p.lat, 0) / points.length,
  lng: points.reduce((s, p) => s + +p.lng, 0) / points.length,
})
/** Points of a street at least 100 m apart (a street's truth is the whole street: the nearest of them counts). */
function thinned(points) {
  const kept = []
  for (const p of points) if (kept.every((q) => metres(p, q) >= 100)) kept.push({ lat: round6(+p.lat), lng: round6(+p.lng) })
  return kept
}
const signalOf = (a, b) => {
  const row = signals.find((r) => !r.midblock_offset && pair([r.street_1, r.street_2], a, b))
  if (!row) throw new Error(`no Toronto signal ${a} & ${b}`)
  return row
}
/** A Calgary corner from the City's 2016 flow-map sections (the store holds 2018's): the closest vertices of two sections' lines. */
function calgaryCorner(a, b) {
  const of = (prefix) =>
    calgary2016
      .filter((r) => new RegExp(`^${prefix.replace('/', '/')}(\\d|_|$)`).test(r.secname))
      .flatMap((r) => [...r.wkt.matchAll(/(-?\d+\.\d+) (-?\d+\.\d+)/g)].map((m) => ({ lat: +m[2], lng: +m[1], sec: r.secname })))
  let best
  for (const p of of(a)) for (const q of of(b)) if (!best || metres(p, q) < best.m) best = { p, q, m: metres(p, q) }
  if (!best || best.m > 60) throw new Error(`no Calgary 2016 sections ${a} and ${b} within 60 m`)
  return {
    ...mean([best.p, best.q]),
    source: `City of Calgary 2016 traffic sections ${best.p.sec} and ${best.q.sec} (${Math.round(best.m)} m apart)`,
  }
}

function known(spec) {
  if (spec.signal) {
    const row = signalOf(...spec.signal)
    return { lat: +row.lat, lng: +row.lng, source: `City of Toronto signal ${row.signal_id} (${row.street_1} & ${row.street_2})` }
  }
  if (spec.signals) {
    const rows = spec.signals.map((p) => signalOf(...p))
    return { ...mean(rows), source: `City of Toronto signals ${rows.map((r) => r.signal_id).join(' and ')}, midpoint` }
  }
  if (spec.signalsAlong) {
    const rows = signals.filter((r) => r.street_1 === spec.signalsAlong || r.street_2 === spec.signalsAlong)
    return {
      ...mean(rows),
      along: thinned(rows),
      source: `City of Toronto signals on ${spec.signalsAlong} (${rows.length}): the nearest counts`,
    }
  }
  if (spec.xstreetsAlong) {
    const rows = vancouver.filter((r) => r.street_1 === spec.xstreetsAlong || r.street_2 === spec.xstreetsAlong)
    return {
      ...mean(rows),
      along: thinned(rows),
      source: `City of Vancouver intersections on ${spec.xstreetsAlong} (${rows.length}): the nearest counts`,
    }
  }
  if (spec.osmAlong) {
    const [city, street] = spec.osmAlong
    const rows = osm.filter((r) => r.city === city && r.street === street)
    return {
      ...mean(rows),
      along: thinned(rows),
      source: `OpenStreetMap address points on ${street}, ${city} (${rows.length}): the nearest counts`,
    }
  }
  if (spec.calgarySections) return calgaryCorner(...spec.calgarySections)
  if (spec.fsa) {
    const row = fsaCentroids.find((r) => r.fsa === spec.fsa)
    if (!row) throw new Error(`no FSA ${spec.fsa}`)
    return { lat: +row.lat, lng: +row.lng, source: `Statistics Canada 2021 boundary centroid of FSA ${spec.fsa}` }
  }
  if (spec.xstreet) {
    const [a, b] = spec.xstreet
    const row = vancouver.find((r) => pair([r.street_1, r.street_2], a, b))
    if (!row) throw new Error(`no Vancouver intersection ${a} & ${b}`)
    return { lat: +row.lat, lng: +row.lng, source: `City of Vancouver street intersection ${row.xstreet}` }
  }
  if (spec.aawdt) {
    const sites = spec.aawdt.map((id) => aawdt.find((r) => r.site_id === id))
    if (sites.some((s) => !s)) throw new Error(`no Edmonton count site ${spec.aawdt}`)
    const lat = sites.reduce((s, r) => s + +r.lat, 0) / sites.length
    const lng = sites.reduce((s, r) => s + +r.lng, 0) / sites.length
    return {
      lat,
      lng,
      source: `City of Edmonton count sites ${sites.map((s) => `${s.site_id} (${s.description})`).join(' and ')}, midpoint`,
    }
  }
  const inCity = (city) => osm.filter((r) => r.city === city)
  const central = (points) => {
    const mid = { lat: median(points.map((p) => +p.lat)), lng: median(points.map((p) => +p.lng)) }
    return points.reduce((best, p) => (metres(p, mid) < metres(best, mid) ? p : best))
  }
  if (spec.osmCorner) {
    const [city, a, b] = spec.osmCorner
    const [as, bs] = [a, b].map((street) => inCity(city).filter((r) => r.street === street))
    let best
    for (const p of as) for (const q of bs) if (!best || metres(p, q) < best.m) best = { p, q, m: metres(p, q) }
    if (!best) throw new Error(`no OSM points on ${a} and ${b} in ${city}`)
    const { p, q } = best
    return {
      lat: (+p.lat + +q.lat) / 2,
      lng: (+p.lng + +q.lng) / 2,
      source:
        `OpenStreetMap address points ${p.number} ${p.street} and ${q.number} ${q.street}, ${city} ` +
        `(${Math.round(best.m)} m apart), midpoint`,
    }
  }
  if (spec.osmPostal) {
    const [city, fsa] = spec.osmPostal
    const points = inCity(city).filter((r) => r.postcode.startsWith(fsa))
    const p = central(points)
    return {
      lat: +p.lat,
      lng: +p.lng,
      source: `OpenStreetMap address point ${p.number} ${p.street}, ${city}: the most central of the ${points.length} with postcode ${fsa}`,
    }
  }
  if (spec.osmAddress) {
    const [city, street, number] = spec.osmAddress
    const p = inCity(city).find((r) => r.street === street && r.number === number)
    if (!p) throw new Error(`no OSM point ${number} ${street}, ${city}`)
    return { lat: +p.lat, lng: +p.lng, source: `OpenStreetMap address point ${number} ${street}, ${city}` }
  }
  throw new Error(`unknown spec ${JSON.stringify(spec)}`)
}

// The city the known point lies in, for the report by city (a question may name only a postal code).
const REGION_OF_FSA = { M: 'Toronto', H: 'Montréal', N: 'Waterloo', G: 'Québec', K: 'Ottawa', T: 'Calgary', V: 'Vancouver' }
const regionOf = (city, spec) => city ?? (spec.signal ? 'Toronto' : (spec.osmPostal?.[0] ?? REGION_OF_FSA[spec.fsa?.[0]]))

const queries = CASES.map(([lang, query, city, spec]) => {
  /** @type {{ lat: number, lng: number, source: string, along?: { lat: number, lng: number }[] }} */
  const k = known(spec)
  return {
    lang,
    query,
    city,
    region: regionOf(city, spec),
    known: { lat: round6(k.lat), lng: round6(k.lng) },
    ...(k.along && { along: k.along }),
    source: k.source,
  }
})
const inputs = [
  'toronto/signal-counts-8h.csv',
  'vancouver/street-intersections.csv',
  'edmonton/aawdt.csv',
  'addresses/osm-canada-cities.csv',
  'calgary/traffic-volumes-2016.csv',
  'fsa/fsa-statcan-2021-centroids.csv',
]
const fixture = {
  description:
    'Questions to POST /ai/query naming a place in six cities, each with a known point of the place from a source the geocoder ' +
    'does not use for it (built by research/build-ai-place-eval.mjs from ../shared/data; see its header). Scored by the distance from ' +
    'the known point to the suggestions (src/services/ai/evaluation.ts evaluatePlaces). Licences: Open Government Licences of ' +
    'Toronto, Vancouver and Edmonton; OpenStreetMap © contributors, ODbL 1.0.',
  inputs: inputs.map((path) => ({ path, sha256: sha(path) })),
  queries,
}
const out = join(root, 'test/ai/fixtures/query-places.json')
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`build:ai-place-eval: ${queries.length} questions → ${out}`)
for (const q of queries) console.log(`  ${q.known.lat}, ${q.known.lng}  ${q.source}`)
