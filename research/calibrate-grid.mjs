#!/usr/bin/env node
// node research/calibrate-grid.mjs: the radius of a crossing placed on Calgary's and Edmonton's numbered grid
// (src/geo/geocode/grid-crossing.ts). Every crossing the store's lines do have of a street with a numbered street
// (Calgary's speed-zone and counted streets, Edmonton's main and counted roads) is left out in turn, and placed
// from the street's crossings with the nearest lower and higher numbers, as the geocoder would. Prints the errors
// against the two known crossings' distance apart and how often GRID_MIN_M + GRID_SHARE × that distance holds.
// This is a calibration on the store's own geometry, not a validation: validate:intersections and
// validate:corners check the result on the Cities' positions. No ../shared.
import { ARTEFACT_DIR, readArtefact, readManifest } from '../scripts/lib/geodata-artefacts.mjs'
import { importTs } from '../scripts/lib/load-ts.mjs'

const lib = await importTs(
  {
    'src/geo/geocode/grid-crossing.ts': '*',
    'src/geo/geocode/street-pieces.ts': ['decodePiece', 'crossingOfLines'],
    'src/geo/geodata/text.ts': ['distanceKm'],
  },
  { platform: 'node' },
)
const CITIES = { calgary: ['calgary'], edmonton: ['edmonton', 'edmonton-count-line'], vancouver: ['vancouver-corner-line'] }
const manifest = readManifest()
const STEPS = [0, 250, 500, 1000, 2000]

for (const [city, sources] of Object.entries(CITIES)) {
  const pieces = manifest.artefacts
    .filter((a) => a.kind === 'streets' && sources.includes(a.source))
    .flatMap((a) =>
      readArtefact(a, ARTEFACT_DIR).map(([nameKey, typeKey, dir, name, roadClass, , , , , , line, runM]) =>
        lib.decodePiece({ source: a.source, nameKey, typeKey, dir, name, roadClass: Number(roadClass), line, runM: Number(runM) || 0 }),
      ),
    )
  // Each street as a user types it (Calgary: with its quadrant) and the pieces the geocoder reads for it: those of
  // that quadrant and those written without one (streetsCompatible).
  const streets = new Map()
  for (const p of pieces) {
    // Calgary's quadrants and Vancouver's E/W halves are part of the street a user types; Edmonton's NW is not.
    const k = `${p.nameKey}|${p.typeKey}|${city === 'edmonton' ? '' : p.dir}`
    if (!streets.has(k)) streets.set(k, [])
  }
  for (const [k, list] of streets) {
    const [nameKey, typeKey, dir] = k.split('|')
    list.push(...pieces.filter((p) => p.nameKey === nameKey && p.typeKey === typeKey && (!dir || !p.dir || p.dir === dir)))
  }
  const results = []
  for (const [k, lines] of streets) {
    const [, typeKey, dir] = k.split('|')
    // An avenue's numbers count streets; any other street is crossed by the numbered avenues (Vancouver's Kingsway).
    const crossType = typeKey === 'ave' ? 'st' : 'ave'
    // Calgary: a street written without its quadrant could be in any of four (the geocoder's typed streets carry one).
    if (city === 'calgary' && !dir) continue
    for (const [ck, cross] of streets) {
      const [nameKey, t, cdir] = ck.split('|')
      const n = lib.gridNumberOf(nameKey)
      if (t !== crossType || n === undefined || (city === 'calgary' && cdir !== dir)) continue
      const truth = lib.crossingOfLines(lines, cross)
      if (!truth) continue
      const others = pieces.filter((p) => !(p.nameKey === nameKey && p.typeKey === t))
      // Near the true crossing: the geocoder's anchor is the city, but a repeated crossing is rare on one street.
      const placed = lib.crossingOfNumbered(lines, n, crossType, cdir, others, truth)
      if (!placed?.between) continue
      const [a, b] = placed.between
      const span = spanOf(lines, a, b, crossType, cdir, others, truth)
      const m = lib.distanceKm(placed.lat, placed.lng, truth.lat, truth.lng) * 1000
      results.push({ m, span, holds: m <= placed.accuracyM, accuracyM: placed.accuracyM, what: `${k} x ${ck} from ${a},${b}` })
    }
  }
  const q = (xs, p) => (xs.length ? xs.sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(0) : '-')
  console.log(`\n${city}: ${results.length} known crossings placed from their neighbours`)
  console.log('| neighbours apart | n | median m | p90 m | accuracyM holds |\n|---|---:|---:|---:|---:|')
  for (let i = 0; i < STEPS.length; i++) {
    const [lo, hi] = [STEPS[i], STEPS[i + 1] ?? Infinity]
    const g = results.filter((r) => r.span >= lo && r.span < hi)
    if (!g.length) continue
    const holds = g.filter((r) => r.holds).length
    console.log(
      `| ${lo}–${hi === Infinity ? '' : hi} m | ${g.length} | ${q(
        g.map((r) => r.m),
        0.5,
      )} | ${q(
        g.map((r) => r.m),
        0.9,
      )} | ${((100 * holds) / g.length).toFixed(0)} % |`,
    )
  }
  if (process.env.WORST)
    for (const r of results
      .filter((r) => !r.holds)
      .sort((x, y) => y.m - x.m)
      .slice(0, 15))
      console.log(`  ${r.m.toFixed(0)} m ±${r.accuracyM} span ${r.span.toFixed(0)}: ${r.what}`)
  const holds = results.filter((r) => r.holds).length
  console.log(
    `all: median ${q(
      results.map((r) => r.m),
      0.5,
    )} m, p90 ${q(
      results.map((r) => r.m),
      0.9,
    )} m, accuracyM holds ${((100 * holds) / results.length).toFixed(0)} %`,
  )
  const anchor = {
    calgary: { lat: 51.0447, lng: -114.0719 },
    edmonton: { lat: 53.5461, lng: -113.4938 },
    vancouver: { lat: 49.2609, lng: -123.1139 },
  }[city]
  for (const cutM of [0, 300, 500]) {
    const r = axesCheck(city, pieces, streets, anchor, cutM)
    const held = r.filter((x) => x.holds).length
    console.log(
      `numbered corners from the grid, ${cutM ? `lines cut ${cutM} m around the corner` : 'both streets left out'}: n ${r.length}, ` +
        `median ${q(
          r.map((x) => x.m),
          0.5,
        )} m, p90 ${q(
          r.map((x) => x.m),
          0.9,
        )} m, accuracyM holds ${r.length ? ((100 * held) / r.length).toFixed(0) : '-'} %`,
    )
    if (process.env.WORST)
      for (const x of r
        .filter((x) => !x.holds)
        .sort((a, b) => b.m - a.m)
        .slice(0, 8))
        console.log(`  ${x.m.toFixed(0)} m ${x.what}`)
  }
  // The share of the span that would make 90 % hold, beyond GRID_MIN_M.
  const needed = results.map((r) => Math.max(0, (r.m - lib.GRID_MIN_M) / r.span)).sort((x, y) => x - y)
  if (!needed.length) continue
  console.log(
    `share of the span needed for 90 % beyond ${lib.GRID_MIN_M} m: ` +
      `${needed[Math.floor(0.9 * needed.length)].toFixed(3)} (GRID_SHARE ${lib.GRID_SHARE})`,
  )
}

/**
 * Corners of a numbered street and a numbered avenue whose lines cross, placed from the grid with neither line
 * there (`crossingOnAxes`): both streets' pieces left out entirely (each between its neighbours), or only within
 * `cutM` of the corner (each carried along its axis). Anchored at the city's point 1–10 km away, as the geocoder.
 */
function axesCheck(city, pieces, streets, anchor, cutM) {
  const out = []
  for (const [k, lines] of streets) {
    const [nameKey, typeKey, dir] = k.split('|')
    const n = lib.gridNumberOf(nameKey)
    if (typeKey !== 'st' || n === undefined || (city === 'calgary' && !dir)) continue
    for (const [ck, cross] of streets) {
      const [cName, cType, cDir] = ck.split('|')
      const m = lib.gridNumberOf(cName)
      if (cType !== 'ave' || m === undefined || cDir !== dir) continue
      const truth = lib.crossingOfLines(lines, cross)
      if (!truth) continue
      const away = (c) => lib.distanceKm(truth.lat, truth.lng, c[1], c[0]) * 1000 > cutM
      const mine = (p) => (p.nameKey === nameKey && p.typeKey === 'st') || (p.nameKey === cName && p.typeKey === 'ave')
      const kept = pieces.filter((p) => !mine(p) || (cutM > 0 && p.coords.every(away)))
      const placed = lib.crossingOnAxes({ n, dir }, { n: m, dir }, kept, anchor)
      if (!placed) continue
      const err = lib.distanceKm(placed.lat, placed.lng, truth.lat, truth.lng) * 1000
      out.push({ m: err, holds: err <= placed.accuracyM, what: `${k} x ${ck} ±${placed.accuracyM}` })
    }
  }
  return out
}

function spanOf(lines, a, b, typeKey, dir, pieces, anchor) {
  const at = (k) => lib.crossingOfNumbered(lines, k, typeKey, dir, pieces, anchor)
  const [ca, cb] = [at(a), at(b)]
  return ca && cb ? lib.distanceKm(ca.lat, ca.lng, cb.lat, cb.lng) * 1000 : NaN
}
