// 2021 census tracts with their median household income (tracts.bin, built by
// scripts/geodata/tracts.mjs), decoded once per isolate, and the point-in-tract lookup.
import tractsData from '../data/tracts.bin'
import { BinaryReader, asBytes } from './binary'
import { BoxGrid } from './box-grid'
import type { LookupOptions } from './options'

export interface TractTable {
  /** ctuid without its dot, e.g. 5350012.01 → 535001201 */
  ctuidNumber: Int32Array
  incomeHundreds: Int32Array
  /** rings of tract t: firstRing[t] … firstRing[t + 1] - 1; vertices of ring r: firstVertex[r] … */
  firstRing: Int32Array
  firstVertex: Int32Array
  /** vertices in 1e-4° */
  lat: Int32Array
  lng: Int32Array
  /** minLat, minLng, maxLat, maxLng per tract, in 1e-4° */
  boxes: Float64Array
  grid: BoxGrid
}

const SCALE = 1e4
const CELL_DEGREES = 0.2 // 0.1° made queries 0.6 µs faster but the cold grid build ~10 ms slower
let table: TractTable | undefined

export function tractTable(): TractTable {
  if (table) return table
  const reader = new BinaryReader(asBytes(tractsData), 'CT21', 1)
  const ctuidNumber = reader.ints(true)
  const incomeHundreds = reader.ints()
  const firstRing = prefixOffsets(reader.ints())
  const firstVertex = prefixOffsets(reader.ints())
  const lat = reader.ints(true)
  const lng = reader.ints(true)
  const n = ctuidNumber.length
  const boxes = new Float64Array(n * 4)
  const degreeBoxes = new Float64Array(n * 4)
  for (let t = 0; t < n; t++) {
    let minLat = Infinity, minLng = Infinity, maxLat = -Infinity, maxLng = -Infinity
    for (let v = firstVertex[firstRing[t]]; v < firstVertex[firstRing[t + 1]]; v++) {
      if (lat[v] < minLat) minLat = lat[v]
      if (lat[v] > maxLat) maxLat = lat[v]
      if (lng[v] < minLng) minLng = lng[v]
      if (lng[v] > maxLng) maxLng = lng[v]
    }
    boxes[t * 4] = minLat
    boxes[t * 4 + 1] = minLng
    boxes[t * 4 + 2] = maxLat
    boxes[t * 4 + 3] = maxLng
    for (let k = 0; k < 4; k++) degreeBoxes[t * 4 + k] = boxes[t * 4 + k] / SCALE
  }
  table = { ctuidNumber, incomeHundreds, firstRing, firstVertex, lat, lng, boxes, grid: new BoxGrid(degreeBoxes, CELL_DEGREES) }
  return table
}

/** Counts → start offsets with a final total: [2, 3] → [0, 2, 5]. */
export function prefixOffsets(counts: Int32Array): Int32Array {
  const offsets = new Int32Array(counts.length + 1)
  for (let i = 0; i < counts.length; i++) offsets[i + 1] = offsets[i] + counts[i]
  return offsets
}

export const formatCtuid = (n: number): string => {
  const digits = String(n).padStart(9, '0')
  return `${digits.slice(0, 7)}.${digits.slice(7)}`
}

/** Even-odd rule over all rings of the tract: handles holes and multi-part tracts alike. */
function tractContains(t: TractTable, tract: number, qLat: number, qLng: number): boolean {
  let inside = false
  for (let r = t.firstRing[tract]; r < t.firstRing[tract + 1]; r++) {
    const first = t.firstVertex[r]
    const last = t.firstVertex[r + 1] - 1
    for (let i = first, j = last; i <= last; j = i++) {
      const yi = t.lat[i], yj = t.lat[j]
      if (yi > qLat !== yj > qLat) {
        const xCross = t.lng[i] + ((qLat - yi) * (t.lng[j] - t.lng[i])) / (yj - yi)
        if (qLng < xCross) inside = !inside
      }
    }
  }
  return inside
}

/** The 2021 census tract containing the point, with its median household income (2020 incomes);
 *  undefined outside tracted areas (small towns and rural areas). `exclude` takes ctuids. */
export function tractAt(lat: number, lng: number, options?: LookupOptions): { ctuid: string; medianHouseholdIncome: number } | undefined {
  const t = tractTable()
  const qLat = lat * SCALE
  const qLng = lng * SCALE
  const exclude = options?.exclude?.size ? options.exclude : undefined
  let found = -1
  t.grid.forEachAt(lat, lng, (tract) => {
    if (found >= 0) return
    const b = tract * 4
    if (qLat < t.boxes[b] || qLng < t.boxes[b + 1] || qLat > t.boxes[b + 2] || qLng > t.boxes[b + 3]) return
    if (!tractContains(t, tract, qLat, qLng)) return
    if (exclude && exclude.has(formatCtuid(t.ctuidNumber[tract]))) return
    found = tract
  })
  return found < 0 ? undefined : { ctuid: formatCtuid(t.ctuidNumber[found]), medianHouseholdIncome: t.incomeHundreds[found] * 100 }
}
