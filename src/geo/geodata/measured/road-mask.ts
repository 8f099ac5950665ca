// Where roads are known (road-mask.bin, built by scripts/geodata/road-mask.mjs): the 0.005° cells
// holding a census DA point, a transit stop, an address point, a street-network vertex or a count
// site. Decoded once per isolate into the sorted keys and a per-row index; a query searches the few
// keys of each row of the block around the point.
import maskData from '../../data/road-mask.bin'
import { artefactReader } from './binary'

const CELL_DEGREES = 0.005
interface Mask {
  keys: Int32Array
  /** keys of row r: rowStart[r] … rowStart[r + 1] − 1 (key = row × 65536 + column, sorted) */
  rowStart: Int32Array
}
let mask: Mask | undefined

function roadMask(): Mask {
  if (mask) return mask
  const keys = artefactReader('roadMask', maskData).ints(true)
  const rows = keys.length ? Math.floor(keys[keys.length - 1] / 65536) + 1 : 0
  const rowStart = new Int32Array(rows + 1)
  let i = 0
  for (let r = 0; r <= rows; r++) {
    while (i < keys.length && keys[i] < r * 65536) i++
    rowStart[r] = i
  }
  mask = { keys, rowStart }
  return mask
}

/**
 * Whether any cell within `cells` (Chebyshev distance: the (2 × cells + 1)² block around the point's
 * cell) holds road evidence. One cell is ≈ 555 m north–south and 320–390 m east–west at Canadian
 * latitudes.
 */
export function roadEvidenceWithin(lat: number, lng: number, cells: number): boolean {
  const { keys, rowStart } = roadMask()
  const row = Math.floor((lat - 38) / CELL_DEGREES)
  const col = Math.floor((lng + 145) / CELL_DEGREES)
  const lastRow = Math.min(row + cells, rowStart.length - 2)
  for (let r = Math.max(0, row - cells); r <= lastRow; r++) {
    const first = r * 65536 + col - cells
    // the row's first key ≥ first (a row holds tens of keys: a short binary search)
    let lo = rowStart[r]
    let hi = rowStart[r + 1]
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (keys[mid] < first) lo = mid + 1
      else hi = mid
    }
    if (lo < rowStart[r + 1] && keys[lo] <= first + 2 * cells) return true
  }
  return false
}
