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
import { dataDir, hasData, readCsv, root } from './validation/common.mjs'

if (!hasData()) {
  console.error(`build:ai-place-eval needs ../shared/data (looked in ${dataDir})`)
  process.exit(2)
}

// [lang, question, city, how to find the known point]
const CASES = [
  [
    'en',
    'Where should I put a sign for my coffee shop near Queen and Spadina in Toronto?',
    'Toronto',
    { signal: ['QUEEN ST W', 'SPADINA AVE'] },
  ],
  ['en', 'Best spot for a bakery sign at King & Bay, Toronto', 'Toronto', { signal: ['KING ST W', 'BAY ST'] }],
  ['en', 'Where should a pharmacy put its sign near Yonge and Eglinton in Toronto?', 'Toronto', { signal: ['YONGE ST', 'EGLINTON AVE'] }],
  [
    'fr',
    'Où installer une enseigne pour mon restaurant près de Bloor et Bathurst à Toronto?',
    'Toronto',
    { signal: ['BLOOR ST W', 'BATHURST ST'] },
  ],
  [
    'en',
    'Find a good sign location for my gym around Dundas and Ossington in Toronto',
    'Toronto',
    { signal: ['DUNDAS ST W', 'OSSINGTON AVE'] },
  ],
  ['en', 'Where should I put a sign for a dry cleaner near M5V 2T6?', null, { signal: ['SPADINA AVE', 'FRONT ST W'] }],
  [
    'en',
    'Where should I put a sign for my coffee shop near Granville and Georgia in Vancouver?',
    'Vancouver',
    { xstreet: ['W GEORGIA ST', 'GRANVILLE ST'] },
  ],
  ['en', 'Best spot for a bike shop sign at Main & Hastings, Vancouver', 'Vancouver', { xstreet: ['MAIN ST', 'E HASTINGS ST'] }],
  [
    'en',
    'Where should a bakery put a sign near Commercial Drive and 12th Avenue in Vancouver?',
    'Vancouver',
    { xstreet: ['E 12TH AV', 'COMMERCIAL DRIVE'] },
  ],
  ['en', 'Where to put a sign for my restaurant on Robson Street in Vancouver?', 'Vancouver', { xstreet: ['ROBSON ST', 'BURRARD ST'] }],
  ['fr', 'Où mettre une enseigne pour un café près de Main et Broadway à Vancouver?', 'Vancouver', { xstreet: ['MAIN ST', 'E BROADWAY'] }],
  [
    'fr',
    'Où mettre une enseigne pour ma pharmacie coin Côte-des-Neiges et Queen-Mary à Montréal?',
    'Montréal',
    { osmCorner: ['Montréal', 'Chemin de la Côte-des-Neiges', 'Chemin Queen Mary'] },
  ],
  [
    'fr',
    'Où installer une enseigne pour une boulangerie près de Saint-Denis et Mont-Royal à Montréal?',
    'Montréal',
    { osmCorner: ['Montréal', 'Rue Saint-Denis', 'Avenue du Mont-Royal Est'] },
  ],
  [
    'en',
    'Where should I put a sign for a bar near Saint-Laurent and Rachel in Montreal?',
    'Montréal',
    { osmCorner: ['Montréal', 'Boulevard Saint-Laurent', 'Rue Rachel Est'] },
  ],
  ['fr', 'Où mettre une enseigne pour un dépanneur près de H2X 1Y4?', null, { osmPostal: ['Montréal', 'H2X'] }],
  [
    'fr',
    'Où mettre une enseigne pour mon salon de coiffure au coin de Décarie et Van Horne à Montréal?',
    'Montréal',
    { osmCorner: ['Montréal', 'Boulevard Décarie', 'Avenue Van Horne'] },
  ],
  [
    'en',
    'Where should I put a sign for my restaurant near Jasper Avenue and 109 Street in Edmonton?',
    'Edmonton',
    { aawdt: ['100724', '112255'] },
  ],
  ['en', 'Best place for a pub sign on Whyte Avenue in Edmonton', 'Edmonton', { aawdt: ['237904', '237916'] }],
  [
    'fr',
    'Où mettre une enseigne pour une boulangerie près de 124 Street et 107 Avenue à Edmonton?',
    'Edmonton',
    { aawdt: ['113127', '311080'] },
  ],
  [
    'en',
    'Where should I put a sign for a bookstore near King and University in Waterloo?',
    'Waterloo',
    { osmCorner: ['Waterloo', 'King Street North', 'University Avenue West'] },
  ],
  [
    'en',
    'Best spot for a café sign at King & Erb, Waterloo',
    'Waterloo',
    { osmCorner: ['Waterloo', 'King Street South', 'Erb Street West'] },
  ],
  ['en', 'How good is 75 King St S, Waterloo for a pharmacy sign?', 'Waterloo', { osmAddress: ['Waterloo', 'King Street South', '75'] }],
  ['fr', 'Où mettre une enseigne pour un restaurant dans le Vieux-Québec?', 'Québec', { osmPostal: ['Québec', 'G1R'] }],
  ['fr', 'Où installer une enseigne pour une librairie près de G1R 4P5 à Québec?', 'Québec', { osmPostal: ['Québec', 'G1R'] }],
  ['en', 'Where should I put a sign for my café within 800 m of N2L 3G1?', null, { osmPostal: ['Waterloo', 'N2L'] }],
]

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
const pair = (row, a, b) => (row[0] === a && row[1] === b) || (row[0] === b && row[1] === a)

function known(spec) {
  if (spec.signal) {
    const [a, b] = spec.signal
    const row = signals.find((r) => !r.midblock_offset && pair([r.street_1, r.street_2], a, b))
    if (!row) throw new Error(`no Toronto signal ${a} & ${b}`)
    return { lat: +row.lat, lng: +row.lng, source: `City of Toronto signal ${row.signal_id} (${row.street_1} & ${row.street_2})` }
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

const queries = CASES.map(([lang, query, city, spec]) => {
  const k = known(spec)
  return { lang, query, city, known: { lat: round6(k.lat), lng: round6(k.lng) }, source: k.source }
})
const inputs = [
  'toronto/signal-counts-8h.csv',
  'vancouver/street-intersections.csv',
  'edmonton/aawdt.csv',
  'addresses/osm-canada-cities.csv',
]
const fixture = {
  description:
    'Questions to POST /ai/query naming a place in six cities, each with a known point of the place from a source the geocoder ' +
    'does not use for it (built by scripts/build-ai-place-eval.mjs from ../shared/data; see its header). Scored by the distance from ' +
    'the known point to the suggestions (src/services/ai/evaluation.ts evaluatePlaces). Licences: Open Government Licences of ' +
    'Toronto, Vancouver and Edmonton; OpenStreetMap © contributors, ODbL 1.0.',
  inputs: inputs.map((path) => ({ path, sha256: sha(path) })),
  queries,
}
const out = join(root, 'test/ai/fixtures/query-places.json')
writeFileSync(out, `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`build:ai-place-eval: ${queries.length} questions → ${out}`)
for (const q of queries) console.log(`  ${q.known.lat}, ${q.known.lng}  ${q.source}`)
