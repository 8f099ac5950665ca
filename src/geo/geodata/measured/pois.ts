// Points of interest near a point (pois.bin, built by scripts/geodata/pois.mjs): the destinations the
// pedestrian model counts at a corner where a source covers the city (Metro Vancouver's OSM amenities,
// Montréal's civic places). Each source has its coverage box and its POIs per Can-ALE POI (the national
// 1 km count): a count ÷ that ratio is in Can-ALE-equivalent POIs, comparable between sources.
import poisData from '../../data/pois.bin'
import { artefactReader, COORD_SCALE } from './binary'
import { PointGrid } from './grid'
import { METRES_PER_DEGREE, degreeSpan, metresPerDegreeLng } from './planar'

interface PoiTable {
  sources: { id: string; box: Int32Array; perCanAle: number }[]
  qLat: Int32Array
  qLng: Int32Array
  grid: PointGrid
}
export interface PoisNear {
  /** the source covering the point, e.g. `osm-vancouver-2019` */
  source: string
  /** the source's POIs within the radius */
  count: number
  /** count ÷ the source's POIs per Can-ALE POI */
  canAleEquivalents: number
}

const CELL_UNITS = 500 // 0.005° cells, as scripts/geodata/pois.mjs writes them
const KY = METRES_PER_DEGREE / COORD_SCALE
let table: PoiTable | undefined

function poiTable(): PoiTable {
  if (table) return table
  const reader = artefactReader('pois', poisData)
  const ids = reader.strings()
  const boxes = reader.ints(false, true)
  const ratios = reader.ints()
  const sources = ids.map((id, i) => ({ id, box: boxes.subarray(4 * i, 4 * i + 4), perCanAle: ratios[i] / 1e4 }))
  const qLat = reader.ints(true)
  const qLng = reader.ints(true)
  table = { sources, qLat, qLng, grid: new PointGrid(qLat, qLng, CELL_UNITS, COORD_SCALE) }
  return table
}

/** The POIs within `radiusM` of a point, or undefined where no source covers it (most of Canada). */
export function poisNear(lat: number, lng: number, radiusM: number): PoisNear | undefined {
  const t = poiTable()
  const qy = lat * COORD_SCALE
  const qx = lng * COORD_SCALE
  const source = t.sources.find((s) => qy >= s.box[0] && qx >= s.box[1] && qy <= s.box[2] && qx <= s.box[3])
  if (!source) return undefined
  const { dLat, dLng } = degreeSpan(lat, radiusM)
  const runCount = t.grid.runsInBox(lat - dLat, lng - dLng, lat + dLat, lng + dLng)
  const kx = metresPerDegreeLng(lat) / COORD_SCALE
  const radiusSq = radiusM * radiusM
  const { runs } = t.grid
  let count = 0
  for (let r = 0; r < runCount; r++) {
    for (let i = runs[2 * r]; i < runs[2 * r + 1]; i++) {
      const dx = (t.qLng[i] - qx) * kx
      const dy = (t.qLat[i] - qy) * KY
      if (dx * dx + dy * dy <= radiusSq) count++
    }
  }
  return { source: source.id, count, canAleEquivalents: count / source.perCanAle }
}
