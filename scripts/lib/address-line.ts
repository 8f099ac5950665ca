// Pseudo-centrelines for GTA streets the OpenStreetMap file has no geometry for ("the hole", 67 main
// roads with none and many with only part of their length): a line through the street's own address
// points, per municipality and street. Stored as street pieces of source `gta-address-line`
// (docs/geocoding.md, "Streets on the GTA file's hole"). Pure; used by scripts/build-geodata-store.mjs and
// by the validations, which build the same lines from a street whose centreline they withhold.
import polyline from '@mapbox/polyline'
import { streetKeyOfText, type StreetKey } from '../../src/geo/geocode/street-key'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../../src/geo/geodata/geodesy'
import { axisThrough, type Xy } from '../../src/geo/geocode/street-geometry'
import type { AddressRecord } from './address-import'
import { csvRecords } from './csv.mjs'
import { osmRoadClass, pieceRows, type StreetPieceRow } from './geodata-store-streets'

type LngLat = [number, number]

/**
 * Consecutive points farther apart than this do not make one line. Toronto's arterial grid puts a main
 * road crossing every ~2 km and a side street every ~100–250 m, so a 600 m gap skips a few side streets but
 * no arterial; a chord across it strays from a road bending by 10° (the prior of MAX_AXIS_REACH_M's
 * carried axes) by at most 600 · sin(5°)/2 ≈ 26 m. Chosen from these figures, not fitted.
 */
export const MAX_LINE_GAP_M = 600
/**
 * Points are averaged in bins this long along the street: long enough to hold lots of both sides (10–30 m
 * wide), so the mean falls between them, near the centreline; shorter than a block, so bends are kept.
 */
export const BIN_M = 100
/** A part of a street whose points stray more than this from one straight axis is split in two (a bend). */
const BEND_RMS_M = 25
/** A point this close to its own street's real centreline is covered by it: no line is built there. */
export const COVERED_M = 100
/** Municipalities of the GTA street file (toronto/osm-gta-streets.geojsonl), as address city keys. */
export const GTA_CITIES = new Set([
  'toronto',
  'mississauga',
  'brampton',
  'markham',
  'richmond hill',
  'vaughan',
  'pickering',
  'ajax',
  'whitby',
  'oshawa',
])
export const ADDRESS_LINE_SOURCE = 'gta-address-line'

/**
 * The street's line(s) through its address points (lon/lat), ordered along it and averaged per BIN_M.
 * Points that stand on the roadway (the City's corner positions, scripts/lib/city-corners.ts) pass a
 * short `binM` (each point its own vertex) and the gap their spacing allows.
 */
export function addressLines(points: LngLat[], options: { gapM?: number; binM?: number } = {}): LngLat[][] {
  const gapM = options.gapM ?? MAX_LINE_GAP_M
  const binM = options.binM ?? BIN_M
  const unique = [...new Map(points.map((p) => [`${p[0]},${p[1]}`, p])).values()]
  if (unique.length < 2) return []
  const lat0 = unique[0][1]
  const lng0 = unique[0][0]
  const kx = metresPerDegreeLng(lat0)
  const ky = METRES_PER_DEGREE_LAT
  const xy = unique.map(([lng, lat]): Xy => [(lng - lng0) * kx, (lat - lat0) * ky])
  const out: LngLat[][] = []
  for (const component of componentsOf(xy, gapM)) {
    if (component.length < 2) continue
    const vertices = ordered(component, undefined, binM)
    let line: Xy[] = []
    for (const v of vertices) {
      // Lots within MAX_LINE_GAP_M are linked; their bins' centres may stand up to a bin further apart.
      if (line.length && dist(line[line.length - 1], v) > gapM + binM) {
        if (line.length > 1) out.push(line.map(toLngLat))
        line = []
      }
      line.push(v)
    }
    if (line.length > 1) out.push(line.map(toLngLat))
  }
  return out
  function toLngLat([x, y]: Xy): LngLat {
    return [lng0 + x / kx, lat0 + y / ky]
  }
}

/** Points linked by steps of at most gapM (single linkage), in input order. */
function componentsOf(pts: Xy[], gapM: number): Xy[][] {
  const parent = pts.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i]
    return i
  }
  for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) if (dist(pts[i], pts[j]) <= gapM) parent[find(i)] = find(j)
  const groups = new Map<number, Xy[]>()
  pts.forEach((p, i) => {
    const root = find(i)
    groups.set(root, [...(groups.get(root) ?? []), p])
  })
  return [...groups.values()]
}

/** Bin centroids along the points' axis; a part that bends (RMS off the axis > BEND_RMS_M) is halved and each half fitted. */
function ordered(pts: Xy[], parentDir: Xy | undefined, binM: number): Xy[] {
  const axis = axisThrough(pts)
  const dir: Xy = parentDir && axis.dir[0] * parentDir[0] + axis.dir[1] * parentDir[1] < 0 ? [-axis.dir[0], -axis.dir[1]] : axis.dir
  const along = pts.map((p) => (p[0] - axis.at[0]) * dir[0] + (p[1] - axis.at[1]) * dir[1])
  const extent = Math.max(...along) - Math.min(...along)
  const rms = Math.sqrt(pts.reduce((s, p) => s + ((p[0] - axis.at[0]) * dir[1] - (p[1] - axis.at[1]) * dir[0]) ** 2, 0) / pts.length)
  if (rms > BEND_RMS_M && pts.length >= 6 && extent > 2 * Math.max(binM, BIN_M)) {
    const order = pts.map((_, i) => i).sort((a, b) => along[a] - along[b])
    const half = Math.floor(order.length / 2)
    return [
      ...ordered(
        order.slice(0, half).map((i) => pts[i]),
        dir,
        binM,
      ),
      ...ordered(
        order.slice(half).map((i) => pts[i]),
        dir,
        binM,
      ),
    ]
  }
  const lo = Math.min(...along)
  const bins = new Map<number, Xy[]>()
  pts.forEach((p, i) => {
    const b = Math.floor((along[i] - lo) / binM)
    bins.set(b, [...(bins.get(b) ?? []), p])
  })
  return [...bins.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, list]): Xy => [list.reduce((s, p) => s + p[0], 0) / list.length, list.reduce((s, p) => s + p[1], 0) / list.length])
}

const dist = (p: Xy, q: Xy) => Math.hypot(p[0] - q[0], p[1] - q[1])
const keyOf = (k: StreetKey) => `${k.nameKey}|${k.typeKey}|${k.dir}`

/** Street key → the OSM name and its class (the highest of the name's `highway` tags) from osm-gta-street-names.csv. */
export function gtaNameClasses(namesCsv: string): Map<string, { name: string; roadClass: number }> {
  const out = new Map<string, { name: string; roadClass: number }>()
  for (const [name, highway] of csvRecords(namesCsv).slice(1)) {
    const rc = osmRoadClass(highway)
    const key = rc !== undefined ? streetKeyOfText(name) : undefined
    if (!key || rc === undefined) continue
    const k = keyOf(key)
    const had = out.get(k)
    if (!had || rc > had.roadClass || (rc === had.roadClass && name < had.name)) out.set(k, { name, roadClass: rc })
  }
  return out
}

/** Distance in metres from a point to the nearest of some decoded lines (lon/lat). */
export function metresToLines(lines: LngLat[][], lng: number, lat: number): number {
  const kx = metresPerDegreeLng(lat)
  const ky = METRES_PER_DEGREE_LAT
  let best = Infinity
  for (const line of lines)
    for (let i = 1; i < line.length; i++) {
      const a: Xy = [(line[i - 1][0] - lng) * kx, (line[i - 1][1] - lat) * ky]
      const b: Xy = [(line[i][0] - lng) * kx, (line[i][1] - lat) * ky]
      const d: Xy = [b[0] - a[0], b[1] - a[1]]
      const len2 = d[0] * d[0] + d[1] * d[1]
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(a[0] * d[0] + a[1] * d[1]) / len2))
      best = Math.min(best, Math.hypot(a[0] + t * d[0], a[1] + t * d[1]))
    }
  return best
}

/**
 * Store rows of source ADDRESS_LINE_SOURCE: per GTA municipality and street named in the names file, the line
 * through its address points that lie more than COVERED_M from the street's own centreline (`centrelines`,
 * the streets-gta rows), with the name's class. Points of streets the names file does not list are skipped.
 */
export function gtaAddressLineRows(
  records: AddressRecord[],
  centrelines: StreetPieceRow[],
  namesCsv: string,
  /** Lines a hole line takes in (scripts/lib/city-corners.ts): not written twice. */
  absorbed: (line: GtaAddressLine) => boolean = () => false,
): { rows: StreetPieceRow[]; features: number } {
  const { lines, features } = gtaAddressLines(records, centrelines, namesCsv)
  const rows = lines.filter((l) => !absorbed(l)).flatMap((l) => pieceRows(l.key, l.name, l.roadClass, l.coords))
  return { rows, features }
}

/** One address line: its street, the name's class, and its vertices (lon/lat). */
export interface GtaAddressLine {
  key: StreetKey
  name: string
  roadClass: number
  coords: LngLat[]
}

/** The address lines of gtaAddressLineRows, before they are cut into pieces. */
export function gtaAddressLines(
  records: AddressRecord[],
  centrelines: StreetPieceRow[],
  namesCsv: string,
): { lines: GtaAddressLine[]; features: number } {
  const classes = gtaNameClasses(namesCsv)
  const linesByKey = new Map<string, LngLat[][]>()
  for (const r of centrelines) {
    const k = keyOf(r)
    const coords = polyline.decode(r.line, 5).map(([lat, lng]): LngLat => [lng, lat])
    linesByKey.set(k, [...(linesByKey.get(k) ?? []), coords])
  }
  const groups = new Map<string, { key: StreetKey; points: LngLat[] }>()
  for (const r of records) {
    if (!GTA_CITIES.has(r.cityKey) || !classes.has(keyOf(r))) continue
    const lng = r.lngE5 / 1e5
    const lat = r.latE5 / 1e5
    const own = linesByKey.get(keyOf(r))
    if (own && metresToLines(own, lng, lat) <= COVERED_M) continue
    const g = `${r.cityKey}|${keyOf(r)}`
    const group = groups.get(g) ?? { key: { nameKey: r.nameKey, typeKey: r.typeKey, dir: r.dir }, points: [] }
    group.points.push([lng, lat])
    groups.set(g, group)
  }
  const lines: GtaAddressLine[] = []
  for (const g of [...groups.keys()].sort()) {
    const { key, points } = groups.get(g)!
    const { name, roadClass } = classes.get(keyOf(key))!
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1])
    for (const coords of addressLines(points)) lines.push({ key, name, roadClass, coords })
  }
  return { lines, features: groups.size }
}
