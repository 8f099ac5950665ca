// Shared by scripts/fit-traffic.mjs and scripts/validate-geodata.mjs: the deterministic train/test
// split, the raw validation data read from ../shared/data, Spearman's ρ, and loading an engine's src/
// (scripts/lib/load-ts.mjs: the same code the worker runs).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseCsv } from '../geodata/lib.mjs'
import { loadTs } from '../lib/load-ts.mjs'

// The worker's own metres per degree (src/geo/geodata/geodesy.ts): one Earth radius everywhere.
const { METRES_PER_DEGREE_LAT, metresPerDegreeLng } = await loadTs('src/geo/geodata/geodesy.ts')

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
export const dataDir = process.env.SHARED_DATA_DIR ?? join(root, '../shared/data')
export const hasData = () => existsSync(join(dataDir, 'README.md'))

/** FNV-1a: a stable hash of an id, so the split never depends on file order or a random seed. */
export function hash(s) {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 16777619)
  }
  return h >>> 0
}
/** 30 % of ids are held out of every fit and every measured lookup used to predict them. */
export const isHeldOut = (id) => hash(String(id)) % 10 < 3

export const readCsv = (path) => parseCsv(readFileSync(join(dataDir, path), 'utf8'))

export function spearman(a, b) {
  const rank = (v) => {
    const order = v.map((x, i) => [x, i]).sort((p, q) => p[0] - q[0])
    const r = new Array(v.length)
    for (let i = 0; i < order.length; ) {
      let j = i
      while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++
      for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2
      i = j + 1
    }
    return r
  }
  const ra = rank(a),
    rb = rank(b),
    n = a.length
  const ma = ra.reduce((s, x) => s + x, 0) / n,
    mb = rb.reduce((s, x) => s + x, 0) / n
  let num = 0,
    da = 0,
    db = 0
  for (let i = 0; i < n; i++) {
    num += (ra[i] - ma) * (rb[i] - mb)
    da += (ra[i] - ma) ** 2
    db += (rb[i] - mb) ** 2
  }
  return da && db ? num / Math.sqrt(da * db) : NaN
}

const metres = (lat1, lng1, lat2, lng2) => Math.hypot((lng2 - lng1) * metresPerDegreeLng(lat1), (lat2 - lat1) * METRES_PER_DEGREE_LAT)
export const parseMultiLine = (wkt) =>
  wkt
    .replace(/^MULTILINESTRING\s*\(\(/, '')
    .replace(/\)\)$/, '')
    .split(/\)\s*,\s*\(/)
    .map((part) => part.split(',').map((p) => p.trim().split(/\s+/).map(Number)))
/** The point halfway along a polyline ([lng, lat] pairs). */
export function halfway(coords) {
  let total = 0
  for (let i = 1; i < coords.length; i++) total += metres(coords[i - 1][1], coords[i - 1][0], coords[i][1], coords[i][0])
  let left = total / 2
  for (let i = 1; i < coords.length; i++) {
    const d = metres(coords[i - 1][1], coords[i - 1][0], coords[i][1], coords[i][0])
    if (left <= d) {
      const t = d ? left / d : 0
      return [coords[i - 1][0] + t * (coords[i][0] - coords[i - 1][0]), coords[i - 1][1] + t * (coords[i][1] - coords[i - 1][1])]
    }
    left -= d
  }
  return coords[coords.length - 1]
}

/** Calgary counted sections: the latest non-zero year of each section name, at the middle of its longest part. */
export function calgarySections() {
  const latest = new Map()
  for (const year of [2016, 2017, 2018]) {
    for (const r of readCsv(`calgary/traffic-volumes-${year}.csv`)) {
      const volume = Number(r.volume)
      if (!(volume > 0)) continue
      const prev = latest.get(r.secname)
      if (!prev || year >= prev.fileYear)
        latest.set(r.secname, { secname: r.secname, fileYear: year, volume, parts: parseMultiLine(r.wkt) })
    }
  }
  return [...latest.values()].map((s) => {
    const longest = s.parts.reduce((a, b) => (b.length > a.length ? b : a))
    const [lng, lat] = halfway(longest)
    return { ...s, lat, lng }
  })
}

/** Ids of sections in the bundled table: the name, or "NAME#n" where one year lists several pieces under one name. */
export const sectionIds = (list) => new Set(list.flatMap((s) => [s.secname, ...Array.from({ length: 12 }, (_, n) => `${s.secname}#${n}`)]))

/**
 * The street of a Calgary section's mid-point, as a user would type it: the nearest line of the
 * City's speed-limit file within 20 m (it carries street names, e.g. "DEERFOOT TR SE"), else the
 * numbered street in the section name ("17AVS12" → 17 Ave). Returns a finder (the file is read once).
 */
export function calgaryStreetFinder() {
  const QUADRANT = /\s+(NE|NW|SE|SW|N|S|E|W)$/
  const TYPES = {
    AV: 'Ave',
    ST: 'St',
    TR: 'Trail',
    BV: 'Blvd',
    DR: 'Dr',
    RD: 'Rd',
    WY: 'Way',
    CR: 'Cres',
    GT: 'Gate',
    PY: 'Pkwy',
    HY: 'Hwy',
    CO: 'Crt',
    PL: 'Pl',
    LI: 'Link',
    HE: 'Hts',
    CI: 'Circle',
  }
  const speedStreets = readCsv('calgary/speed-limits.csv')
    .filter((r) => r.street_name && !/RAMP/.test(r.street_name))
    .map((r) => ({ name: r.street_name, parts: parseMultiLine(r.wkt) }))
  function toStreet(text) {
    const words = text.replace(QUADRANT, '').trim().split(/\s+/)
    const type = TYPES[words.at(-1)]
    const body = (type ? words.slice(0, -1) : words).join(' ')
    return { name: body.replace(/\b([A-Z])([A-Z]*)\b/g, (_, a, b) => a + b.toLowerCase()), ...(type && { type }) }
  }
  function streetOf(s) {
    const kx = metresPerDegreeLng(s.lat)
    let best,
      bestD = 20
    for (const st of speedStreets)
      for (const part of st.parts)
        for (let i = 1; i < part.length; i++) {
          const ax = (part[i - 1][0] - s.lng) * kx,
            ay = (part[i - 1][1] - s.lat) * METRES_PER_DEGREE_LAT,
            bx = (part[i][0] - s.lng) * kx,
            by = (part[i][1] - s.lat) * METRES_PER_DEGREE_LAT
          const dx = bx - ax,
            dy = by - ay,
            L = dx * dx + dy * dy,
            t = L ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / L)) : 0
          const d = Math.hypot(ax + t * dx, ay + t * dy)
          if (d < bestD) {
            bestD = d
            best = st.name
          }
        }
    if (best) return { street: toStreet(best), source: 'speed-limit file' }
    const numbered = /^(\d+)(AV|ST)/.exec(s.secname)
    if (numbered) return { street: { name: numbered[1], type: numbered[2] === 'AV' ? 'Ave' : 'St' }, source: 'section name' }
    return { street: undefined, source: 'none' }
  }
  return streetOf
}
