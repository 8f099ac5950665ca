// Flat spatial index over quantised points written in cell order (rows from 38° N, columns from 145° W;
// scripts/geodata/lib.mjs gridKey sorts census.bin and stops.bin that way). The order is the index:
// a box query binary-searches each row of cells it spans over the points themselves, computing a
// probed point's cell key on the fly. Nothing is built at first use (a key per point, then a cell
// directory, cost ~5 ms of every cold start; a KDBush build over the 130,000 stops took ~60 ms).

const GRID_LAT0 = 38
const GRID_LNG0 = -145
const ROW = 65536
/** Points sampled at construction to reject an artefact that is not in cell order. */
const ORDER_SAMPLES = 256

export class PointGrid {
  /** scratch of runsInBox */
  runs = new Int32Array(64)
  private readonly lat0: number
  private readonly lng0: number

  constructor(
    private readonly qLat: Int32Array,
    private readonly qLng: Int32Array,
    private readonly cellUnits: number,
    private readonly scale: number,
  ) {
    this.lat0 = GRID_LAT0 * scale
    this.lng0 = GRID_LNG0 * scale
    const n = qLat.length
    const step = Math.max(1, Math.floor(n / ORDER_SAMPLES))
    for (let p = step; p < n; p += step)
      if (this.keyAt(p) < this.keyAt(p - step)) throw new Error(`PointGrid: points not in cell order at ${p}`)
  }

  /** Cell key of the point at position p: row × 65536 + column, each clamped to 0…65535. */
  private keyAt(p: number): number {
    const row = Math.floor((this.qLat[p] - this.lat0) / this.cellUnits)
    const col = Math.floor((this.qLng[p] - this.lng0) / this.cellUnits)
    return (row < 0 ? 0 : row > ROW - 1 ? ROW - 1 : row) * ROW + (col < 0 ? 0 : col > ROW - 1 ? ROW - 1 : col)
  }

  /** First position in [lo, qLat.length) whose cell key is ≥ key: a galloping search from lo (the
   *  answer is usually near lo: the next row of a query box, or the end of a row's few cells). */
  private lowerBound(key: number, lo: number): number {
    const n = this.qLat.length
    let hi = lo
    let step = 1
    while (hi < n && this.keyAt(hi) < key) {
      lo = hi + 1
      hi += step
      step *= 2
    }
    return this.search(key, lo, Math.min(hi, n))
  }

  /** First position in [lo, hi) whose cell key is ≥ key (hi when none): a binary search. */
  private search(key: number, lo: number, hi: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.keyAt(mid) < key) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private rowOf(q: number): number {
    return Math.min(ROW - 1, Math.max(0, Math.floor((q - this.lat0) / this.cellUnits)))
  }

  private colOf(q: number): number {
    return Math.min(ROW - 1, Math.max(0, Math.floor((q - this.lng0) / this.cellUnits)))
  }

  /**
   * The points in the cells overlapping the box (a superset of the box), as runs of positions: run r
   * is points runs[2r] … runs[2r + 1] - 1 (a position is the point's index). One
   * run per row of cells (a row's cells are consecutive keys). Hot query loops iterate the runs
   * themselves instead of calling a closure per point. The array is scratch, valid until the next call.
   */
  runsInBox(minLat: number, minLng: number, maxLat: number, maxLng: number): number {
    const s = this.scale
    const row0 = this.rowOf(minLat * s)
    const row1 = this.rowOf(maxLat * s)
    const col0 = this.colOf(minLng * s)
    const col1 = this.colOf(maxLng * s)
    if (this.runs.length < 2 * (row1 - row0 + 1)) this.runs = new Int32Array(2 * (row1 - row0 + 1))
    const runs = this.runs
    let count = 0
    let end = 0
    for (let row = row0; row <= row1; row++) {
      const first = row * ROW + col0
      const start = row === row0 ? this.search(first, 0, this.qLat.length) : this.lowerBound(first, end)
      end = this.lowerBound(row * ROW + col1 + 1, start)
      if (end === start) continue
      runs[2 * count] = start
      runs[2 * count + 1] = end
      count++
    }
    return count
  }
}
