// Flat spatial index over quantised points: a cell grid (rows from 38° N, columns from 145° W) whose
// points are ordered by cell, and a box query that binary-searches each row of cells it spans.
// Artefacts written in cell order (scripts/geodata/lib.mjs gridKey) need no sort at all; others are
// ordered with a two-pass radix sort (linear time). Either way cold start stays cheap: a KDBush
// build over the 130,000 stops took ~60 ms.

const GRID_LAT0 = 38
const GRID_LNG0 = -145
const ROW = 65536

export class PointGrid {
  /** non-empty cell keys, ascending */
  private readonly keys: Int32Array
  /** points of keys[i] are order[starts[i]] … order[starts[i + 1] - 1] (undefined order: identity) */
  private readonly starts: Int32Array
  readonly order: Int32Array | undefined
  /** scratch of runsInBox */
  runs = new Int32Array(64)

  constructor(
    qLat: Int32Array,
    qLng: Int32Array,
    private readonly cellUnits: number,
    private readonly scale: number,
  ) {
    const n = qLat.length
    const keyOf = new Int32Array(n)
    const lat0 = GRID_LAT0 * scale
    const lng0 = GRID_LNG0 * scale
    let sorted = true
    for (let i = 0; i < n; i++) {
      // rowOf/colOf inlined: this loop runs once per isolate over every point, before JIT warm-up.
      const row = Math.floor((qLat[i] - lat0) / cellUnits)
      const col = Math.floor((qLng[i] - lng0) / cellUnits)
      keyOf[i] = (row < 0 ? 0 : row > ROW - 1 ? ROW - 1 : row) * ROW + (col < 0 ? 0 : col > ROW - 1 ? ROW - 1 : col)
      if (i > 0 && keyOf[i] < keyOf[i - 1]) sorted = false
    }
    // Radix sort of point ids by key: low 16 bits (column), then high 16 bits (row); stable.
    this.order = sorted ? undefined : radixPass(keyOf, radixPass(keyOf, identity(n), 0), 16)
    const order = this.order
    const keys = new Int32Array(n)
    const starts = new Int32Array(n + 1)
    let cells = 0
    let previous = -1
    for (let p = 0; p < n; p++) {
      const key = keyOf[order ? order[p] : p]
      if (key !== previous) {
        keys[cells] = key
        starts[cells++] = p
        previous = key
      }
    }
    starts[cells] = n
    this.keys = keys.slice(0, cells)
    this.starts = starts.slice(0, cells + 1)
  }

  private rowOf(q: number): number {
    return Math.min(ROW - 1, Math.max(0, Math.floor((q - GRID_LAT0 * this.scale) / this.cellUnits)))
  }

  private colOf(q: number): number {
    return Math.min(ROW - 1, Math.max(0, Math.floor((q - GRID_LNG0 * this.scale) / this.cellUnits)))
  }

  /**
   * The points in the cells overlapping the box (a superset of the box), as runs of positions: run r
   * is positions runs[2r] … runs[2r + 1] - 1, and position p is point `order ? order[p] : p`. One
   * run per row of cells (a row's cells are consecutive keys). Hot query loops iterate the runs
   * themselves instead of calling a closure per point. The array is scratch, valid until the next call.
   */
  runsInBox(minLat: number, minLng: number, maxLat: number, maxLng: number): number {
    const s = this.scale
    const row0 = this.rowOf(minLat * s)
    const row1 = this.rowOf(maxLat * s)
    const col0 = this.colOf(minLng * s)
    const col1 = this.colOf(maxLng * s)
    const keys = this.keys
    if (this.runs.length < 2 * (row1 - row0 + 1)) this.runs = new Int32Array(2 * (row1 - row0 + 1))
    const runs = this.runs
    let count = 0
    for (let row = row0; row <= row1; row++) {
      const first = row * ROW + col0
      const last = row * ROW + col1
      let lo = 0
      let hi = keys.length
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if (keys[mid] < first) lo = mid + 1
        else hi = mid
      }
      let end = lo
      while (end < keys.length && keys[end] <= last) end++
      if (end === lo) continue
      runs[2 * count] = this.starts[lo]
      runs[2 * count + 1] = this.starts[end]
      count++
    }
    return count
  }

  /** Calls `visit` with every point index in the cells overlapping the box (a superset of the box). */
  forEachInBox(minLat: number, minLng: number, maxLat: number, maxLng: number, visit: (i: number) => void): void {
    const count = this.runsInBox(minLat, minLng, maxLat, maxLng)
    const { runs, order } = this
    for (let r = 0; r < count; r++) {
      for (let p = runs[2 * r]; p < runs[2 * r + 1]; p++) visit(order ? order[p] : p)
    }
  }
}

function identity(n: number): Int32Array {
  const ids = new Int32Array(n)
  for (let i = 0; i < n; i++) ids[i] = i
  return ids
}

/** One stable counting-sort pass of `ids` on 16 bits of their keys. */
function radixPass(keyOf: Int32Array, ids: Int32Array, shift: number): Int32Array {
  const counts = new Int32Array(ROW + 1)
  for (let i = 0; i < ids.length; i++) counts[((keyOf[ids[i]] >>> shift) & 0xffff) + 1]++
  for (let b = 0; b < ROW; b++) counts[b + 1] += counts[b]
  const out = new Int32Array(ids.length)
  for (let i = 0; i < ids.length; i++) out[counts[(keyOf[ids[i]] >>> shift) & 0xffff]++] = ids[i]
  return out
}
