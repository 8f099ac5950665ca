// The postal-area validation set (docs/methodology.md §5.5): Ontario forward sortation areas (FSAs,
// first letter K L M N P) with their 2011 transit commute share and their median household income,
// built from ../shared/data only (independent of the engine and of its artefacts).
// - Held out: the FSAs whose code isHeldOut (FNV-1a, 30 %), fixed before any fit; every fit on DAs
//   (research/fit-transit.mjs) leaves out the DAs of held-out FSAs.
// - A DA belongs to the FSA whose Statistics Canada 2021 polygon centroid is nearest to its
//   representative point (a Voronoi stand-in for the FSA polygons, which are not in the data pack).
// - Transit share of an FSA: mean of its DAs' 2011 transit shares (DAs with commute data; a DA holds
//   400–700 people, so a DA mean is close to a population-weighted one).
// - Income of an FSA: median over its DAs of the 2021 median household income of the census tract
//   containing the DA point (point in polygon on the raw tract polygons): the population-weighted
//   median tract income. Only FSAs with at least half their DAs inside tracts are kept.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { dataDir, isHeldOut, readCsv } from './common.mjs'

export const ONTARIO_FSA = /^[KLMNP]\d[A-Z]$/
const KM_PER_DEG = 111.195

/** Even-odd test of [lng, lat] against a polygon's rings. */
function inRings(lng, lat, rings) {
  let inside = false
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]
      const [xj, yj] = ring[j]
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside
    }
  return inside
}

/** The raw 2021 tract polygons (Ontario: ctuid starting 5xx CMA codes are mixed, so all are read), with a 0.1° grid. */
export function tractFinder() {
  const tracts = []
  const grid = new Map()
  for (const line of readFileSync(join(dataDir, 'income/ct-2021.geojsonl'), 'utf8').split('\n')) {
    if (!line) continue
    const f = JSON.parse(line)
    const polys = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
    let minX = Infinity,
      minY = Infinity,
      maxX = -Infinity,
      maxY = -Infinity
    for (const p of polys)
      for (const [x, y] of p[0]) {
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
        minY = Math.min(minY, y)
        maxY = Math.max(maxY, y)
      }
    const t = { ctuid: f.properties.ctuid, income: f.properties.median_household_income_2020, polys, box: [minX, minY, maxX, maxY] }
    tracts.push(t)
    for (let gx = Math.floor(minX * 10); gx <= Math.floor(maxX * 10); gx++)
      for (let gy = Math.floor(minY * 10); gy <= Math.floor(maxY * 10); gy++) {
        const key = `${gx},${gy}`
        if (!grid.has(key)) grid.set(key, [])
        grid.get(key).push(t)
      }
  }
  return (lat, lng) => {
    for (const t of grid.get(`${Math.floor(lng * 10)},${Math.floor(lat * 10)}`) ?? []) {
      const [x0, y0, x1, y1] = t.box
      if (lng < x0 || lng > x1 || lat < y0 || lat > y1) continue
      if (t.polys.some((p) => inRings(lng, lat, p))) return t
    }
    return undefined
  }
}

/** Ontario DA points (2016) with their Can-ALE measures, 2011 commute shares and containing tract. */
export function ontarioDas(tractAt = tractFinder()) {
  const commute = new Map(readCsv('da2016/commute-2011-da.csv').map((r) => [r.dauid, r]))
  const out = []
  for (const r of readCsv('da2016/da2016-canale.csv')) {
    if (!r.dauid.startsWith('35') || r.pop_density_1km === '') continue
    const lat = Number(r.lat),
      lng = Number(r.lng)
    const c = commute.get(r.dauid)
    const share = c && c.in_da2016 === '1' && Number(c.all_modes_rate) > 0 ? Number(c.transit_rate) : undefined
    const tract = tractAt(lat, lng)
    out.push({
      dauid: r.dauid,
      lat,
      lng,
      density: Number(r.pop_density_1km),
      stops1km: r.transit_stops_1km === '' ? undefined : Number(r.transit_stops_1km),
      transitShare: share,
      tractIncome: tract?.income,
      fsa: '', // the nearest FSA centroid's, set by ontarioPostalAreas
      fsaKm: 0,
    })
  }
  return out
}

/** Ontario FSAs with their DAs (nearest StatCan FSA centroid), area transit share and area income. */
export function ontarioPostalAreas(das = ontarioDas()) {
  const fsas = readCsv('fsa/fsa-statcan-2021-centroids.csv')
    .filter((r) => ONTARIO_FSA.test(r.fsa))
    .map((r) => ({ fsa: r.fsa, lat: Number(r.lat), lng: Number(r.lng), das: [] }))
  for (const d of das) {
    const kx = Math.cos((d.lat * Math.PI) / 180)
    let best,
      bestSq = Infinity
    for (const f of fsas) {
      const dSq = ((f.lng - d.lng) * kx) ** 2 + (f.lat - d.lat) ** 2
      if (dSq < bestSq) {
        bestSq = dSq
        best = f
      }
    }
    d.fsa = best.fsa
    d.fsaKm = Math.sqrt(bestSq) * KM_PER_DEG
    best.das.push(d)
  }
  const median = (v) => {
    const s = [...v].sort((a, b) => a - b)
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
  }
  return fsas.map((f) => {
    const shares = f.das.filter((d) => d.transitShare !== undefined).map((d) => d.transitShare)
    const incomes = f.das.filter((d) => d.tractIncome !== undefined).map((d) => d.tractIncome)
    return {
      fsa: f.fsa,
      lat: f.lat,
      lng: f.lng,
      heldOut: isHeldOut(f.fsa),
      rural: f.fsa[1] === '0',
      das: f.das.length,
      transitShare: shares.length >= 3 ? shares.reduce((s, x) => s + x, 0) / shares.length : undefined,
      income: incomes.length >= 3 && incomes.length >= f.das.length / 2 ? median(incomes) : undefined,
    }
  })
}
