#!/usr/bin/env node
// `npm run calibrate:geocoder`: fits every precision's accuracyM (src/geo/geodata/accuracy.ts) on calibration
// samples of the build's own addresses and writes src/geo/data/accuracy-calibration.generated.ts with its
// manifest (accuracy-calibration.manifest.json: sources, SHA-256, rows, the fit and how it holds).
// Independence: the samples are drawn by hash like the validation hold-out but with other salts, from the
// addresses the build KEEPS (every held-out address is excluded), and each fold is left out of the store it
// is geocoded against. The held-out set (npm run validate:geocoder) is never read. Needs ../shared/data.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { sharedDataDir } from '../scripts/geodata/lib.mjs'
import { readArtefact, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { loadTs, repoRoot } from '../scripts/lib/load-ts.mjs'

const FOLDS = ['calibration-1|', 'calibration-2|', 'calibration-3|', 'calibration-4|']
/**
 * The goal (issue 21): accuracyM holds for ≥ 90 % of each precision's results in each validation group.
 * A set of n calibration results must hold enough that a validation group drawn like one fold (n / folds
 * results) holds GOAL with one-sided confidence (Z = 1.645: 95 %): the count lib.heldNeeded gives, from the
 * Wilson lower bound over both samples' sampling error (research/lib/calibrate-accuracy.ts, coverageBound).
 */
const RULE = { goal: 0.9, z: 1.645, folds: FOLDS.length }
/** Per-area radius: the distance holding this share of the area's address points, where it has at least MIN_AREA_POINTS. */
const AREA_QUANTILE = 0.9
const MIN_AREA_POINTS = 30
/**
 * The fallback never shrinks an area below its own extent (k ≥ 1): the calibration sample holds only the
 * cities with address data, and a radius below a big unmeasured city's population disc would not carry over.
 */
const AREA_K_MIN = 1
const SOURCES = [
  { name: 'waterloo', file: 'addresses/oda-waterloo-region.csv', run: (b, t, s) => b.addressFileRecords(t, 'ON', s) },
  { name: 'yellowknife', file: 'addresses/oda-nt-yellowknife.csv', run: (b, t, s) => b.addressFileRecords(t, 'NT', s) },
  { name: 'vancouver', file: 'addresses/vancouver-property-addresses-subset.csv', run: (b, t, s) => b.addressFileRecords(t, 'BC', s) },
  { name: 'osm-cities', file: 'addresses/osm-canada-cities.csv', run: (b, t, s) => b.osmAddressRecords(t, s) },
]
const OUT = 'src/geo/data/accuracy-calibration'
const { values: args } = parseArgs({
  options: { cities: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, samples: { type: 'string' } },
})

const started = performance.now()
const lib = await loadTs('research/lib/calibration-run.ts')
/**
 * A term with too few results for the rule (the numbering origins': a few dozen Toronto results) cannot reach
 * its bound at all: its radius then holds every one of its calibration results instead.
 */
const ruleNeeded = lib.heldNeeded(RULE.goal, RULE.folds, RULE.z)
const REQUIRED = (n) => Math.min(ruleNeeded(n), n)
const dataDir = sharedDataDir(repoRoot)
const sources = SOURCES.map((s) => {
  const bytes = readFileSync(join(dataDir, s.file))
  return { ...s, text: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex'), rowsRead: 0 }
})

// The validation hold-out, exactly as the build draws it: excluded from everything below.
const heldKeys = new Set()
const provinceOfCity = new Map()
for (const s of sources) {
  const result = s.run(lib, s.text, '')
  s.rowsRead = result.rows
  for (const h of result.heldOut) heldKeys.add(h.key)
}
const folds = FOLDS.map((salt) => {
  const rows = sources.flatMap((s) => s.run(lib, s.text, salt).heldOut.filter((h) => !heldKeys.has(h.key)))
  for (const r of rows) if (r.province) provinceOfCity.set(lib.normalizeName(r.city), r.province)
  return { salt, rows, keys: new Set(rows.map((r) => r.key)) }
})
console.log(`calibration folds: ${folds.map((f) => f.rows.length).join(' + ')} addresses (${heldKeys.size} held-out excluded)`)

// The committed store (already without the hold-out); each fold is removed from it in turn.
const manifest = readManifest()
const of = (kind) => manifest.artefacts.filter((a) => a.kind === kind)
const addressRows = of('addresses').flatMap((a) => readArtefact(a))
const streetRows = of('streets').flatMap((a) => readArtefact(a).map((fields) => ({ source: a.source, fields })))
const rowKey = (r) => r.slice(0, 6).join('|')

// Area extents from the address points: a city's around its place, a postal area's (OSM postcodes) around its FSA position.
const store = lib.geoStore()
const placeOfCity = new Map()
const placePoints = new Map()
for (const r of addressRows) {
  const cityKey = r[0]
  if (!placeOfCity.has(cityKey)) placeOfCity.set(cityKey, lib.findPlace(cityKey, provinceOfCity.get(cityKey)))
  const place = placeOfCity.get(cityKey)
  if (!place) continue
  const list = placePoints.get(place) ?? []
  list.push({ key: rowKey(r), m: lib.distanceKm(place.lat, place.lng, Number(r[6]) / 1e5, Number(r[7]) / 1e5) * 1000 })
  placePoints.set(place, list)
}
const fsaPoints = osmPostalPoints(sources.find((s) => s.name === 'osm-cities').text)

function osmPostalPoints(text) {
  const [header = [], ...lines] = lib.csvRecords(text)
  const col = Object.fromEntries(header.map((h, i) => [h, i]))
  const byFsa = new Map()
  const streetKeys = new Map()
  for (const f of lines) {
    const [province, city, numberText, street, postcode] = ['province', 'city', 'number', 'street', 'postcode'].map((c) => f[col[c]] ?? '')
    const fsa = store.fsaByCode.get(postcode.toUpperCase().slice(0, 3))
    if (!fsa || !/^[A-Z]\d[A-Z]\s*\d[A-Z]\d$/i.test(postcode.trim())) continue
    if (!streetKeys.has(street)) streetKeys.set(street, lib.streetKeyOfText(street))
    const sk = streetKeys.get(street)
    if (!sk) continue
    const keys = lib.osmCivicNumbers(numberText, province).map((c) => lib.recordKey({ ...sk, cityKey: lib.normalizeName(city), ...c }))
    if (!keys.length || keys.some((k) => heldKeys.has(k))) continue
    const list = byFsa.get(fsa) ?? []
    list.push({ key: keys[0], m: lib.distanceKm(fsa.lat, fsa.lng, Number(f[col.lat]), Number(f[col.lng])) * 1000 })
    byFsa.set(fsa, list)
  }
  return byFsa
}

/** Per-area radius (AREA_QUANTILE of its points' distances) without the points in `leftOut`. */
function areaRadii(points, leftOut) {
  const radii = new Map()
  for (const [area, list] of points) {
    const m = list.filter((p) => !leftOut.has(p.key)).map((p) => p.m)
    if (m.length >= MIN_AREA_POINTS) radii.set(area, Math.round(lib.quantile(m, AREA_QUANTILE)))
  }
  return radii
}

// Geocode every fold against the store without it, with raw terms.
lib.useRawAccuracyTerms(true)
const termSamples = Object.fromEntries(lib.ACCURACY_TERMS.map((t) => [t, []]))
const postal = []
const city = []
const counts = {}
/** Per city on the calibration sample: errors and the share at address or interpolated precision (--cities). */
const perCity = new Map()
for (const fold of folds) {
  const geodata = lib.memoryGeodata(
    addressRows.filter((r) => !fold.keys.has(rowKey(r))),
    streetRows,
  )
  const placeRadius = areaRadii(placePoints, fold.keys)
  const fsaRadius = areaRadii(fsaPoints, fold.keys)
  for (const row of fold.rows) {
    const result = geodata.geocode(lib.typed(row))
    const precision = result?.precision ?? 'not found'
    counts[precision] = (counts[precision] ?? 0) + 1
    if (!result) continue
    const errorM = lib.distanceKm(result.lat, result.lng, row.latE5 / 1e5, row.lngE5 / 1e5) * 1000
    const c = perCity.get(row.city) ?? { errors: [], exact: 0 }
    c.errors.push(errorM)
    if (precision === 'address' || precision === 'interpolated') c.exact++
    perCity.set(row.city, c)
    if (precision === 'postal_code') {
      const fsa = store.fsaByCode.get(result.postalCode?.slice(0, 3))
      if (fsa) postal.push({ errorM, radiusM: fsa.radiusM, measuredM: fsaRadius.get(fsa) ?? 0, area: fsa.code })
    } else if (precision === 'city') {
      const place = lib.findPlace(result.city, result.province)
      if (place)
        city.push({ errorM, radiusM: lib.populationDiscM(place.population), measuredM: placeRadius.get(place) ?? 0, area: place.name })
    } else if (precision !== 'intersection') {
      const { term, termM, detail } = lib.decodeRawTerm(result.accuracyM)
      termSamples[term].push({ errorM, termM, detail, group: row.city })
    }
  }
}
lib.useRawAccuracyTerms(false)
if (args.samples) writeFileSync(args.samples, JSON.stringify({ termSamples, postal, city }))
console.log(`precisions: ${JSON.stringify(counts)}`)
if (args.cities)
  for (const [name, c] of [...perCity].filter(([, c]) => c.errors.length >= 150).sort((a, b) => b[1].errors.length - a[1].errors.length))
    console.log(
      `  ${name.padEnd(18)} n ${String(c.errors.length).padStart(5)}  median ${lib.quantile(c.errors, 0.5).toFixed(1)} m, ` +
        `p90 ${lib.quantile(c.errors, 0.9).toFixed(0)} m, address|interpolated ${((100 * c.exact) / c.errors.length).toFixed(0)} %`,
    )

const pct = (x) => `${(100 * x).toFixed(1)} %`
const round3 = (x) => Math.round(x * 1000) / 1000
/** n results of which a share `holds` hold: the count held and the bound a validation group of n / folds keeps. */
function coverage(holds, n) {
  const held = Math.round(holds * n)
  return { n, held, holds: round3(holds), bound: round3(lib.coverageBound(held, n, n / RULE.folds, RULE.z)) }
}
// An exact civic match is rare once the address itself is left out (a compatible street of another type or
// direction): too few for a fit of its own, it is fitted with the number-only matches.
const MIN_TERM_SAMPLES = 100
// A number past a street's highest known one, placed from its numbering origin, is fitted with the ones between
// the origin and the lowest known number (a dozen results alone).
const POOLED_WITH = { address: 'addressNumberOnly', fromOriginBeyond: 'fromOrigin' }
/**
 * Cities as the validation groups them: a city with at least CITY_ROW addresses in the folds (the
 * validation's 100-address rows, once per fold) is a group of its own, the rest are pooled as `other`. A
 * group's results of one term are held to the rule on their own when it has at least MIN_CITY_RESULTS of
 * them (50 per fold: fewer cannot reach the bound at all below ~31 per fold, and would be fitted to noise).
 */
const CITY_ROW = 100 * FOLDS.length
const MIN_CITY_RESULTS = 50 * FOLDS.length
const foldCount = new Map()
for (const r of folds.flatMap((f) => f.rows)) foldCount.set(r.city, (foldCount.get(r.city) ?? 0) + 1)
for (const list of Object.values(termSamples)) for (const s of list) if (foldCount.get(s.group) < CITY_ROW) s.group = 'other'
const terms = {}
const termReport = {}
for (const term of lib.ACCURACY_TERMS) {
  const pooled = termSamples[term].length < MIN_TERM_SAMPLES && POOLED_WITH[term]
  const samples = pooled ? [...termSamples[term], ...termSamples[pooled]] : termSamples[term]
  const f = lib.fitTerm(samples, REQUIRED, { minGroup: MIN_CITY_RESULTS })
  terms[term] = { floorM: f.floorM, k: f.k, spanWeight: f.spanWeight, perNumberWeight: f.perNumberWeight, beyondWeight: f.beyondWeight }
  const cities = Object.fromEntries(f.groups.map((g) => [g.group, coverage(g.holds, g.n)]))
  termReport[term] = { ...coverage(f.holds, f.n), meanM: Math.round(f.meanM), ...(pooled && { pooledWith: pooled }), cities }
  const weights =
    f.spanWeight || f.perNumberWeight || f.beyondWeight
      ? ` × (term + ${f.spanWeight} span + ${f.perNumberWeight} m/number + ${f.beyondWeight} past the numbers)`
      : ''
  console.log(
    `${term.padEnd(18)} n ${String(f.n).padStart(5)}  floor ${f.floorM} m, k ${f.k}${weights}: ` +
      `holds ${pct(f.holds)} (bound ${pct(termReport[term].bound)}), mean radius ${f.meanM.toFixed(0)} m; ` +
      `${f.groups.length} groups held on their own, lowest bound ${pct(Math.min(...Object.values(cities).map((c) => c.bound)))}`,
  )
}
printCityHolds()

/** Per city and precision on the calibration folds: how the previous fit (the committed one) and this one hold. */
function printCityHolds() {
  const before = JSON.parse(readFileSync(join(repoRoot, `${OUT}.manifest.json`), 'utf8')).fit.terms
  const precisionOf = (term) => (term.startsWith('address') ? 'address' : term.startsWith('street') ? 'street' : 'interpolated')
  const radius = (fit, s) =>
    Math.max(fit.floorM, fit.k * lib.localTermM({ spanWeight: 0, perNumberWeight: 0, beyondWeight: 0, ...fit }, s.termM, s.detail))
  const cells = new Map()
  for (const [term, list] of Object.entries(termSamples))
    for (const s of list)
      for (const key of [`${precisionOf(term)}|${s.group}`, `${precisionOf(term)}|all cities`]) {
        const c = cells.get(key) ?? { n: 0, before: [], after: [], heldBefore: 0, heldAfter: 0 }
        const [rb, ra] = [radius(before[term] ?? terms[term], s), radius(terms[term], s)]
        c.n++
        c.heldBefore += s.errorM <= rb ? 1 : 0
        c.heldAfter += s.errorM <= ra ? 1 : 0
        c.before.push(rb)
        c.after.push(ra)
        cells.set(key, c)
      }
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length
  console.log('per city on the calibration folds (n ≥ 30): holds before → after (bound after); radius mean and median before → after')
  for (const [key, c] of [...cells].filter(([, c]) => c.n >= 30).sort())
    console.log(
      `  ${key.padEnd(34)} n ${String(c.n).padStart(5)}  ${pct(c.heldBefore / c.n)} → ${pct(c.heldAfter / c.n)} ` +
        `(bound ${pct(coverage(c.heldAfter / c.n, c.n).bound)}); ` +
        `mean ${mean(c.before).toFixed(0)} → ${mean(c.after).toFixed(0)} m, ` +
        `median ${lib.quantile(c.before, 0.5).toFixed(0)} → ${lib.quantile(c.after, 0.5).toFixed(0)} m`,
    )
}

/**
 * Areas: the fallback max(floor, k × extent) fitted alone (as if no area had address points; the extent is
 * the FSA's people radius or the place's population disc), then the maximum with the per-area radius.
 */
function fitArea(label, samples, minimumM) {
  const fitOf = (list) => {
    const f = lib.fitTerm(
      list.map((s) => ({ errorM: s.errorM, termM: s.radiusM })),
      REQUIRED,
      { kMin: AREA_K_MIN },
    )
    return { floorM: Math.max(minimumM, f.floorM), k: f.k }
  }
  const { floorM, k } = fitOf(samples)
  const fallback = (s, f = { floorM, k }) => Math.max(f.floorM, f.k * s.radiusM)
  const share = (pred) => samples.filter(pred).length / samples.length
  const fallbackHolds = share((s) => s.errorM <= fallback(s))
  const held = share((s) => s.errorM <= Math.max(fallback(s), s.measuredM))
  const measuredOnly = share((s) => s.errorM <= (s.measuredM || fallback(s)))
  // Leave one area out: the fallback fitted on the other areas' results, checked on the area's own.
  const fits = new Map([...new Set(samples.map((s) => s.area))].map((a) => [a, fitOf(samples.filter((s) => s.area !== a))]))
  const loao = share((s) => s.errorM <= fallback(s, fits.get(s.area)))
  console.log(
    `${label.padEnd(18)} n ${String(samples.length).padStart(5)}  floor ${floorM} m, k ${k}: fallback alone holds ${pct(fallbackHolds)} ` +
      `(leave-one-area-out ${pct(loao)}); measured radius where known ${pct(measuredOnly)}; the larger of both ${pct(held)}`,
  )
  const fallbackBound = coverage(fallbackHolds, samples.length).bound
  return {
    floorM,
    k,
    fallbackHolds: round3(fallbackHolds),
    fallbackBound,
    fallbackLeaveOneAreaOut: round3(loao),
    ...coverage(held, samples.length),
  }
}
const postalFit = fitArea('postal_code', postal, 0)
const cityFit = fitArea('city', city, 1000)

// The artefact: the fit, and the per-area radii from every kept address point (no fold left out).
const placeRadii = [...areaRadii(placePoints, new Set())].map(([p, m]) => `${lib.normalizeName(p.name)}|${p.province}|${m}`).sort()
const fsaRadii = [...areaRadii(fsaPoints, new Set())].map(([f, m]) => `${f.code}|${m}`).sort()
const area = ({ floorM, k }) => ({ floorM, k })
const fit = { rule: RULE, terms, postal: area(postalFit), city: area(cityFit) }
if (args['dry-run']) process.exit(0)
writeFileSync(
  join(repoRoot, `${OUT}.generated.ts`),
  '// GENERATED by research/calibrate-geocoder.mjs — do not edit by hand. Fit, sources and how it holds:\n' +
    "// accuracy-calibration.manifest.json. Per-area radii: `key|metres` holding 90 % of the area's address points.\n" +
    `export const ACCURACY_FIT = ${JSON.stringify(fit, null, 2)} as const\n` +
    `export const FSA_ACCURACY_TEXT = ${JSON.stringify(fsaRadii.join('\n'))}\n` +
    `export const PLACE_ACCURACY_TEXT = ${JSON.stringify(placeRadii.join('\n'))}\n`,
)
writeFileSync(
  join(repoRoot, `${OUT}.manifest.json`),
  `${JSON.stringify(
    {
      generatedBy: 'research/calibrate-geocoder.mjs',
      sources: sources.map((s) => ({ path: s.file, sha256: s.sha256, rowsRead: s.rowsRead })),
      geodataStore: manifest.dataVersion,
      calibration: { folds: FOLDS, rows: folds.map((f) => f.rows.length), heldOutExcluded: heldKeys.size },
      areaRadii: { quantile: AREA_QUANTILE, minPoints: MIN_AREA_POINTS, places: placeRadii.length, fsas: fsaRadii.length },
      fit,
      holdsOnCalibration: { ...termReport, postal_code: postalFit, city: cityFit },
    },
    null,
    2,
  )}\n`,
)
console.log(
  `✔ ${OUT}.generated.ts: ${placeRadii.length} places, ${fsaRadii.length} FSAs (${((performance.now() - started) / 1000).toFixed(1)} s)`,
)
