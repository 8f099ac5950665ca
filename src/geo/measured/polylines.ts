// Polylines decoded from an artefact (scripts/geodata/lib.mjs writePolylines), their bounding-box
// grid, and the nearest point of one polyline to a query point in local metres.
import { BinaryReader, COORD_SCALE } from './binary'
import { BoxGrid } from './box-grid'
import { prefixOffsets } from './tracts'
import { METRES_PER_DEGREE, degreeSpan, metresPerDegreeLng } from './planar'

export class Polylines {
  /** parts of item i: firstPart[i] … firstPart[i + 1] - 1; vertices of part p: firstVertex[p] … */
  readonly firstPart: Int32Array
  readonly firstVertex: Int32Array
  /** vertices in 1e-5° (kept as integers: no conversion pass at decode time) */
  readonly qLat: Int32Array
  readonly qLng: Int32Array
  readonly grid: BoxGrid
  /** per-item query stamp, so an item listed in several cells is measured once per query */
  private readonly seen: Uint32Array
  private query = 0

  constructor(reader: BinaryReader, cellDegrees: number) {
    this.firstPart = prefixOffsets(reader.ints())
    this.firstVertex = prefixOffsets(reader.ints())
    const qLat = (this.qLat = reader.ints(true))
    const qLng = (this.qLng = reader.ints(true))
    const firstPart = this.firstPart
    const firstVertex = this.firstVertex
    const items = this.firstPart.length - 1
    const boxes = new Float64Array(items * 4)
    // Loop bounds hoisted: this runs once per isolate over every vertex, before the JIT warms up.
    for (let i = 0; i < items; i++) {
      let minLat = Infinity, minLng = Infinity, maxLat = -Infinity, maxLng = -Infinity
      const end = firstVertex[firstPart[i + 1]]
      for (let v = firstVertex[firstPart[i]]; v < end; v++) {
        const vLat = qLat[v], vLng = qLng[v]
        if (vLat < minLat) minLat = vLat
        if (vLat > maxLat) maxLat = vLat
        if (vLng < minLng) minLng = vLng
        if (vLng > maxLng) maxLng = vLng
      }
      boxes[i * 4] = minLat / COORD_SCALE
      boxes[i * 4 + 1] = minLng / COORD_SCALE
      boxes[i * 4 + 2] = maxLat / COORD_SCALE
      boxes[i * 4 + 3] = maxLng / COORD_SCALE
    }
    this.grid = new BoxGrid(boxes, cellDegrees)
    this.seen = new Uint32Array(items)
  }

  get count(): number {
    return this.firstPart.length - 1
  }

  /** Calls `visit` once per item whose box lies within `radiusM` of the point. */
  forEachNear(lat: number, lng: number, radiusM: number, visit: (item: number) => void): void {
    const stamp = ++this.query
    const { dLat, dLng } = degreeSpan(lat, radiusM)
    this.grid.forEachInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng, (item) => {
      if (this.seen[item] === stamp) return
      this.seen[item] = stamp
      visit(item)
    })
  }

  /** Nearest point of item `i` to (lat, lng): fills `out` and returns the distance in metres. */
  nearestPoint(i: number, lat: number, lng: number, out: NearestPoint): number {
    const kx = metresPerDegreeLng(lat) / COORD_SCALE
    const ky = METRES_PER_DEGREE / COORD_SCALE
    const qx = lng * COORD_SCALE
    const qy = lat * COORD_SCALE
    const { qLat, qLng } = this
    let best = Infinity
    for (let p = this.firstPart[i]; p < this.firstPart[i + 1]; p++) {
      for (let v = this.firstVertex[p]; v < this.firstVertex[p + 1] - 1; v++) {
        const ax = (qLng[v] - qx) * kx, ay = (qLat[v] - qy) * ky
        const bx = (qLng[v + 1] - qx) * kx, by = (qLat[v + 1] - qy) * ky
        const dx = bx - ax, dy = by - ay
        const lengthSq = dx * dx + dy * dy
        let t = lengthSq > 0 ? -(ax * dx + ay * dy) / lengthSq : 0
        t = t < 0 ? 0 : t > 1 ? 1 : t
        const ex = ax + t * dx, ey = ay + t * dy
        const dSq = ex * ex + ey * ey
        if (dSq < best) {
          best = dSq
          out.lat = lat + ey / METRES_PER_DEGREE
          out.lng = lng + ex / (kx * COORD_SCALE)
          // Compass bearing of this piece in the digitised direction: 0 = north, 90 = east.
          out.bearingDeg = (Math.atan2(dx, dy) * 180) / Math.PI
          if (out.bearingDeg < 0) out.bearingDeg += 360
        }
      }
    }
    return Math.sqrt(best)
  }
}

export interface NearestPoint {
  lat: number
  lng: number
  bearingDeg: number
}
