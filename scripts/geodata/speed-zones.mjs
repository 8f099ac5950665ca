// Step: City of Calgary posted speed zones → speed-zones.bin: each zone's street name and limit
// (km/h) with its polyline. The file lists the zones that differ from the 50 km/h default (arterials
// at 60–70, skeletal roads at 80–110, playground and traffic-calmed streets at 30–40); a point's
// zone within ~25 m names the road it is on and its design speed, independently of the traffic counts.
// Ramps are dropped (a point beside a ramp is not on it, and the ramp carries its road's name).
// Vertices are thinned (Douglas–Peucker, 1 m: the source digitises curves every few metres) before
// quantising to 1e-5°. Rows are sorted by street name, speed, then first vertex, so the output does
// not depend on the file order.
// Columns: names (distinct street names, sorted), nameIndex, speedKmh, then the polylines (1e-5°).
import { BinaryWriter, csvObjects, parseMultiLineString, readSource, writePolylines } from './lib.mjs'
// Magic and version of each binary artefact: one table the readers in src/geo/geodata/measured/ import too.
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const SPEED_ZONES_MAGIC = FORMATS.speedZones.magic
export const SPEED_ZONES_VERSION = FORMATS.speedZones.version
export const SPEED_ZONES_SOURCES = ['calgary/speed-limits.csv']

const SIMPLIFY_M = 1
// Quantised units → metres at Calgary's 51° N (1e-5° ≈ 1.112 m north-south, 0.70 m east-west).
const KY = 1.112,
  KX = 0.7

function offsetM(p, a, b) {
  const ax = (p[1] - a[1]) * KX,
    ay = (p[0] - a[0]) * KY
  const dx = (b[1] - a[1]) * KX,
    dy = (b[0] - a[0]) * KY
  const lengthSq = dx * dx + dy * dy
  const t = lengthSq > 0 ? Math.max(0, Math.min(1, (ax * dx + ay * dy) / lengthSq)) : 0
  return Math.hypot(ax - t * dx, ay - t * dy)
}

/** Douglas–Peucker on quantised [lat, lng] vertices (iterative, deterministic). */
export function simplify(part, toleranceM) {
  if (part.length <= 2) return part
  const keep = new Uint8Array(part.length)
  keep[0] = keep[part.length - 1] = 1
  const stack = [[0, part.length - 1]]
  while (stack.length) {
    const [first, last] = stack.pop()
    let worst = -1,
      worstM = toleranceM
    for (let i = first + 1; i < last; i++) {
      const d = offsetM(part[i], part[first], part[last])
      if (d > worstM) {
        worstM = d
        worst = i
      }
    }
    if (worst > 0) {
      keep[worst] = 1
      stack.push([first, worst], [worst, last])
    }
  }
  return part.filter((_, i) => keep[i])
}

export function buildSpeedZones({ dataDir, manifest }) {
  const { text, entry } = readSource(dataDir, SPEED_ZONES_SOURCES[0], manifest)
  const rows = csvObjects(text)
  entry.rowsRead = rows.length
  const ramps = rows.filter((r) => /\bRAMP\b/.test(r.street_name))
  const zones = rows
    .filter((r) => !/\bRAMP\b/.test(r.street_name))
    .map((r) => {
      const parts = parseMultiLineString(r.wkt).map((p) => simplify(p, SIMPLIFY_M))
      return { name: r.street_name.trim(), speed: Number(r.speed_kmh), parts }
    })
  for (const z of zones) if (!(z.speed > 0 && z.speed <= 130)) throw new Error(`speed-limits.csv: bad speed ${z.speed} on ${z.name}`)
  const key = (z) => [z.name, String(z.speed).padStart(3, '0'), String(z.parts[0][0][0]), String(z.parts[0][0][1])].join('|')
  zones.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
  const names = [...new Set(zones.map((z) => z.name))].sort()
  const nameIndex = new Map(names.map((n, i) => [n, i]))
  const w = new BinaryWriter(SPEED_ZONES_MAGIC, SPEED_ZONES_VERSION)
  w.strings(names)
  w.ints(zones.map((z) => nameIndex.get(z.name)))
  w.ints(zones.map((z) => z.speed))
  const sourceVertices = rows
    .filter((r) => !/\bRAMP\b/.test(r.street_name))
    .reduce((n, r) => n + parseMultiLineString(r.wkt).flat().length, 0)
  const geometry = writePolylines(
    w,
    zones.map((z) => z.parts),
  )
  return {
    files: [{ name: 'speed-zones.bin', bytes: w.finish(), rows: zones.length }],
    notes: { rampsDropped: ramps.length, streetNames: names.length, sourceVertices, simplifiedToleranceM: SIMPLIFY_M, ...geometry },
  }
}
