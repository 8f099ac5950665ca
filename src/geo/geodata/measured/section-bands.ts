// Which of Calgary's counted sections can pass near which part of an area (a site-finder grid): on a
// 50 m raster over the area, each cell lists the sections one of whose pieces' straight lines,
// extended both ways, passes within `widthM` of the cell. A grid point then measures only those
// sections instead of the ~360 within 2 km: the traffic model needs a section's nearest piece only
// where the point lies near that piece's line (within 25 m of the section, or on the same road).
import { COORD_SCALE } from './binary'
import { METRES_PER_DEGREE, degreeSpan, metresPerDegreeLng } from './planar'
import { trafficTable } from './traffic'

const CELL_M = 50
/** The raster measures in the area centre's metric, a point in its own: cos(lat) varies by < 0.05 %
 *  over a grid, under 2 m across 4 km. The margin keeps the raster a superset. */
const METRIC_MARGIN_M = 5

export class SectionBands {
  /** area index of each section of the table, -1 when the section is not in the area */
  private readonly areaIndex: Int32Array
  private readonly words: number
  /** per cell, a bit per area section: bits[cell * words + (k >>> 5)] */
  private readonly bits: Uint32Array
  private readonly rows: number
  private readonly cols: number
  private readonly metresPerDegreeLng: number

  constructor(
    private readonly minLat: number,
    private readonly minLng: number,
    maxLat: number,
    maxLng: number,
    reachM: number,
    widthM: number,
  ) {
    const t = trafficTable()
    this.metresPerDegreeLng = metresPerDegreeLng((minLat + maxLat) / 2)
    this.rows = Math.floor(((maxLat - minLat) * METRES_PER_DEGREE) / CELL_M) + 1
    this.cols = Math.floor(((maxLng - minLng) * this.metresPerDegreeLng) / CELL_M) + 1
    this.areaIndex = new Int32Array(t.lines.count).fill(-1)
    const sections: number[] = []
    // A tenth more reach than any point asks for: a section left out is only measured, never missed.
    const { dLat, dLng } = degreeSpan(Math.max(Math.abs(minLat), Math.abs(maxLat)), reachM * 1.1)
    t.lines.grid.forEachInBox(minLat - dLat, minLng - dLng, maxLat + dLat, maxLng + dLng, (i) => {
      if (this.areaIndex[i] >= 0) return
      this.areaIndex[i] = sections.length
      sections.push(i)
    })
    this.words = (sections.length + 31) >>> 5
    this.bits = new Uint32Array(this.rows * this.cols * this.words)
    const { firstPart, firstVertex, qLat, qLng } = t.lines
    const halfWidth = widthM + METRIC_MARGIN_M
    sections.forEach((i, k) => {
      for (let p = firstPart[i]; p < firstPart[i + 1]; p++) {
        for (let v = firstVertex[p]; v < firstVertex[p + 1] - 1; v++) {
          const ax = (qLng[v] / COORD_SCALE - minLng) * this.metresPerDegreeLng
          const ay = (qLat[v] / COORD_SCALE - minLat) * METRES_PER_DEGREE
          const dx = (qLng[v + 1] - qLng[v]) / COORD_SCALE
          const dy = (qLat[v + 1] - qLat[v]) / COORD_SCALE
          // A zero-length piece has bearing 0 for the same-road test: its line runs north–south.
          if (dx === 0 && dy === 0) this.markBand(k, ax, ay, 0, 1, halfWidth)
          else this.markBand(k, ax, ay, dx * this.metresPerDegreeLng, dy * METRES_PER_DEGREE, halfWidth)
        }
      }
    })
  }

  /** Marks section k in the cells within `halfWidth` of the line through (ax, ay) along (dx, dy), metres. */
  private markBand(k: number, ax: number, ay: number, dx: number, dy: number, halfWidth: number): void {
    const word = k >>> 5
    const bit = 1 << (k & 31)
    const last = this.cols - 1
    for (let r = 0; r < this.rows; r++) {
      const y0 = r * CELL_M
      let c0 = 0
      let c1 = last
      if (dy === 0) {
        if (ay + halfWidth < y0 || ay - halfWidth > y0 + CELL_M) continue
      } else {
        // Points at distance ≤ halfWidth from the line: x within halfWidth·|d|/|dy| of the line's x at each y of the row.
        const xa = ax + ((y0 - ay) * dx) / dy
        const xb = ax + ((y0 + CELL_M - ay) * dx) / dy
        const half = (halfWidth * Math.sqrt(dx * dx + dy * dy)) / Math.abs(dy)
        const from = Math.floor((Math.min(xa, xb) - half) / CELL_M)
        const to = Math.floor((Math.max(xa, xb) + half) / CELL_M)
        if (to < 0 || from > last) continue
        c0 = Math.max(0, from)
        c1 = Math.min(last, to)
      }
      for (let c = c0; c <= c1; c++) this.bits[(r * this.cols + c) * this.words + word] |= bit
    }
  }

  /** The raster cell of a point, -1 outside the area. */
  cellAt(lat: number, lng: number): number {
    const row = Math.floor(((lat - this.minLat) * METRES_PER_DEGREE) / CELL_M)
    const col = Math.floor(((lng - this.minLng) * this.metresPerDegreeLng) / CELL_M)
    return row < 0 || col < 0 || row >= this.rows || col >= this.cols ? -1 : row * this.cols + col
  }

  /** False only when no piece line of section `i` (a traffic table index) passes within the width of
   *  the cell's points (a cell of -1, outside the area: true). */
  mayPassNear(i: number, cell: number): boolean {
    const k = this.areaIndex[i]
    return k < 0 || cell < 0 || (this.bits[cell * this.words + (k >>> 5)] & (1 << (k & 31))) !== 0
  }
}
