// Direct-mapped memo of a pure per-point lookup, keyed by the exact coordinates. Geocoded requests
// land on a few thousand positions (FSA and place centroids, address points of busy streets), so the
// same point is looked up again and again; a hit costs a hash and two comparisons. Bounded: a new
// point evicts the one in its slot. Callers must treat the values as read-only.

const bits = new Float64Array(1)
const words = new Uint32Array(bits.buffer)

export class PointMemo<T> {
  private readonly lats: Float64Array
  private readonly lngs: Float64Array
  private readonly values: T[]
  private readonly filled: Uint8Array
  private readonly mask: number

  /** `slots`: a power of two. */
  constructor(slots: number) {
    this.mask = slots - 1
    this.lats = new Float64Array(slots)
    this.lngs = new Float64Array(slots)
    this.values = new Array(slots)
    this.filled = new Uint8Array(slots)
  }

  private slot(lat: number, lng: number): number {
    bits[0] = lat
    let h = Math.imul(words[0] ^ words[1], 0x9e3779b1)
    bits[0] = lng
    h = Math.imul(h ^ words[0] ^ (words[1] << 7), 0x85ebca6b)
    return (h ^ (h >>> 15)) & this.mask
  }

  /** The value stored for exactly this point, or undefined. */
  get(lat: number, lng: number): T | undefined {
    const s = this.slot(lat, lng)
    return this.filled[s] === 1 && this.lats[s] === lat && this.lngs[s] === lng ? this.values[s] : undefined
  }

  set(lat: number, lng: number, value: T): T {
    const s = this.slot(lat, lng)
    this.lats[s] = lat
    this.lngs[s] = lng
    this.values[s] = value
    this.filled[s] = 1
    return value
  }
}
