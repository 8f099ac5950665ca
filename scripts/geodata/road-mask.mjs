// Step: where roads are known → road-mask.bin: the 0.005° cells (≈ 555 m × 350–390 m) that hold any
// evidence of a road: a census DA representative point (Statistics Canada places it on the most
// populated block face), a transit stop, an address point, a vertex of a street network (Ottawa RNF,
// GTA and Montréal OSM streets, Calgary's counted sections and speed zones) or a traffic count site
// (Edmonton, Vancouver). Footways, paths and cycleways are not roads. Written as sorted cell keys
// (row × 65536 + column, rows from 38° N, columns from 145° W, as gridKey), delta-coded.
// A point with no such cell within ~1 km is on water, in wilderness or in a park interior, or on a road
// none of these sources knows (a rural road between census points): src/geo/geodata/measured/road-mask.ts.
import { BinaryWriter, gridKey, csvObjects, parseMultiLineString, quantise, readSource } from './lib.mjs'
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const ROAD_MASK_MAGIC = FORMATS.roadMask.magic
export const ROAD_MASK_VERSION = FORMATS.roadMask.version
export const ROAD_MASK_CELL_UNITS = 500 // 0.005° in 1e-5° units; src/geo/geodata/measured/road-mask.ts uses the same
const POINT_SOURCES = [
  ['da2016/da2016-canale.csv', 'lat', 'lng'],
  ['gtfs/stops-2022.csv', 'lat', 'lng'],
  ['addresses/osm-canada-cities.csv', 'lat', 'lng'],
  ['addresses/oda-waterloo-region.csv', 'lat', 'lng'],
  ['addresses/oda-nt-yellowknife.csv', 'latitude', 'longitude'],
  ['addresses/vancouver-property-addresses-subset.csv', 'lat', 'lng'],
  ['edmonton/aawdt.csv', 'lat', 'lng'],
  ['vancouver/tmc-counts.csv', 'lat', 'lng'],
]
const WKT_SOURCES = ['calgary/speed-limits.csv', 'calgary/traffic-volumes-2018.csv']
const LINE_SOURCES = ['ottawa/roads-rnf-2021.geojsonl', 'toronto/osm-gta-streets.geojsonl', 'osm-networks/montreal-streets.geojsonl']
export const ROAD_MASK_SOURCES = [...POINT_SOURCES.map((s) => s[0]), ...WKT_SOURCES, ...LINE_SOURCES]
const NOT_ROADS = /^(footway|path|cycleway|steps|pedestrian|bridleway|construction|proposed|corridor|track)$/

/** Cells along a polyline: every vertex, and points every 100 m between vertices (long straight segments). */
function addLine(cells, coords) {
  for (let i = 0; i < coords.length; i++) {
    const [qLat, qLng] = coords[i]
    cells.add(gridKey(qLat, qLng, ROAD_MASK_CELL_UNITS, 1e5))
    if (i === 0) continue
    const [pLat, pLng] = coords[i - 1]
    const steps = Math.floor(Math.hypot(qLat - pLat, (qLng - pLng) * 0.7) / 90)
    for (let s = 1; s < steps; s++) {
      const t = s / steps
      cells.add(gridKey(Math.round(pLat + t * (qLat - pLat)), Math.round(pLng + t * (qLng - pLng)), ROAD_MASK_CELL_UNITS, 1e5))
    }
  }
}

/** `skip`: sources left out (the validation measures the mask on a source it was not built from). */
export function roadMaskCells({ dataDir, manifest, skip = new Set() }) {
  const cells = new Set()
  const counts = {}
  for (const [path, latKey, lngKey] of POINT_SOURCES) {
    if (skip.has(path)) continue
    const { text, entry } = readSource(dataDir, path, manifest)
    const rows = csvObjects(text)
    entry.rowsRead = rows.length
    for (const r of rows) {
      const lat = Number(r[latKey])
      const lng = Number(r[lngKey])
      if (r[latKey] === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) continue
      cells.add(gridKey(quantise(lat), quantise(lng), ROAD_MASK_CELL_UNITS, 1e5))
    }
    counts[path] = cells.size
  }
  for (const path of WKT_SOURCES) {
    if (skip.has(path)) continue
    const { text, entry } = readSource(dataDir, path, manifest)
    const rows = csvObjects(text)
    entry.rowsRead = rows.length
    for (const r of rows) for (const part of parseMultiLineString(r.wkt)) addLine(cells, part)
    counts[path] = cells.size
  }
  for (const path of LINE_SOURCES) {
    if (skip.has(path)) continue
    const { text, entry } = readSource(dataDir, path, manifest)
    for (const line of text.split('\n')) {
      if (!line) continue
      entry.rowsRead++
      const f = JSON.parse(line)
      if (NOT_ROADS.test(f.properties.highway ?? '')) continue
      const g = f.geometry
      const parts = g.type === 'LineString' ? [g.coordinates] : g.coordinates
      for (const part of parts)
        addLine(
          cells,
          part.map(([lng, lat]) => [quantise(lat), quantise(lng)]),
        )
    }
    counts[path] = cells.size
  }
  return { cells, counts }
}

export function buildRoadMask({ dataDir, manifest }) {
  const { cells, counts } = roadMaskCells({ dataDir, manifest })
  const keys = [...cells].sort((a, b) => a - b)
  const w = new BinaryWriter(ROAD_MASK_MAGIC, ROAD_MASK_VERSION)
  w.ints(keys, { delta: true })
  return { files: [{ name: 'road-mask.bin', bytes: w.finish(), rows: keys.length }], notes: { cellsAfterEachSource: counts } }
}
