// Polylines decoded from an artefact (scripts/geodata/lib.mjs writePolylines), their bounding-box
// grid, and the nearest point of one polyline to a query point in local metres.
import { type BinaryReader, COORD_SCALE } from './binary'
import { BoxGrid } from './box-grid'
import { prefixOffsets } from './tracts'
import { nearestOnRun, type NearestPoint } from './planar'

export type { NearestPoint }

export class Polylines {
  /** parts of item i: firstPart[i] … firstPart[i + 1] - 1; vertices of part p: firstVertex[p] … */
  readonly firstPart: Int32Array
  readonly firstVertex: Int32Array
  /** vertices in 1e-5° (kept as integers: no conversion pass at decode time) */
  readonly qLat: Int32Array
  readonly qLng: Int32Array
  readonly grid: BoxGrid

  constructor(reader: BinaryReader, cellDegrees: number) {
    this.firstPart = prefixOffsets(reader.ints())
    this.firstVertex = prefixOffsets(reader.ints())
    this.qLat = reader.ints(true)
    this.qLng = reader.ints(true)
    const { qLat, qLng } = this
    const firstPart = this.firstPart
    const firstVertex = this.firstVertex
    const items = this.firstPart.length - 1
    const boxes = new Float64Array(items * 4)
    // Loop bounds hoisted: this runs once per isolate over every vertex, before the JIT warms up.
    for (let i = 0; i < items; i++) {
      let minLat = Infinity,
        minLng = Infinity,
        maxLat = -Infinity,
        maxLng = -Infinity
      const end = firstVertex[firstPart[i + 1]]
      for (let v = firstVertex[firstPart[i]]; v < end; v++) {
        const vLat = qLat[v],
          vLng = qLng[v]
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
  }

  get count(): number {
    return this.firstPart.length - 1
  }

  /** Calls `visit` once per item whose box lies within `radiusM` of the point. */
  forEachNear(lat: number, lng: number, radiusM: number, visit: (item: number) => void): void {
    this.grid.forEachNear(lat, lng, radiusM, visit)
  }

  /** Nearest point of item `i` to (lat, lng): fills `out` and returns the distance in metres. */
  nearestPoint(i: number, lat: number, lng: number, out: NearestPoint): number {
    let best = Infinity
    for (let p = this.firstPart[i]; p < this.firstPart[i + 1]; p++) {
      best = nearestOnRun(this.qLat, this.qLng, this.firstVertex[p], this.firstVertex[p + 1], lat, lng, COORD_SCALE, out, best)
    }
    return Math.sqrt(best)
  }
}
