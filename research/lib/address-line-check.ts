// Issue 21 item 5 on the GTA file's hole: from a coordinate beside an address on a street the GTA file has
// no centreline for there, does `locateStreet` (the worker's reverse street) name that street? Before: the
// store without address lines; after: with address lines rebuilt without the points tested. The points
// tested (1 in 5 by hash) are removed from the address points of both, so the answer cannot be the point
// itself; each is moved 0–20 m in a random direction (seeded). Pure apart from the in-memory store.
import { hash } from '../../scripts/lib/geodata-store-build'
import { addressLines, ADDRESS_LINE_SOURCE, COVERED_M, GTA_CITIES, metresToLines } from '../../scripts/lib/address-line'
import { memoryGeodata } from '../../scripts/lib/geodata-memory'
import { pieceRows } from '../../scripts/lib/geodata-store-streets'
import { seededRandom } from '../../scripts/lib/seeded-random.mjs'
import { decodePiece } from '../../src/geo/geocode/street-pieces'
import { normalizeName } from '../../src/geo/geodata/text'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../../src/geo/geodata/geodesy'
import { ROAD_CLASS_SCALE } from '../../src/geo/geodata/store-format'

interface StreetRow {
  source: string
  fields: string[]
}
export interface LocateShare {
  set: string
  n: number
  ownBefore: number
  ownAfter: number
  classBefore: number
  classAfter: number
}

const keyOf = (f: string[]) => `${f[0]}|${f[1]}|${f[2]}`

export async function checkHoleLocate(addressRows: string[][], streetRows: StreetRow[]): Promise<LocateShare[]> {
  const centrelines = new Map<string, [number, number][][]>()
  const named = new Map<string, string[]>()
  for (const r of streetRows) {
    if (r.source === ADDRESS_LINE_SOURCE) named.set(keyOf(r.fields), r.fields)
    if (r.source !== 'gta') continue
    const piece = decodePiece({ source: r.source, nameKey: '', typeKey: '', dir: '', name: '', roadClass: 0, line: r.fields[10] })
    centrelines.set(keyOf(r.fields), [...(centrelines.get(keyOf(r.fields)) ?? []), piece.coords])
  }
  // Hole points: GTA address points of a street with an address line in the store, farther than COVERED_M from its centreline.
  const isHole = (row: string[]) => {
    const own = centrelines.get(keyOf(row.slice(1)))
    return !own || metresToLines(own, Number(row[7]) / 1e5, Number(row[6]) / 1e5) > COVERED_M
  }
  const gta = addressRows.filter((r) => GTA_CITIES.has(r[0]) && named.has(keyOf(r.slice(1))))
  const tested = (r: string[]) => hash(r.join('|')) % 5 === 0
  const holeTest = gta.filter((r) => tested(r) && isHole(r))
  const controlTest = gta.filter((r) => tested(r) && !isHole(r))
  const removed = new Set([...holeTest, ...controlTest])
  const kept = addressRows.filter((r) => !removed.has(r))
  // Address lines from the kept hole points only, per municipality and street (as the build does).
  const groups = new Map<string, string[][]>()
  for (const r of kept)
    if (GTA_CITIES.has(r[0]) && named.has(keyOf(r.slice(1))) && isHole(r))
      groups.set(r.slice(0, 4).join('|'), [...(groups.get(r.slice(0, 4).join('|')) ?? []), r])
  const lineRows: StreetRow[] = []
  for (const g of [...groups.keys()].sort()) {
    const rows = groups.get(g)!
    const f = named.get(keyOf(rows[0].slice(1)))!
    const key = { nameKey: f[0], typeKey: f[1], dir: f[2] }
    for (const line of addressLines(rows.map((r) => [Number(r[7]) / 1e5, Number(r[6]) / 1e5])))
      for (const p of pieceRows(key, f[3], Number(f[4]) / ROAD_CLASS_SCALE, line))
        lineRows.push({
          source: ADDRESS_LINE_SOURCE,
          fields: [p.nameKey, p.typeKey, p.dir, p.name, p.roadClass, p.cell, p.minLatE5, p.minLngE5, p.maxLatE5, p.maxLngE5, p.line].map(
            String,
          ),
        })
  }
  const network = streetRows.filter((r) => r.source !== ADDRESS_LINE_SOURCE)
  const before = memoryGeodata(kept, network)
  const after = memoryGeodata(kept, [...network, ...lineRows])
  const out: LocateShare[] = []
  for (const [set, points] of [
    ['GTA hole points', holeTest],
    ['GTA points with a centreline within 100 m (control)', controlTest],
  ] as const) {
    const random = seededRandom(21)
    const share: LocateShare = { set, n: points.length, ownBefore: 0, ownAfter: 0, classBefore: 0, classAfter: 0 }
    for (const r of points) {
      const lat = Number(r[6]) / 1e5
      const lng = Number(r[7]) / 1e5
      const m = 20 * random()
      const a = 2 * Math.PI * random()
      const at = [lat + (m * Math.sin(a)) / METRES_PER_DEGREE_LAT, lng + (m * Math.cos(a)) / metresPerDegreeLng(lat)] as const
      const [b, c] = [await before.locate(...at), await after.locate(...at)]
      share.ownBefore += Number(!!b && normalizeName(b.name) === r[1])
      share.ownAfter += Number(!!c && normalizeName(c.name) === r[1])
      share.classBefore += Number(b?.roadClass !== undefined)
      share.classAfter += Number(c?.roadClass !== undefined)
    }
    out.push(share)
  }
  return out
}

/**
 * How far address lines stand off the roadway: on GTA main roads (tertiary or higher) that do have a
 * centreline, lines built from all their points, each vertex's distance to that centreline (those within
 * 150 m: parts the centreline covers). Outside Toronto is the split ADDRESS_LINE_CROSSING_MIN_M was read
 * from (src/geo/geocode/address-lookup.ts); Toronto is the check.
 */
export function addressLineOffsets(
  addressRows: string[][],
  streetRows: StreetRow[],
): { split: string; n: number; p50: number; p90: number }[] {
  const lines = new Map<string, [number, number][][]>()
  const mainRoad = new Set<string>()
  for (const r of streetRows) {
    if (r.source !== 'gta') continue
    const piece = decodePiece({ source: r.source, nameKey: '', typeKey: '', dir: '', name: '', roadClass: 0, line: r.fields[10] })
    lines.set(keyOf(r.fields), [...(lines.get(keyOf(r.fields)) ?? []), piece.coords])
    if (Number(r.fields[4]) >= 2 * ROAD_CLASS_SCALE) mainRoad.add(keyOf(r.fields))
  }
  const groups = new Map<string, string[][]>()
  for (const r of addressRows)
    if (GTA_CITIES.has(r[0]) && mainRoad.has(keyOf(r.slice(1))))
      groups.set(r.slice(0, 4).join('|'), [...(groups.get(r.slice(0, 4).join('|')) ?? []), r])
  const offsets: Record<string, number[]> = { 'GTA outside Toronto (calibration)': [], 'Toronto (check)': [] }
  for (const [g, rows] of groups) {
    const own = lines.get(keyOf(rows[0].slice(1)))!
    const split = g.startsWith('toronto|') ? 'Toronto (check)' : 'GTA outside Toronto (calibration)'
    for (const line of addressLines(rows.map((r) => [Number(r[7]) / 1e5, Number(r[6]) / 1e5])))
      for (const [lng, lat] of line) {
        const d = metresToLines(own, lng, lat)
        if (d <= 150) offsets[split].push(d)
      }
  }
  return Object.entries(offsets).map(([split, d]) => {
    d.sort((a, b) => a - b)
    const q = (p: number) => Math.round(d[Math.floor(p * (d.length - 1))] ?? Number.NaN)
    return { split, n: d.length, p50: q(0.5), p90: q(0.9) }
  })
}
