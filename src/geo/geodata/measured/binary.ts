// Decoder for the compact geodata artefacts written by scripts/geodata/lib.mjs (BinaryWriter):
// a 4-letter magic and a version byte, then columns of LEB128 varints (zigzag when signed,
// optionally delta-coded) and UTF-8 string columns.
import FORMATS from '../../data/formats.json'

export const COORD_SCALE = 1e5

/** wrangler's Data rule gives an ArrayBuffer, esbuild's binary loader a Uint8Array: accept both. */
export const asBytes = (data: ArrayBuffer | Uint8Array): Uint8Array => (data instanceof Uint8Array ? data : new Uint8Array(data))

/** An artefact's name in src/geo/data/formats.json (the magic and version its builder writes). */
export type ArtefactName = keyof typeof FORMATS

/** The reader of one bundled artefact, its magic and version checked against formats.json: the one way the readers open one. */
export const artefactReader = (name: ArtefactName, data: ArrayBuffer | Uint8Array): BinaryReader =>
  new BinaryReader(asBytes(data), FORMATS[name].magic, FORMATS[name].version)

export class BinaryReader {
  private pos = 0
  constructor(
    private readonly bytes: Uint8Array,
    magic: string,
    version: number,
  ) {
    const found = String.fromCharCode(...bytes.subarray(0, 4))
    if (found !== magic || bytes[4] !== version)
      throw new Error(`geodata artefact: expected ${magic} v${version}, found ${found} v${bytes[4]}`)
    this.pos = 5
  }

  uvarint(): number {
    let result = 0
    let scale = 1
    for (;;) {
      const b = this.bytes[this.pos++]
      result += (b & 0x7f) * scale
      if (b < 0x80) return result
      scale *= 0x80
    }
  }

  svarint(): number {
    const z = this.uvarint()
    return z % 2 === 1 ? -(z + 1) / 2 : z / 2
  }

  /** Reads a column written by BinaryWriter.ints into an Int32Array. This loop decodes every artefact
   *  once per isolate, mostly before the JIT has warmed up, so it is kept to few bytecodes: inlined
   *  varints with a one- and two-byte fast path (most values), bitwise zigzag (values fit in 32 bits),
   *  and no method call per value. */
  ints(delta = false, signed = delta): Int32Array {
    const n = this.uvarint()
    const out = new Int32Array(n)
    const bytes = this.bytes
    let pos = this.pos
    let previous = 0
    for (let i = 0; i < n; i++) {
      let z = bytes[pos++]
      if (z >= 0x80) {
        const b1 = bytes[pos++]
        z = (z & 0x7f) | ((b1 & 0x7f) << 7)
        if (b1 >= 0x80) {
          let b = bytes[pos++]
          z |= (b & 0x7f) << 14
          if (b >= 0x80) {
            b = bytes[pos++]
            z |= (b & 0x7f) << 21
            if (b >= 0x80) z = (z >>> 0) + bytes[pos++] * 0x10000000
          }
        }
      }
      const x = signed ? (z >>> 1) ^ -(z & 1) : z
      out[i] = previous = delta ? previous + x : x
    }
    this.pos = pos
    return out
  }

  /** Decodes the column's bytes with one TextDecoder call (a call per string cost ~20 ms of cold
   *  start), then cuts the text by UTF-16 lengths counted from the UTF-8 bytes: every byte but a
   *  continuation byte starts one code unit, a 4-byte sequence two. */
  strings(): string[] {
    const lengths = this.ints()
    const bytes = this.bytes
    const start = this.pos
    let end = start
    for (let i = 0; i < lengths.length; i++) end += lengths[i]
    // TextDecoder drops a byte-order mark at the start of each decoded string: keep that per string.
    let hasBom = false
    for (let i = 0, at = start; i < lengths.length; at += lengths[i++]) {
      if (lengths[i] >= 3 && bytes[at] === 0xef && bytes[at + 1] === 0xbb && bytes[at + 2] === 0xbf) hasBom = true
    }
    const decoder = new TextDecoder()
    const out: string[] = new Array(lengths.length)
    if (hasBom) {
      for (let i = 0; i < lengths.length; i++) {
        out[i] = decoder.decode(bytes.subarray(this.pos, this.pos + lengths[i]))
        this.pos += lengths[i]
      }
      return out
    }
    const text = decoder.decode(bytes.subarray(start, end))
    let at = start
    let char = 0
    for (let i = 0; i < lengths.length; i++) {
      const stop = at + lengths[i]
      let units = 0
      for (; at < stop; at++) {
        const b = bytes[at]
        if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1
      }
      out[i] = text.slice(char, char + units)
      char += units
    }
    this.pos = end
    return out
  }

  /** The next `length` bytes, left in place (shapes.ts decodes them per item): the whole buffer and where they start. */
  block(length: number): { bytes: Uint8Array; start: number } {
    const start = this.pos
    this.pos += length
    return { bytes: this.bytes, start }
  }

  get done(): boolean {
    return this.pos === this.bytes.length
  }
}
