// Where roads are known (road-mask.bin, built by scripts/geodata/road-mask.mjs): the 0.005° cells
// holding a census DA point, a transit stop, an address point, a street-network vertex or a count
// site. Decoded once per isolate into a sorted key array; a query is a few binary searches.
import maskData from '../data/road-mask.bin'
import { BinaryReader, asBytes } from './binary'

const CELL_DEGREES = 0.005
let keys: Int32Array | undefined

function maskKeys(): Int32Array {
  keys ??= new BinaryReader(asBytes(maskData), 'RMSK', 1).ints(true)
  return keys
}

function has(sorted: Int32Array, key: number): boolean {
  let lo = 0
  let hi = sorted.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = sorted[mid]
    if (v === key) return true
    if (v < key) lo = mid + 1
    else hi = mid - 1
  }
  return false
}

/**
 * Chebyshev distance in cells (0 = the point's own cell) to the nearest cell with road evidence,
 * searched up to `maxCells`; maxCells + 1 when none. One cell is ≈ 555 m north–south and 320–390 m
 * east–west at Canadian latitudes.
 */
export function roadEvidenceRing(lat: number, lng: number, maxCells: number): number {
  const sorted = maskKeys()
  const row = Math.floor((lat - 38) / CELL_DEGREES)
  const col = Math.floor((lng + 145) / CELL_DEGREES)
  for (let k = 0; k <= maxCells; k++) {
    for (let dr = -k; dr <= k; dr++) {
      const edge = dr === -k || dr === k
      for (let dc = -k; dc <= k; dc += edge ? 1 : 2 * k) {
        if (has(sorted, (row + dr) * 65536 + col + dc)) return k
        if (k === 0) break
      }
    }
  }
  return maxCells + 1
}
