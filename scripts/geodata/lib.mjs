// Shared helpers for the geodata build steps: reading ../shared/data, hashing sources for the
// manifest, spatial ordering and the compact binary encoding the runtime decoders read
// (src/geo/geodata/measured/binary.ts mirrors the format).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const COORD_SCALE = 1e5 // 1e-5 degree ≈ 1.1 m north-south: finer than any source needs

export function sharedDataDir(root) {
  return process.env.SHARED_DATA_DIR ?? join(root, '../shared/data')
}

/** Reads one source file and records it for the manifest (path relative to the data pack, SHA-256). */
export function readSource(dataDir, relative, manifest) {
  const path = join(dataDir, relative)
  if (!existsSync(path)) throw new Error(`missing source file ${path}`)
  const bytes = readFileSync(path)
  const entry = { path: relative, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length, rowsRead: 0 }
  manifest.sources.push(entry)
  return { text: bytes.toString('utf8'), entry }
}

// CSV rows as objects: the one CSV reader (scripts/lib/csv.mjs).
export { csvObjects } from '../lib/csv.mjs'

export const quantise = (degrees) => Math.round(degrees * COORD_SCALE)

/** Growable byte buffer with LEB128 varints (zigzag for signed values); without a magic, a bare block. */
export class BinaryWriter {
  constructor(magic, version) {
    this.bytes = new Uint8Array(magic === undefined ? 64 : 1 << 16)
    this.length = 0
    if (magic === undefined) return
    for (const ch of magic) this.byte(ch.charCodeAt(0))
    this.byte(version)
  }
  byte(b) {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2)
      grown.set(this.bytes)
      this.bytes = grown
    }
    this.bytes[this.length++] = b
  }
  uvarint(n) {
    if (!Number.isInteger(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) throw new Error(`uvarint out of range: ${n}`)
    while (n >= 0x80) {
      this.byte((n % 0x80) | 0x80)
      n = Math.floor(n / 0x80)
    }
    this.byte(n)
  }
  svarint(n) {
    this.uvarint(n < 0 ? -2 * n - 1 : 2 * n)
  }
  /** A column of integers: its length, then each value (delta to the previous one when `delta`). */
  ints(values, { delta = false, signed = delta } = {}) {
    this.uvarint(values.length)
    let previous = 0
    for (const v of values) {
      const x = delta ? v - previous : v
      previous = v
      if (signed) this.svarint(x)
      else this.uvarint(x)
    }
  }
  /** A column of strings: UTF-8 byte lengths, then the bytes. */
  strings(values) {
    const encoded = values.map((s) => new TextEncoder().encode(s))
    this.ints(encoded.map((b) => b.length))
    for (const b of encoded) for (const x of b) this.byte(x)
  }
  finish() {
    return this.bytes.slice(0, this.length)
  }
}

/** Rounds to `digits` significant digits, and to an integer below 10^digits: the measures are
 *  1 km-buffer aggregates, so finer digits only cost bytes (relative error ≤ 0.5 %). */
export function significant(value, digits) {
  const step = value >= 1 ? 10 ** (Math.floor(Math.log10(value)) - digits + 1) : 1
  return step <= 1 ? Math.round(value) : Math.round(value / step) * step
}

/** Polylines of many items: parts per item, vertices per part, then all vertices' lat and lng in
 *  quantised units, delta-coded (src/geo/geodata/measured/polylines.ts reads them). */
export function writePolylines(w, items) {
  w.ints(items.map((parts) => parts.length))
  const parts = items.flat()
  w.ints(parts.map((p) => p.length))
  const vertices = parts.flat()
  w.ints(
    vertices.map((v) => v[0]),
    { delta: true },
  )
  w.ints(
    vertices.map((v) => v[1]),
    { delta: true },
  )
  return { parts: parts.length, vertices: vertices.length }
}

/** "MULTILINESTRING ((lng lat, …), (…))" → parts of [qLat, qLng]. */
export function parseMultiLineString(wkt) {
  const body = wkt
    .trim()
    .replace(/^MULTILINESTRING\s*\(\s*\(/i, '')
    .replace(/\)\s*\)\s*$/, '')
  return body.split(/\)\s*,\s*\(/).map((part) =>
    part.split(',').map((pair) => {
      const [lng, lat] = pair.trim().split(/\s+/).map(Number)
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) throw new Error(`bad WKT vertex "${pair}"`)
      return [quantise(lat), quantise(lng)]
    }),
  )
}

/** Cell key of a quantised point in the runtime's point grid (src/geo/geodata/measured/grid.ts: rows of
 *  `cellUnits` from 38° N, columns from 145° W, key = row × 65536 + column). Points written in key
 *  order are the runtime's index as they are: it builds nothing, and refuses points out of order. */
export function gridKey(qLat, qLng, cellUnits, scale) {
  const clamp = (x) => Math.min(65535, Math.max(0, x))
  return clamp(Math.floor((qLat - 38 * scale) / cellUnits)) * 65536 + clamp(Math.floor((qLng + 145 * scale) / cellUnits))
}

/** Shapes decoded one item at a time (src/geo/geodata/measured/shapes.ts): a header of per-item bounding
 *  boxes (min lat and lng delta-coded across items, then height and width) and block byte lengths,
 *  the blocks' total length, then one block per item: its attributes (`attributes[i]`, non-negative
 *  integers, the same count for every item), parts, vertices per part, and each vertex as a zigzag
 *  delta (lat, lng) from the previous one, starting at the box's minimum corner. The runtime decodes
 *  the small header at first use and a block only when a query reaches its box. */
export function writeShapes(w, items, attributes = []) {
  const boxes = items.map((parts) => {
    const vertices = parts.flat()
    if (vertices.length === 0) throw new Error('shape without vertices')
    const lats = vertices.map((v) => v[0])
    const lngs = vertices.map((v) => v[1])
    return [Math.min(...lats), Math.min(...lngs), Math.max(...lats), Math.max(...lngs)]
  })
  const blocks = items.map((parts, i) => {
    const b = new BinaryWriter()
    for (const a of attributes[i] ?? []) b.uvarint(a)
    b.uvarint(parts.length)
    for (const p of parts) b.uvarint(p.length)
    let [lat, lng] = boxes[i]
    for (const [vLat, vLng] of parts.flat()) {
      b.svarint(vLat - lat)
      b.svarint(vLng - lng)
      lat = vLat
      lng = vLng
    }
    return b.finish()
  })
  w.ints(
    boxes.map((b) => b[0]),
    { delta: true },
  )
  w.ints(
    boxes.map((b) => b[1]),
    { delta: true },
  )
  w.ints(boxes.map((b) => b[2] - b[0]))
  w.ints(boxes.map((b) => b[3] - b[1]))
  w.ints(blocks.map((b) => b.length))
  w.uvarint(blocks.reduce((sum, b) => sum + b.length, 0))
  for (const b of blocks) for (const x of b) w.byte(x)
  return {
    parts: items.reduce((sum, parts) => sum + parts.length, 0),
    vertices: items.reduce((sum, parts) => sum + parts.flat().length, 0),
  }
}
