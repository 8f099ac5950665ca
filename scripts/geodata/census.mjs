// Step: 2016 dissemination-area points with their Can-ALE 1 km measures → census.bin.
// Columns (one row per DA, in the runtime grid's cell order — 0.01° cells, then dauid — so the
// runtime index needs no sort): dauid (delta), lat, lng (1e-4° ≈ 11 m, delta; the buffers are not
// centred on the point anyway), persons/km² and dwellings/km²
// (3 significant digits), transit stops + 1 (0 = Can-ALE has no transit measure), POI count,
// weighted POI index ×10 (3 significant digits), intersections in the 1 km circle (= density × π,
// an integer: lossless).
import { BinaryWriter, gridKey, csvObjects, readSource, significant } from './lib.mjs'
// Magic and version of each binary artefact: one table the readers in src/geo/geodata/measured/ import too.
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const CENSUS_MAGIC = FORMATS.census.magic
export const CENSUS_VERSION = FORMATS.census.version
export const CENSUS_SOURCES = ['da2016/da2016-canale.csv']
export const DA_COORD_SCALE = 1e4
export const DA_CELL_UNITS = 100 // 0.01° at 1e-4° units; src/geo/geodata/measured/census.ts uses the same

export function buildCensus({ dataDir, manifest }) {
  const { text, entry } = readSource(dataDir, CENSUS_SOURCES[0], manifest)
  const rows = csvObjects(text)
  entry.rowsRead = rows.length
  /** @type {Array<Record<string, number>>} */
  const kept = []
  let noMeasures = 0
  for (const r of rows) {
    // DA 35510090 has a point but appears in none of the Can-ALE files: no measure to interpolate.
    if (r.pop_density_1km === '') {
      noMeasures++
      continue
    }
    kept.push({
      dauid: Number(r.dauid),
      lat: Math.round(Number(r.lat) * DA_COORD_SCALE),
      lng: Math.round(Number(r.lng) * DA_COORD_SCALE),
      pop: significant(Number(r.pop_density_1km), 3),
      dwellings: significant(Number(r.dwelling_density_1km), 3),
      // transit_measured = 0: empty in New Brunswick, 0-by-rule in the territories; both are "unknown".
      transitPlusOne: r.transit_measured === '1' ? Number(r.transit_stops_1km) + 1 : 0,
      poi: Number(r.poi_count_1km),
      poiWeighted10: significant(Number(r.poi_weighted_1km) * 10, 3),
      intersections: Math.round(Number(r.intersection_density_1km) * Math.PI),
    })
  }
  for (const d of kept) d.key = gridKey(d.lat, d.lng, DA_CELL_UNITS, DA_COORD_SCALE)
  kept.sort((a, b) => a.key - b.key || a.dauid - b.dauid)
  const w = new BinaryWriter(CENSUS_MAGIC, CENSUS_VERSION)
  w.ints(
    kept.map((d) => d.dauid),
    { delta: true },
  )
  w.ints(
    kept.map((d) => d.lat),
    { delta: true },
  )
  w.ints(
    kept.map((d) => d.lng),
    { delta: true },
  )
  for (const column of ['pop', 'dwellings', 'transitPlusOne', 'poi', 'poiWeighted10', 'intersections']) {
    w.ints(kept.map((d) => d[column]))
  }
  return {
    files: [{ name: 'census.bin', bytes: w.finish(), rows: kept.length }],
    notes: { droppedWithoutMeasures: noMeasures, transitUnmeasured: kept.filter((d) => d.transitPlusOne === 0).length },
  }
}
