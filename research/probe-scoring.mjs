#!/usr/bin/env node
// Broad calibration probe (not a test): scores ~170 address forms and coordinates users really
// send, and flags results outside the band a person who knows the place would expect.
// `node research/probe-scoring.mjs [--all] [--json out.json]` — prints flagged cases (or all).
import { writeFileSync } from 'node:fs'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { loadSrc } from '../scripts/lib/load-ts.mjs'

const { values: opts } = cliArgs(
  { all: { type: 'boolean' }, json: { type: 'string' } },
  { usage: 'npm run probe:scoring [-- --all] [-- --json out.json]' },
)

const m = await loadSrc(
  {
    'geo/geocode/index.ts': ['geocodeOffline'],
    'scoring/index.ts': ['buildScoreResult'],
    'services/scoring.ts': ['scoreLocation'],
  },
  { external: ['cloudflare:workers'] },
)

// Expected bands (docs/decisions.md §4 plus the judgement of someone who knows the place).
const BAND = {
  A: [80, 101],
  downtown2: [70, 101],
  strip: [70, 80],
  stripWide: [65, 82],
  main: [58, 76],
  town: [50, 72],
  res: [45, 62],
  crescent: [48, 60],
  rural: [0, 50],
  hamlet: [30, 60],
  any: [0, 101],
  fail: null,
  // A big-city street located by city name only gets the city-wide context (methodology §1.1): a
  // downtown arterial without its postal code is an arterial somewhere in the city, B to A-.
  cityArterial: [70, 85],
  mall: [70, 90],
}
const P = { pc: 'postal_code', city: 'city', co: 'coordinates' }
// [input, band, expected precision?]
const CASES = [
  // --- prime downtowns of the big three: A/A+
  ['100 Queen St W, Toronto, ON M5H 2N2', 'A', P.pc],
  ['220 Yonge St, Toronto ON M5B2H1', 'A', P.pc],
  ['220 yonge street toronto', 'cityArterial', P.city],
  ['Suite 200, 100 King St W, Toronto, ON M5X 1A9', 'A', P.pc],
  ['100 King St W Suite 200, Toronto ON', 'cityArterial', P.city],
  ['#4-250 Yonge St, Toronto, ON M5B 2L7', 'A', P.pc],
  ['Yonge & Dundas, Toronto', 'cityArterial', P.city],
  ['1 Dundas St W, Toronto, Ontario', 'cityArterial', P.city],
  ['977 rue Sainte-Catherine O, Montréal, QC H3B 4W3', 'A', P.pc],
  ['977 Sainte-Catherine Ouest, Montreal', 'cityArterial', P.city],
  ['977, rue Sainte-Catherine Ouest, bureau 300, Montréal (Québec) H3B 4W3', 'A', P.pc],
  ['1000 rue De La Gauchetière O, Montréal, QC H3B 4W5', 'A', P.pc],
  ['app. 3, 1200 boul. René-Lévesque O, Montréal QC', 'cityArterial', P.city],
  ['1500 rue Sainte-Catherine Ouest Montréal', 'cityArterial', P.city],
  ['700 Granville St, Vancouver, BC V7Y 1G5', 'A', P.pc],
  ['800 Robson St, Vancouver BC', 'cityArterial', P.city],
  ['1055 W Georgia St, Vancouver, BC V6E 3P3', 'A', P.pc],
  ['Unit 5 - 900 Granville Street, Vancouver', 'cityArterial', P.city],
  // --- other downtowns (A- to B+ is fine)
  ['200 8 Ave SW, Calgary, AB T2P 1B5', 'downtown2', P.pc],
  ['10200 102 Ave NW, Edmonton, AB T5J 4B7', 'downtown2', P.pc],
  ['50 Rideau St, Ottawa, ON K1N 9J7', 'downtown2', P.pc],
  ['393 Portage Ave, Winnipeg, MB R3B 3H6', 'downtown2', P.pc],
  ['1800 Barrington St, Halifax NS B3J 3K1', 'downtown2', P.pc],
  ['800 rue Saint-Jean, Québec, QC G1R 1R1', 'downtown2', P.pc],
  ['1150 Douglas St, Victoria, BC V8W 3M9', 'downtown2', P.pc],
  ['1800 Hamilton St, Regina SK', 'downtown2', P.city],
  ['201 21st St E, Saskatoon, SK', 'downtown2', P.city],
  ['100 King St W, Hamilton, ON', 'downtown2', P.city],
  ['255 Queens Ave, London, ON', 'downtown2', P.city],
  ["1 Water St, St. John's, NL", 'downtown2', P.city],
  // --- busy suburban arterials, suburbs named as their own city: B to B+
  ['5100 Hurontario St, Mississauga, ON L4Z 3X7', 'strip', P.pc],
  ['100 City Centre Dr, Mississauga, ON', 'stripWide', P.city],
  ['3100 Steeles Ave W, Vaughan, ON L4K 3R1', 'strip', P.pc],
  ['3601 Highway 7 E, Markham, ON L3R 0M3', 'strip', P.pc],
  ['5000 Highway 7, Markham ON', 'strip', P.city],
  ['8601 Warden Ave, Markham, ON', 'strip', P.city],
  ['3000 boul. Le Carrefour, Laval, QC H7T 2K9', 'strip', P.pc],
  ['1600 boul. Le Corbusier, Laval QC', 'strip', P.city],
  ['2250 boul. Taschereau, Longueuil, QC J4T 2G4', 'strip', P.pc],
  ['10153 King George Blvd, Surrey, BC', 'strip', P.city],
  ['15355 Fraser Hwy, Surrey, BC V3R 3P2', 'strip', P.pc],
  ['4700 Kingsway, Burnaby, BC V5H 4M1', 'strip', P.pc],
  ['4567 Lougheed Hwy, Burnaby BC', 'strip', P.city],
  ['6551 No. 3 Rd, Richmond, BC', 'strip', P.city],
  ['1100 boul. Maloney O, Gatineau, QC', 'strip', P.city],
  ['500 boul. de la Gappe, Gatineau QC', 'stripWide', P.city],
  ['5401 boul. de la Rive-Sud, Lévis, QC', 'strip', P.city],
  ['1200 boul. Guillaume-Couture, Lévis QC G6W 0R8', 'strip', P.pc],
  ['3800 Memorial Dr NE, Calgary, AB T2A 2K2', 'strip', P.pc],
  ['2210 Bank St, Ottawa, ON K1V 1J5', 'strip', P.pc],
  ['1500 Bayview Ave, Toronto ON', 'strip', P.city],
  ['2900 Dufferin St, Toronto, ON', 'strip', P.city],
  ['1700 Wilson Ave, North York, ON', 'strip', P.city],
  ['3401 Dufferin St, North York ON M6A 2T9', 'mall', P.pc],
  ['2455 Lawrence Ave E, Scarborough, ON', 'strip', P.city],
  ['5230 Finch Ave E, Toronto, ON M1S 4Z9', 'strip', P.pc],
  ['6000 boul. Henri-Bourassa E, Montréal-Nord', 'stripWide', P.city],
  ['2305 Rockland Rd, Mount Royal QC', 'stripWide', P.city],
  ['1 Bass Pro Mills Dr, Vaughan ON', 'stripWide', P.city],
  ['100 Anderson Rd SE, Calgary AB', 'strip', P.city],
  ['1 Kenaston Blvd, Winnipeg MB', 'strip', P.city],
  ['9999 170 St NW, Edmonton AB', 'strip', P.city],
  ['1234 Bedford Hwy, Bedford NS', 'stripWide', P.city],
  // --- small-town main streets in every province/territory
  ['123 Main St, Huntsville, ON P1H 1Z9', 'main', P.pc],
  ['700 Main St, Canmore, AB T1W 2B5', 'main', P.pc],
  ['100 rue Principale, Saint-Sauveur, QC', 'main', P.city],
  ['25 Water St, Sioux Lookout, ON', 'main', P.city],
  ['200 Main St, Yellowknife, NT', 'main', P.city],
  ['4910 50 Ave, Yellowknife NT X1A 3S5', 'main', P.pc],
  ['2nd Ave, Whitehorse, YT', 'main', P.city],
  ['100 Queen St, Charlottetown, PE C1A 4B3', 'main', P.pc],
  ['633 Queen St, Fredericton, NB', 'main', P.city],
  ['100 Main St, Moncton NB', 'main', P.city],
  ['1 Main St, Antigonish, NS', 'main', P.city],
  ['5 Water St, Gander, NL', 'town', P.city],
  ['Iqaluit, NU', 'town', P.city],
  ['200 Main St, Steinbach, MB', 'main', P.city],
  ['100 Main St, Swift Current, SK', 'main', P.city],
  ['5000 50 St, Red Deer AB', 'main', P.city],
  ['300 Baker St, Nelson, BC', 'main', P.city],
  ['100 rue Principale, Rimouski QC', 'main', P.city],
  ['50 rue Principale, Baie-Saint-Paul, QC', 'main', P.city],
  ['Main St, Inuvik NT', 'town', P.city],
  ['Front St, Dawson City YT', 'town', P.city],
  // --- quiet residential streets and crescents: D
  ['35 Pinegrove Cres, Toronto, ON M1E 2T3', 'crescent', P.pc],
  ['10 Maplewood Cres, Brampton, ON L6S 2P4', 'crescent', P.pc],
  ['15 Birchwood Crt, Markham, ON L3R 6C4', 'crescent', P.pc],
  ['24 Aspen Cres, Calgary, AB T3H 3R2', 'crescent', P.pc],
  ['45 croissant des Érables, Laval, QC H7M 2M5', 'crescent', P.pc],
  ['12 Alder Cres, Coquitlam, BC V3E 2R3', 'crescent', P.pc],
  ['18 Sandcastle Crt, Ottawa, ON K2J 4M5', 'crescent', P.pc],
  ['14 Willow Cres, Mississauga ON', 'crescent', P.city],
  ['22 Oakridge Crt, Burnaby BC', 'crescent', P.city],
  ['8 Cedar Pl, Surrey BC', 'crescent', P.city],
  ['31 impasse des Pins, Gatineau QC', 'crescent', P.city],
  ['9 carré Fleury, Lévis QC', 'crescent', P.city],
  ['17 Elm Cres, Red Deer AB', 'crescent', P.city],
  ['44 Lakeview Crt, Huntsville ON', 'crescent', P.city],
  ['3 Birch Close, Sherwood Park AB', 'crescent', P.city],
  ['25 Parkside Dr, Toronto ON', 'res', P.city],
  ['12 Hillcrest Ave, Toronto ON', 'res', P.city],
  ['5 Maple Lane, Kanata ON', 'crescent', P.city],
  ['app. 3, 45 croissant des Érables, Laval QC', 'crescent', P.city],
  ['Apt 1203, 35 Pinegrove Cres, Toronto', 'crescent', P.city],
  // --- rural roads far from any town: F
  ['12 Range Road 232, Gibbons, AB T0A 1N0', 'rural', P.city],
  ['12 Range Road 232, Gibbons, AB', 'rural', P.city],
  ['54012 Range Rd 232, Sturgeon County, AB T8R 1B4', 'rural'],
  ['12345 Range Road 232, AB T0B 4J0', 'rural', P.pc],
  ['23 Township Rd 530, Parkland County AB', 'rural'],
  ['Township Rd 530, AB T0E 0A0', 'rural', P.pc],
  ['4000 Rang 4, QC J0K 1A0', 'rural', P.pc],
  ['4000 rang 4, Saint-Jacques, QC', 'rural', P.city],
  ['1250 chemin du Rang 4, Saint-Jacques QC J0K 2R0', 'rural', P.city],
  ['500 rang Saint-Joseph, Sainte-Perpétue, QC', 'rural', P.city],
  ['2000 Concession Rd 5, Ontario K0L 1A0', 'rural', P.pc],
  ['2000 Concession 5, Port Perry ON', 'rural', P.city],
  ['1234 Concession Rd 8, Uxbridge ON L9P 1R1', 'rural'],
  ['5678 Sideroad 10, Caledon ON L7K 0E5', 'rural', P.pc],
  ['12345 Sideroad 17, Erin ON', 'rural', P.city],
  ['3456 Line 7, Thames Centre, ON', 'rural'],
  ['4321 8th Line, Halton Hills ON', 'rural'],
  ['123 Smith Rd, RR 2, Gibbons AB T0A 1N0', 'rural', P.city],
  ['RR 2, Gibbons AB', 'rural', P.city],
  ['RR 1, Site 5, Comp 12, Olds, AB T4H 1P2', 'rural'],
  ['Hwy 16, SK S0K 0A0', 'rural', P.pc],
  ['1234 Hwy 2, Brockville ON K6V 5T1', 'stripWide', P.pc],
  ['1234 Hwy 2, Brockville ON', 'stripWide', P.city],
  ['4455 Highway 7, Peterborough ON', 'stripWide', P.city],
  ['Hwy 11, Kapuskasing ON P0L 1C0', 'rural'],
  ['12 Hwy 3, Yarmouth NS B0W 1A0', 'rural'],
  ['1000 Route 132, Sainte-Flavie QC G0J 2L0', 'rural'],
  ['RR 3, Sussex NB E4E 0A1', 'rural'],
  ['2345 Township Road 10, Lacombe County, AB', 'rural'],
  ['1234 Rural Route 1, Moosomin SK S0G 3N0', 'rural'],
  // --- PO boxes, general delivery: locate to the town (city / postal precision)
  ['PO Box 123, Gibbons AB T0A 1N0', 'any', P.city],
  ['P.O. Box 45, Yellowknife NT X1A 2N1', 'any', P.pc],
  ['C.P. 123, Rimouski QC G5L 7C1', 'any', P.pc],
  ['Case postale 55, Succ. Centre-ville, Montréal QC H3C 3A7', 'any', P.pc],
  ['General Delivery, Iqaluit NU X0A 0H0', 'any'],
  ['Box 200, Inuvik, NT', 'any', P.city],
  // --- postal codes and cities only
  ['M5H 2N2', 'A', P.pc],
  ['m5h2n2', 'A', P.pc],
  ['H3B 4W5', 'A', P.pc],
  ['V6E 3P3', 'A', P.pc],
  ['T0A 1N0', 'rural', P.pc],
  ['K0L 1A0', 'rural', P.pc],
  ['Toronto, ON', 'any', P.city],
  ['Montréal', 'any', P.city],
  ['Laval, QC', 'any', P.city],
  ['Surrey BC', 'any', P.city],
  ['Lévis, Québec', 'any', P.city],
  ['Gatineau', 'any', P.city],
  ['Plateau-Mont-Royal, Montréal', 'any'],
  ['Kitsilano, Vancouver', 'any'],
  ['The Annex, Toronto', 'any'],
  ['Kensington, Calgary', 'any'],
  ['Old Strathcona, Edmonton', 'any'],
  ['Vieux-Québec', 'any'],
  ['Gibbons, AB', 'any', P.city],
  ['Tuktoyaktuk NT', 'any', P.city],
  ['Flin Flon, MB', 'any', P.city],
  ['Lunenburg NS', 'any', P.city],
  // --- coordinates across Canada
  [[43.6487, -79.3817], 'A'],
  [[45.5017, -73.5673], 'A'],
  [[49.2827, -123.1207], 'A'],
  [[51.0447, -114.0719], 'downtown2'],
  [[53.5444, -113.4909], 'downtown2'],
  [[43.589, -79.6441], 'stripWide'],
  [[45.5576, -73.721], 'stripWide'],
  [[49.1913, -122.849], 'stripWide'],
  [[43.8561, -79.337], 'stripWide'],
  [[50.2, -103.1], 'rural'],
  [[51.5, -107.5], 'rural'],
  [[53.2, -112.3], 'rural'],
  [[47.6, -78.9], 'rural'],
  [[44.2, -80.5], 'rural'],
  [[46.3, -72.0], 'rural'],
  [[44.0, -78.2], 'rural'],
  [[49.8, -97.6], 'rural'],
  [[53.9, -113.2], 'rural'],
  [[45.0, -84.0], 'fail'],
  [[51.0, -95.0], 'rural'],
  [[48.5, -86.5], 'rural'],
  [[56.0, -87.0], 'rural'],
  [[44.7, -63.5], 'res'],
  [[43.8, -77.9], 'rural'],
  [[52.5, -97.8], 'rural'],
  [[61.5, -114.0], 'rural'],
  [[45.4, -81.9], 'rural'],
  [[49.6, -124.9], 'rural'],
  [[43.72, -79.32], 'any'],
  [[74.7, -94.8], 'rural'],
  [[82.5, -62.3], 'rural'],
  [[63.75, -68.52], 'town'],
  [[68.36, -133.72], 'town'],
  [[42.3314, -83.0458], 'fail'],
  [[42.8864, -78.8784], 'fail'],
  [[47.6062, -122.3321], 'fail'],
  [[48.7519, -122.4787], 'fail'],
  [[44.4759, -73.2121], 'fail'],
  [[46.8772, -96.7898], 'fail'],
  [[61.2, -141.5], 'fail'],
]

const env = {}
const rows = []
for (const [input, band, precision] of CASES) {
  const body = Array.isArray(input) ? { lat: input[0], lng: input[1] } : { address: input }
  let r, error
  try {
    r = await m.scoreLocation(env, body)
  } catch (e) {
    error = e.message
  }
  const label = Array.isArray(input) ? input.join(', ') : input
  const flags = []
  if (band === 'fail') {
    if (!error) flags.push('expected 400 (not in Canada)')
  } else if (error) flags.push('geocode failed')
  else {
    const [lo, hi] = BAND[band]
    if (r.overallScore < lo || r.overallScore >= hi) flags.push(`score outside ${band} [${lo},${hi})`)
    if (precision && r.precision !== precision) flags.push(`precision ${r.precision} ≠ ${precision}`)
  }
  const f = r?.factorScores
  rows.push({
    input: label,
    band,
    score: r?.overallScore,
    grade: r?.grade,
    precision: r?.precision,
    error,
    detail: f
      ? `rc ${f.roadClass.raw.value}(${f.roadClass.raw.method}) veh ${f.vehicleTraffic.score} dens ` +
        `${f.populationDensity.score} poi ${f.poiDensity.score} ped ${f.pedestrian.score} tr ${f.transit.score} ` +
        `| ${r.address}`
      : '',
    flags,
  })
}
// Stability: spellings of the same address must score identically.
const VARIANTS = [
  [
    '100 Queen St W, Toronto, ON M5H 2N2',
    '100 Queen Street West, Toronto, Ontario M5H2N2',
    '100 queen st. w., toronto on m5h 2n2',
    'Suite 200, 100 Queen St W, Toronto ON M5H 2N2',
  ],
  [
    '977 rue Sainte-Catherine O, Montréal, QC H3B 4W3',
    '977 Sainte-Catherine Ouest, Montréal (Québec) H3B 4W3',
    '977, rue Ste-Catherine O., Montreal QC H3B4W3',
  ],
  [
    '2250 boul. Taschereau, Longueuil, QC J4T 2G4',
    '2250 boulevard Taschereau, Longueuil QC J4T 2G4',
    '2250 Taschereau Blvd, Longueuil, Quebec J4T 2G4',
  ],
  [
    '12 Range Road 232, Gibbons, AB T0A 1N0',
    '12 Rge Rd 232, Gibbons, Alberta T0A 1N0',
    '12 RR 232, Gibbons AB',
    '12 Range Rd 232 Gibbons AB',
  ],
  [
    '10 Maplewood Cres, Brampton, ON L6S 2P4',
    '10 Maplewood Crescent, Brampton, Ontario L6S2P4',
    'Unit 3, 10 Maplewood Cres., Brampton ON L6S 2P4',
  ],
  ['1234 Hwy 2, Brockville ON K6V 5T1', '1234 Highway 2, Brockville, Ontario K6V 5T1'],
]
for (const group of VARIANTS) {
  const results = []
  for (const address of group) {
    try {
      results.push((await m.scoreLocation(env, { address })).overallScore)
    } catch {
      results.push('fail')
    }
  }
  const stable = results.every((r) => r === results[0])
  rows.push({
    input: `variants of ${group[0]}`,
    band: 'stable',
    score: results[0],
    grade: '',
    precision: '',
    detail: results.join(' / '),
    flags: stable ? [] : ['unstable across spellings'],
  })
}

const all = opts.all
for (const row of rows) {
  if (!all && !row.flags.length) continue
  console.log(
    `${row.flags.length ? '✗' : '✓'} ${row.input.padEnd(62)} ${String(row.score ?? '-').padStart(5)} ` +
      `${(row.grade ?? '').padEnd(2)} ${(row.precision ?? row.error ?? '').slice(0, 40).padEnd(12)} ` +
      `${row.flags.join('; ')}\n      ${row.detail}`,
  )
}
const bad = rows.filter((r) => r.flags.length).length
console.log(`\n${rows.length} cases, ${bad} flagged`)
if (opts.json) writeFileSync(opts.json, JSON.stringify(rows, null, 1))
