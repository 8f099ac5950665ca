// Set-associative memo of a pure per-point lookup, keyed by the exact coordinates. Geocoded requests
// land on a few thousand positions (FSA and place centroids, address points of busy streets), so the
// same point is looked up again and again; a hit costs a hash and up to four comparisons. Bounded: a
// point hashes to a set of four slots, and a new point evicts the set's oldest. (Direct-mapped, one
// slot per point, 1,595 bench positions in 4,096 slots missed 13 % of lookups on collisions; four-way, 2 %.)
// Callers must treat the values as read-only.

const bits = new Float64Array(1)
const words = new Uint32Array(bits.buffer)
const WAYS = 4

export class PointMemo<T> {
  private readonly lats: Float64Array
  private readonly lngs: Float64Array
  private readonly values: T[]
  private readonly filled: Uint8Array
  private readonly mask: number

  /** `slots`: a power of two, at least 4. */
  constructor(slots: number) {
    this.mask = (slots - 1) & ~(WAYS - 1)
    this.lats = new Float64Array(slots)
    this.lngs = new Float64Array(slots)
    this.values = new Array(slots)
    this.filled = new Uint8Array(slots)
  }

  /** The first slot of the point's set. */
  private set0(lat: number, lng: number): number {
    bits[0] = lat
    let h = Math.imul(words[0] ^ words[1], 0x9e3779b1)
    bits[0] = lng
    h = Math.imul(h ^ words[0] ^ (words[1] << 7), 0x85ebca6b)
    return (h ^ (h >>> 15)) & this.mask
  }

  /** The value stored for exactly this point, or undefined. */
  get(lat: number, lng: number): T | undefined {
    const s = this.set0(lat, lng)
    for (let i = s; i < s + WAYS; i++) if (this.filled[i] === 1 && this.lats[i] === lat && this.lngs[i] === lng) return this.values[i]
    return undefined
  }

  /** Stores the point's value first in its set (replacing the point's old value, else the oldest of the set). */
  set(lat: number, lng: number, value: T): T {
    const s = this.set0(lat, lng)
    let last = s + WAYS - 1
    for (let i = s; i < s + WAYS - 1; i++)
      if (this.filled[i] === 1 && this.lats[i] === lat && this.lngs[i] === lng) {
        last = i
        break
      }
    for (let i = last; i > s; i--) {
      this.lats[i] = this.lats[i - 1]
      this.lngs[i] = this.lngs[i - 1]
      this.values[i] = this.values[i - 1]
      this.filled[i] = this.filled[i - 1]
    }
    this.lats[s] = lat
    this.lngs[s] = lng
    this.values[s] = value
    this.filled[s] = 1
    return value
  }
}
