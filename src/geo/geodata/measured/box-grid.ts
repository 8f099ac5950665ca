// Dense cell grid over items with bounding boxes (tract polygons, road and traffic polylines): each
// item is listed in every cell its box overlaps, in compressed rows (counting pass, then fill), so
// the build is linear and a lookup touches only the cells of the query.
import { degreeSpan } from './planar'

export class BoxGrid {
  private readonly lat0: number
  private readonly lng0: number
  private readonly rows: number
  private readonly cols: number
  /** items of cell c: items[cellStart[c]] … items[cellStart[c + 1] - 1] */
  private readonly cellStart: Int32Array
  private readonly items: Int32Array
  /** per-item query stamp, so an item listed in several cells is visited once per query */
  private readonly seen: Uint32Array
  private query = 0

  /** boxes: minLat, minLng, maxLat, maxLng per item, in degrees. */
  constructor(
    boxes: Float64Array,
    private readonly cellDegrees: number,
  ) {
    const n = boxes.length / 4
    let minLat = Infinity,
      minLng = Infinity,
      maxLat = -Infinity,
      maxLng = -Infinity
    for (let i = 0; i < n; i++) {
      if (boxes[i * 4] < minLat) minLat = boxes[i * 4]
      if (boxes[i * 4 + 1] < minLng) minLng = boxes[i * 4 + 1]
      if (boxes[i * 4 + 2] > maxLat) maxLat = boxes[i * 4 + 2]
      if (boxes[i * 4 + 3] > maxLng) maxLng = boxes[i * 4 + 3]
    }
    this.lat0 = minLat
    this.lng0 = minLng
    this.rows = Math.max(1, Math.floor((maxLat - minLat) / cellDegrees) + 1)
    this.cols = Math.max(1, Math.floor((maxLng - minLng) / cellDegrees) + 1)
    // Counting pass, prefix sums, then fill: compressed rows without sorting. Plain loops, no
    // callbacks: this runs once per isolate, mostly before the JIT has warmed up.
    const cols = this.cols
    const cells = this.rows * cols
    const cellStart = new Int32Array(cells + 1)
    const range = new Int32Array(n * 4) // r0, c0, r1, c1 per item
    // row()/col() inlined (same arithmetic): one call each per box corner is most of the build's cost.
    const rowMax = this.rows - 1,
      colMax = cols - 1
    for (let i = 0; i < n; i++) {
      let r0 = Math.floor((boxes[i * 4] - minLat) / cellDegrees)
      let c0 = Math.floor((boxes[i * 4 + 1] - minLng) / cellDegrees)
      let r1 = Math.floor((boxes[i * 4 + 2] - minLat) / cellDegrees)
      let c1 = Math.floor((boxes[i * 4 + 3] - minLng) / cellDegrees)
      r0 = r0 < 0 ? 0 : r0 > rowMax ? rowMax : r0
      c0 = c0 < 0 ? 0 : c0 > colMax ? colMax : c0
      r1 = r1 < 0 ? 0 : r1 > rowMax ? rowMax : r1
      c1 = c1 < 0 ? 0 : c1 > colMax ? colMax : c1
      range[i * 4] = r0
      range[i * 4 + 1] = c0
      range[i * 4 + 2] = r1
      range[i * 4 + 3] = c1
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cellStart[r * cols + c + 1]++
    }
    for (let c = 0; c < cells; c++) cellStart[c + 1] += cellStart[c]
    const cursor = cellStart.slice(0, cells)
    const items = new Int32Array(cellStart[cells])
    for (let i = 0; i < n; i++) {
      const r1 = range[i * 4 + 2],
        c0 = range[i * 4 + 1],
        c1 = range[i * 4 + 3]
      for (let r = range[i * 4]; r <= r1; r++) for (let c = c0; c <= c1; c++) items[cursor[r * cols + c]++] = i
    }
    this.cellStart = cellStart
    this.items = items
    this.seen = new Uint32Array(n)
  }

  /** Calls `visit` once per item whose box lies within `radiusM` of the point. */
  forEachNear(lat: number, lng: number, radiusM: number, visit: (item: number) => void): void {
    const stamp = ++this.query
    const { dLat, dLng } = degreeSpan(lat, radiusM)
    this.forEachInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng, (item) => {
      if (this.seen[item] === stamp) return
      this.seen[item] = stamp
      visit(item)
    })
  }

  private row(lat: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((lat - this.lat0) / this.cellDegrees)))
  }

  private col(lng: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((lng - this.lng0) / this.cellDegrees)))
  }

  private inside(lat: number, lng: number): boolean {
    return (
      lat >= this.lat0 &&
      lng >= this.lng0 &&
      lat < this.lat0 + this.rows * this.cellDegrees &&
      lng < this.lng0 + this.cols * this.cellDegrees
    )
  }

  /** Items whose box may contain the point (the items listed in its cell). */
  forEachAt(lat: number, lng: number, visit: (item: number) => void): void {
    if (!this.inside(lat, lng)) return
    const cell = this.row(lat) * this.cols + this.col(lng)
    for (let k = this.cellStart[cell]; k < this.cellStart[cell + 1]; k++) visit(this.items[k])
  }

  /** Items whose box may overlap the query box; an item spanning several cells is visited once per
   *  cell, so callers that accumulate must deduplicate (see `stamp`). */
  forEachInBox(minLat: number, minLng: number, maxLat: number, maxLng: number, visit: (item: number) => void): void {
    if (
      maxLat < this.lat0 ||
      maxLng < this.lng0 ||
      minLat >= this.lat0 + this.rows * this.cellDegrees ||
      minLng >= this.lng0 + this.cols * this.cellDegrees
    )
      return
    const r0 = this.row(minLat),
      r1 = this.row(maxLat),
      c0 = this.col(minLng),
      c1 = this.col(maxLng)
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c
        for (let k = this.cellStart[cell]; k < this.cellStart[cell + 1]; k++) visit(this.items[k])
      }
    }
  }

  /** True when the point lies in the grid's extent (the union of the items' boxes, cell-rounded). */
  covers(lat: number, lng: number): boolean {
    return this.inside(lat, lng)
  }
}
