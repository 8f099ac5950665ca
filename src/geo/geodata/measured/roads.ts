// Statistics Canada 2021 Road Network File for Ottawa (roads.bin and road-coverage.bin, built by
// scripts/geodata/roads.mjs): segments with class, rank and name body. The segments' boxes are
// decoded at first use; a segment's vertices, id, class and name index when a query first reaches it.
import roadsData from '../../data/roads.bin'
import coverageData from '../../data/road-coverage.bin'
import { normalizeName } from '../text'
import { BinaryReader, COORD_SCALE, asBytes } from './binary'
import type { LookupOptions } from './options'
import { nearestPoint, pieceBearingDeg } from './planar'
import { Shapes } from './shapes'
import FORMATS from '../../data/formats.json'

export interface RoadTable {
  /** per segment: attributes [ngd_uid, RNF CLASS × 8 + RANK, index + 1 into names (0 = unnamed)] and vertices */
  lines: Shapes
  /** the sorted name table (decoded on first use) */
  readonly names: string[]
}

export interface NearestRoadSegment {
  id: string
  rnfClass: number
  rank: number
  name: string | null
  distanceM: number
  /** compass bearing of the piece nearest the point, in its digitised direction (0–360) */
  bearingDeg: number
}

const NGD_UID = 0
const CLASS_RANK = 1
const NAME_INDEX = 2
let table: RoadTable | undefined

export function roadTable(): RoadTable {
  if (table) return table
  const reader = new BinaryReader(asBytes(roadsData), FORMATS.roads.magic, FORMATS.roads.version)
  const lines = new Shapes(reader, COORD_SCALE, 0.002, 3)
  let names: string[] | undefined
  table = {
    lines,
    get names() {
      names ??= reader.strings()
      return names
    },
  }
  return table
}

// The network's vertices lie in 44.966–45.526 N, 76.354–75.246 W: elsewhere, answer without decoding.
const OTTAWA = { minLat: 44.95, maxLat: 45.54, minLng: -76.37, maxLng: -75.23 }
const outsideOttawa = (lat: number, lng: number) => lat < OTTAWA.minLat || lat > OTTAWA.maxLat || lng < OTTAWA.minLng || lng > OTTAWA.maxLng

/** The road segment nearest the point within `maxM` metres. `exclude` takes ngd_uids. */
export function nearestRoadSegment(lat: number, lng: number, maxM: number, options?: LookupOptions): NearestRoadSegment | undefined {
  if (outsideOttawa(lat, lng)) return undefined
  const t = roadTable()
  const exclude = options?.exclude?.size ? options.exclude : undefined
  const nearest = nearestPoint()
  const bestNearest = nearestPoint()
  let best = -1
  let bestM = Infinity
  t.lines.forEachNear(lat, lng, maxM, (i) => {
    if (exclude?.has(String(t.lines.attribute(i, NGD_UID)))) return
    const distanceM = t.lines.nearestPoint(i, lat, lng, nearest)
    if (distanceM <= maxM && distanceM < bestM) {
      best = i
      bestM = distanceM
      bestNearest.pieceEast = nearest.pieceEast
      bestNearest.pieceNorth = nearest.pieceNorth
    }
  })
  if (best < 0) return undefined
  const classRank = t.lines.attribute(best, CLASS_RANK)
  const nameIndex = t.lines.attribute(best, NAME_INDEX)
  return {
    id: String(t.lines.attribute(best, NGD_UID)),
    rnfClass: classRank >> 3,
    rank: classRank & 7,
    name: nameIndex === 0 ? null : t.names[nameIndex - 1],
    distanceM: bestM,
    bearingDeg: pieceBearingDeg(bestNearest),
  }
}

export interface NamedRoadSegment {
  id: string
  rnfClass: number
  coords: [lng: number, lat: number][]
}

let segmentsByName: Map<string, number[]> | undefined
const namedCache = new Map<string, readonly NamedRoadSegment[]>()

/** Segments whose name body matches (normalised: case, accents, St/Saint…), e.g. "Bank" or "Montréal".
 *  The RNF name has no street type or direction, so "Rideau" covers Rideau St and Rideau River Dr. */
export function roadSegmentsNamed(name: string): readonly NamedRoadSegment[] {
  const key = normalizeName(name)
  const cached = namedCache.get(key)
  if (cached) return cached
  const t = roadTable()
  const lines = t.lines
  if (!segmentsByName) {
    segmentsByName = new Map()
    for (let i = 0; i < lines.count; i++) {
      const nameIndex = lines.attribute(i, NAME_INDEX)
      if (nameIndex === 0) continue
      const k = normalizeName(t.names[nameIndex - 1])
      const list = segmentsByName.get(k)
      if (list) list.push(i)
      else segmentsByName.set(k, [i])
    }
  }
  const result = (segmentsByName.get(key) ?? []).map((i) => {
    const coords = lines
      .coordinates(i)
      .flat()
      .map(([lat, lng]): [number, number] => [lng / COORD_SCALE, lat / COORD_SCALE])
    return { id: String(lines.attribute(i, NGD_UID)), rnfClass: lines.attribute(i, CLASS_RANK) >> 3, coords }
  })
  namedCache.set(key, result)
  return result
}

interface Coverage {
  cellUnits: number
  row0: number
  col0: number
  rows: number
  cols: number
  covered: Uint8Array
}
let coverage: Coverage | undefined

function coverageTable(): Coverage {
  if (coverage) return coverage
  const reader = new BinaryReader(asBytes(coverageData), FORMATS.roadCoverage.magic, FORMATS.roadCoverage.version)
  const cellUnits = reader.uvarint()
  const row0 = reader.svarint()
  const col0 = reader.svarint()
  const rows = reader.uvarint()
  const cols = reader.uvarint()
  const runs = reader.ints()
  const covered = new Uint8Array(rows * cols)
  let cell = 0
  for (let r = 0; r < runs.length; r++) {
    if (r % 2 === 1) covered.fill(1, cell, cell + runs[r])
    cell += runs[r]
  }
  coverage = { cellUnits, row0, col0, rows, cols, covered }
  return coverage
}

/** True inside the area a loaded road network (Ottawa RNF 2021) covers, at 0.01° resolution. */
export function roadNetworkCovers(lat: number, lng: number): boolean {
  if (outsideOttawa(lat, lng)) return false
  const c = coverageTable()
  // Same integer arithmetic as the build (quantised units), so cell edges agree exactly.
  const row = Math.floor(Math.round(lat * COORD_SCALE) / c.cellUnits) - c.row0
  const col = Math.floor(Math.round(lng * COORD_SCALE) / c.cellUnits) - c.col0
  return row >= 0 && row < c.rows && col >= 0 && col < c.cols && c.covered[row * c.cols + col] === 1
}
