// Calgary's counted sections as the counted volumes and the research read them: each section name's latest
// non-zero year at the middle of its longest part, and the street a user would type there. Read by the
// store's counted volumes (scripts/geodata/counts.mjs) and by research/validate-geodata.mjs.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadTs } from '../lib/load-ts.mjs'
import { csvObjects, sharedDataDir } from './lib.mjs'

// The worker's own metres per degree (src/geo/geodata/geodesy.ts): one Earth radius everywhere.
const { METRES_PER_DEGREE_LAT, metresPerDegreeLng } = await loadTs('src/geo/geodata/geodesy.ts')

/** The open-data pack (../shared/data, or SHARED_DATA_DIR). */
export const dataDir = sharedDataDir(join(dirname(fileURLToPath(import.meta.url)), '../..'))
/** A CSV file of the data pack (path relative to it) as rows. */
export const readCsv = (path) => csvObjects(readFileSync(join(dataDir, path), 'utf8'))

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
