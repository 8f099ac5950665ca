// Polylines and polygons decoded one item at a time (written by scripts/geodata/lib.mjs writeShapes):
// at first use only the header (per-item bounding boxes and block lengths) is decoded (the boxes'
// grid waits for the 65th point query); an item's attributes and vertices are decoded when a query
// first reaches its box, then kept. A first request decodes the few items around its point instead
// of the whole table.
import type { BinaryReader } from './binary'
import { BoxGrid } from './box-grid'
import { nearestOnRun, type NearestPoint } from './planar'

export type { NearestPoint }

/** Point queries answered by a scan of the boxes before the grid is built. */
const SCAN_QUERIES = 64

export class Shapes {
  readonly count: number
  /** minLat, minLng, maxLat, maxLng per item, in quantised units */
  readonly boxes: Float64Array
  private builtGrid: BoxGrid | undefined
  private pointQueries = 0
  private readonly bytes: Uint8Array
  /** item i's block starts at blockStart[i] in `bytes` */
  private readonly blockStart: Int32Array
  /** decoded items: attributes, and parts firstPart[i] … firstPart[i] + partCount[i] - 1 (-1: not yet) */
  private readonly attributeValues: Int32Array
  private readonly firstPart: Int32Array
  private readonly partCount: Int32Array
  // Decoded vertices live in shared arrays, appended in the order queries reach the items (items near
  // each other stay near each other in memory); part k is vertices partStart[k] … partEnd[k] - 1.
  private partStart: Int32Array = new Int32Array(256)
  private partEnd: Int32Array = new Int32Array(256)
  private parts = 0
  private lat: Int32Array = new Int32Array(1024)
  private lng: Int32Array = new Int32Array(1024)
  private vertices = 0

  /** `attributes`: how many integers each block carries before its geometry. */
  constructor(
    reader: BinaryReader,
    private readonly scale: number,
    private readonly cellDegrees: number,
    private readonly attributes = 0,
  ) {
    const minLat = reader.ints(true)
    const minLng = reader.ints(true)
    const height = reader.ints()
    const width = reader.ints()
    const lengths = reader.ints()
    const n = minLat.length
    this.count = n
    const { bytes, start } = reader.block(reader.uvarint())
    this.bytes = bytes
    const blockStart = new Int32Array(n + 1)
    this.blockStart = blockStart
    blockStart[0] = start
    const boxes = new Float64Array(n * 4)
    this.boxes = boxes
    // One plain loop: this runs once per isolate over every item, before the JIT warms up.
    for (let i = 0; i < n; i++) {
      blockStart[i + 1] = blockStart[i] + lengths[i]
      const b = i * 4
      boxes[b] = minLat[i]
      boxes[b + 1] = minLng[i]
      boxes[b + 2] = minLat[i] + height[i]
      boxes[b + 3] = minLng[i] + width[i]
    }
    this.attributeValues = new Int32Array(n * attributes)
    this.firstPart = new Int32Array(n).fill(-1)
    this.partCount = new Int32Array(n)
  }

  /** The items' box grid, built at first need: a cold start's few point queries scan the boxes instead. */
  get grid(): BoxGrid {
    if (!this.builtGrid) {
      const degreeBoxes = new Float64Array(this.boxes.length)
      for (let k = 0; k < degreeBoxes.length; k++) degreeBoxes[k] = this.boxes[k] / this.scale
      this.builtGrid = new BoxGrid(degreeBoxes, this.cellDegrees)
    }
    return this.builtGrid
  }

  /**
   * Calls `visit`, in item order, with the items whose box may contain the point (at least those whose
   * box does). The first SCAN_QUERIES queries of an isolate scan every box (6,100 tracts: microseconds)
   * rather than build the grid (~15 ms of a cold start under workerd); later ones use the grid.
   */
  forEachAt(lat: number, lng: number, visit: (item: number) => void): void {
    if (this.builtGrid || ++this.pointQueries > SCAN_QUERIES) {
      this.grid.forEachAt(lat, lng, visit)
      return
    }
    const qLat = lat * this.scale
    const qLng = lng * this.scale
    const boxes = this.boxes
    for (let i = 0; i < this.count; i++) {
      const b = i * 4
      if (qLat >= boxes[b] && qLng >= boxes[b + 1] && qLat <= boxes[b + 2] && qLng <= boxes[b + 3]) visit(i)
    }
  }

  /** Attribute k of item i (decoding the item on first request). */
  attribute(i: number, k: number): number {
    if (this.firstPart[i] < 0) this.decode(i)
    return this.attributeValues[i * this.attributes + k]
  }

  /** Item i's parts as [lat, lng] vertices in quantised units (a copy: for tests and one-off lookups). */
  coordinates(i: number): [lat: number, lng: number][][] {
    if (this.firstPart[i] < 0) this.decode(i)
    const out: [number, number][][] = []
    for (let k = this.firstPart[i]; k < this.firstPart[i] + this.partCount[i]; k++) {
      const part: [number, number][] = []
      for (let v = this.partStart[k]; v < this.partEnd[k]; v++) part.push([this.lat[v], this.lng[v]])
      out.push(part)
    }
    return out
  }

  private decode(i: number): void {
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
    for (let k = 0; k < this.attributes; k++) this.attributeValues[i * this.attributes + k] = next()
    const parts = next()
    if (this.parts + parts > this.partStart.length) {
      this.partStart = grown(this.partStart, this.parts + parts)
      this.partEnd = grown(this.partEnd, this.parts + parts)
    }
    let vertices = this.vertices
    for (let k = this.parts; k < this.parts + parts; k++) {
      this.partStart[k] = vertices
      vertices += next()
      this.partEnd[k] = vertices
    }
    if (vertices > this.lat.length) {
      this.lat = grown(this.lat, vertices)
      this.lng = grown(this.lng, vertices)
    }
    const { lat, lng } = this
    let qLat = this.boxes[i * 4]
    let qLng = this.boxes[i * 4 + 1]
    for (let v = this.vertices; v < vertices; v++) {
      const zLat = next()
      const zLng = next()
      lat[v] = qLat += (zLat >>> 1) ^ -(zLat & 1)
      lng[v] = qLng += (zLng >>> 1) ^ -(zLng & 1)
    }
    this.firstPart[i] = this.parts
    this.partCount[i] = parts
    this.parts += parts
    this.vertices = vertices
  }

  /** Calls `visit` once per item whose box lies within `radiusM` of the point. */
  forEachNear(lat: number, lng: number, radiusM: number, visit: (item: number) => void): void {
    this.grid.forEachNear(lat, lng, radiusM, visit)
  }

  /** Nearest point of polyline `i` to (lat, lng): fills `out` and returns the distance in metres. */
  nearestPoint(i: number, lat: number, lng: number, out: NearestPoint): number {
    if (this.firstPart[i] < 0) this.decode(i)
    const { lat: qLat, lng: qLng, partStart, partEnd } = this
    let best = Infinity
    for (let k = this.firstPart[i]; k < this.firstPart[i] + this.partCount[i]; k++) {
      best = nearestOnRun(qLat, qLng, partStart[k], partEnd[k], lat, lng, this.scale, out, best)
    }
    return Math.sqrt(best)
  }

  /** Even-odd rule over all rings of polygon `i` (holes and multi-part polygons alike); the point in quantised units. */
  contains(i: number, qLat: number, qLng: number): boolean {
    if (this.firstPart[i] < 0) this.decode(i)
    const { lat, lng, partStart, partEnd } = this
    let inside = false
    for (let k = this.firstPart[i]; k < this.firstPart[i] + this.partCount[i]; k++) {
      const first = partStart[k]
      const last = partEnd[k] - 1
      for (let a = first, b = last; a <= last; b = a++) {
        const ya = lat[a],
          yb = lat[b]
        if (ya > qLat !== yb > qLat) {
          const xCross = lng[a] + ((qLat - ya) * (lng[b] - lng[a])) / (yb - ya)
          if (qLng < xCross) inside = !inside
        }
      }
    }
    return inside
  }
}

/** A copy of `a` with room for at least `needed` values (doubling). */
function grown(a: Int32Array, needed: number): Int32Array {
  const out = new Int32Array(Math.max(needed, a.length * 2))
  out.set(a)
  return out
}
