// Step: City of Toronto parks and green spaces (parks, open green space, golf courses, cemeteries,
// civic squares) of at least 1 ha → parks.bin, as shapes (lib.mjs writeShapes) at 1e-4° (≈ 10 m):
// rings per park (parts and holes alike, even-odd rule), closing vertex and repeated vertices dropped.
// A point well inside one is not at a street frontage (src/geo/geodata/measured/parks.ts).
import { BinaryWriter, readSource, writeShapes } from './lib.mjs'
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }
import { loadTs } from '../lib/load-ts.mjs'

// The worker's own metres per degree (one Earth radius for the runtime and the builders).
const { METRES_PER_DEGREE_LAT, metresPerDegreeLng } = await loadTs('src/geo/geodata/geodesy.ts')

export const PARKS_MAGIC = FORMATS.parks.magic
export const PARKS_VERSION = FORMATS.parks.version
export const PARKS_SOURCES = ['toronto/parks.geojsonl']
const SCALE = 1e4
const MIN_AREA_M2 = 10_000

function areaM2(ring) {
  const kx = metresPerDegreeLng(ring[0][1])
  let a = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += ring[j][0] * kx * (ring[i][1] * METRES_PER_DEGREE_LAT) - ring[i][0] * kx * (ring[j][1] * METRES_PER_DEGREE_LAT)
  return Math.abs(a / 2)
}

export function buildParks({ dataDir, manifest }) {
  const { text, entry } = readSource(dataDir, PARKS_SOURCES[0], manifest)
  const parks = []
  let small = 0
  for (const line of text.split('\n')) {
    if (!line) continue
    entry.rowsRead++
    const f = JSON.parse(line)
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
    const area = polygons.reduce((s, p) => s + areaM2(p[0]) - p.slice(1).reduce((h, r) => h + areaM2(r), 0), 0)
    if (area < MIN_AREA_M2) {
      small++
      continue
    }
    const rings = polygons.flat().map((ring) => {
      const q = []
      for (const [lng, lat] of ring) {
        const v = [Math.round(lat * SCALE), Math.round(lng * SCALE)]
        if (!q.length || q.at(-1)[0] !== v[0] || q.at(-1)[1] !== v[1]) q.push(v)
      }
      if (q.length > 1 && q[0][0] === q.at(-1)[0] && q[0][1] === q.at(-1)[1]) q.pop()
      return q
    })
    parks.push({ id: f.properties.area_id, rings: rings.filter((r) => r.length >= 3) })
  }
  parks.sort((a, b) => a.id - b.id)
  const w = new BinaryWriter(PARKS_MAGIC, PARKS_VERSION)
  const { parts, vertices } = writeShapes(
    w,
    parks.map((p) => p.rings),
  )
  return {
    files: [{ name: 'parks.bin', bytes: w.finish(), rows: parks.length }],
    notes: { underOneHectare: small, rings: parts, vertices },
  }
}
