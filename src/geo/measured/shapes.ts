// Polylines and polygons decoded one item at a time (written by scripts/geodata/lib.mjs writeShapes):
// at first use only the header (per-item bounding boxes and block lengths) is decoded and gridded;
// an item's vertices are decoded when a query first reaches its box, then kept. A first request
// decodes the few items around its point instead of the whole table.
import { BinaryReader } from './binary'
import { BoxGrid } from './box-grid'
import { METRES_PER_DEGREE, degreeSpan, metresPerDegreeLng } from './planar'

export interface ShapeGeometry {
  /** per-item integers stored in front of the geometry (e.g. id, class) */
  attributes: Int32Array
  /** vertices of part p: firstVertex[p] … firstVertex[p + 1] - 1 */
  firstVertex: Int32Array
  /** vertices in the artefact's quantised units */
  lat: Int32Array
  lng: Int32Array
}

export interface NearestPoint {
  lat: number
  lng: number
  bearingDeg: number
}

export class Shapes {
  readonly count: number
  /** minLat, minLng, maxLat, maxLng per item, in quantised units */
  readonly boxes: Float64Array
  readonly grid: BoxGrid
  private readonly bytes: Uint8Array
  /** item i's block starts at blockStart[i] in `bytes` */
  private readonly blockStart: Int32Array
  private readonly decoded: (ShapeGeometry | undefined)[]
  /** per-item query stamp, so an item listed in several cells is visited once per query */
  private readonly seen: Uint32Array
  private query = 0

  /** `attributes`: how many integers each block carries before its geometry. */
  constructor(reader: BinaryReader, private readonly scale: number, cellDegrees: number, private readonly attributes = 0) {
    const minLat = reader.ints(true)
    const minLng = reader.ints(true)
    const height = reader.ints()
    const width = reader.ints()
    const lengths = reader.ints()
    const n = (this.count = minLat.length)
    const { bytes, start } = reader.block(reader.uvarint())
    this.bytes = bytes
    const blockStart = (this.blockStart = new Int32Array(n + 1))
    blockStart[0] = start
    const boxes = (this.boxes = new Float64Array(n * 4))
    const degreeBoxes = new Float64Array(n * 4)
    // One plain loop: this runs once per isolate over every item, before the JIT warms up.
    for (let i = 0; i < n; i++) {
      blockStart[i + 1] = blockStart[i] + lengths[i]
      const b = i * 4
      boxes[b] = minLat[i]
      boxes[b + 1] = minLng[i]
      boxes[b + 2] = minLat[i] + height[i]
      boxes[b + 3] = minLng[i] + width[i]
      degreeBoxes[b] = boxes[b] / scale
      degreeBoxes[b + 1] = boxes[b + 1] / scale
      degreeBoxes[b + 2] = boxes[b + 2] / scale
      degreeBoxes[b + 3] = boxes[b + 3] / scale
    }
    this.grid = new BoxGrid(degreeBoxes, cellDegrees)
    this.decoded = new Array(n)
    this.seen = new Uint32Array(n)
  }

  /** Item i's attributes and vertices (decoded on first request, then kept). */
  geometry(i: number): ShapeGeometry {
    return this.decoded[i] ?? (this.decoded[i] = this.decode(i))
  }

  private decode(i: number): ShapeGeometry {
    const bytes = this.bytes
    let pos = this.blockStart[i]
    const next = (): number => {
      let result = 0
      let shift = 0
      for (;;) {
        const b = bytes[pos++]
        result |= (b & 0x7f) << shift
        if (b < 0x80) return result >>> 0
        shift += 7
      }
    }
    const attributes = new Int32Array(this.attributes)
    for (let k = 0; k < this.attributes; k++) attributes[k] = next()
    const parts = next()
    const firstVertex = new Int32Array(parts + 1)
    for (let p = 0; p < parts; p++) firstVertex[p + 1] = firstVertex[p] + next()
    const n = firstVertex[parts]
    const lat = new Int32Array(n)
    const lng = new Int32Array(n)
    let qLat = this.boxes[i * 4]
    let qLng = this.boxes[i * 4 + 1]
    for (let v = 0; v < n; v++) {
      const zLat = next()
      const zLng = next()
      lat[v] = qLat += (zLat >>> 1) ^ -(zLat & 1)
      lng[v] = qLng += (zLng >>> 1) ^ -(zLng & 1)
    }
    return { attributes, firstVertex, lat, lng }
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

  /** Nearest point of polyline `i` to (lat, lng): fills `out` and returns the distance in metres. */
  nearestPoint(i: number, lat: number, lng: number, out: NearestPoint): number {
    const scale = this.scale
    const kx = metresPerDegreeLng(lat) / scale
    const ky = METRES_PER_DEGREE / scale
    const qx = lng * scale
    const qy = lat * scale
    const { firstVertex, lat: qLat, lng: qLng } = this.geometry(i)
    let best = Infinity
    for (let p = 0; p < firstVertex.length - 1; p++) {
      for (let v = firstVertex[p]; v < firstVertex[p + 1] - 1; v++) {
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
          out.lng = lng + ex / (kx * scale)
          // Compass bearing of this piece in the digitised direction: 0 = north, 90 = east.
          out.bearingDeg = (Math.atan2(dx, dy) * 180) / Math.PI
          if (out.bearingDeg < 0) out.bearingDeg += 360
        }
      }
    }
    return Math.sqrt(best)
  }

  /** Even-odd rule over all rings of polygon `i` (holes and multi-part polygons alike); the point in quantised units. */
  contains(i: number, qLat: number, qLng: number): boolean {
    const { firstVertex, lat, lng } = this.geometry(i)
    let inside = false
    for (let r = 0; r < firstVertex.length - 1; r++) {
      const first = firstVertex[r]
      const last = firstVertex[r + 1] - 1
      for (let a = first, b = last; a <= last; b = a++) {
        const ya = lat[a], yb = lat[b]
        if (ya > qLat !== yb > qLat) {
          const xCross = lng[a] + ((qLat - ya) * (lng[b] - lng[a])) / (yb - ya)
          if (qLng < xCross) inside = !inside
        }
      }
    }
    return inside
  }
}
