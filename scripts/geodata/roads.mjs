// Step: Statistics Canada 2021 Road Network File for Ottawa → roads.bin and road-coverage.bin.
// roads.bin (segments in ngd_uid order): the polylines as shapes (1e-5°; lib.mjs writeShapes), each
// block carrying ngd_uid, class × 8 + rank and name index + 1 into the sorted name table (0 =
// unnamed), then the name table. The runtime decodes a segment only when a query reaches its box.
// road-coverage.bin: which 0.01° cells the network covers (cells with a vertex, plus cells enclosed
// by such cells within 3 cells north, south, east and west: parks and fields inside the city, not
// the far bank of the Ottawa River), as a bitset, so "is this point inside a loaded road network"
// needs no decoding of the segments.
import { BinaryWriter, quantise, readSource, writeShapes } from './lib.mjs'
// Magic and version of each binary artefact: one table the readers in src/geo/geodata/measured/ import too.
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const ROADS_MAGIC = FORMATS.roads.magic
export const ROADS_VERSION = FORMATS.roads.version
export const ROADS_SOURCES = ['ottawa/roads-rnf-2021.geojsonl']
export const COVERAGE_MAGIC = FORMATS.roadCoverage.magic
export const COVERAGE_VERSION = FORMATS.roadCoverage.version
const COVERAGE_CELL_UNITS = 1000 // 0.01° in 1e-5° units
const COVERAGE_FILL_CELLS = 3

export function buildRoads({ dataDir, manifest }) {
  const { text, entry } = readSource(dataDir, ROADS_SOURCES[0], manifest)
  const features = text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l))
  entry.rowsRead = features.length
  const segments = features.map((f) => {
    const { ngd_uid: id, name, class: rnfClass, rank } = f.properties
    if (f.geometry.type !== 'LineString') throw new Error(`segment ${id}: ${f.geometry.type}, expected LineString`)
    if (!(rank >= 1 && rank <= 7)) throw new Error(`segment ${id}: rank ${rank} outside 1–7`)
    return {
      id: Number(id),
      name,
      classRank: rnfClass * 8 + rank,
      parts: [f.geometry.coordinates.map(([lng, lat]) => [quantise(lat), quantise(lng)])],
    }
  })
  segments.sort((a, b) => a.id - b.id)
  const names = [...new Set(segments.map((s) => s.name).filter((n) => n !== null))].sort()
  const nameIndex = new Map(names.map((n, i) => [n, i + 1]))

  const w = new BinaryWriter(ROADS_MAGIC, ROADS_VERSION)
  const geometry = writeShapes(
    w,
    segments.map((s) => s.parts),
    segments.map((s) => [s.id, s.classRank, s.name === null ? 0 : nameIndex.get(s.name)]),
  )
  w.strings(names)
  const coverage = buildCoverage(segments)
  return {
    files: [
      { name: 'roads.bin', bytes: w.finish(), rows: segments.length },
      { name: 'road-coverage.bin', bytes: coverage.bytes, rows: coverage.covered },
    ],
    notes: {
      names: names.length,
      unnamedSegments: segments.filter((s) => s.name === null).length,
      ...geometry,
      coverageCells: coverage.covered,
    },
  }
}

function buildCoverage(segments) {
  const vertices = segments.flatMap((s) => s.parts.flat())
  const extent = (k, pick) => vertices.reduce((m, v) => pick(m, v[k]), vertices[0][k])
  const row0 = Math.floor(extent(0, Math.min) / COVERAGE_CELL_UNITS) - COVERAGE_FILL_CELLS
  const col0 = Math.floor(extent(1, Math.min) / COVERAGE_CELL_UNITS) - COVERAGE_FILL_CELLS
  const rows = Math.floor(extent(0, Math.max) / COVERAGE_CELL_UNITS) - row0 + 1 + COVERAGE_FILL_CELLS
  const cols = Math.floor(extent(1, Math.max) / COVERAGE_CELL_UNITS) - col0 + 1 + COVERAGE_FILL_CELLS
  const hasVertex = new Uint8Array(rows * cols)
  for (const [lat, lng] of vertices)
    hasVertex[(Math.floor(lat / COVERAGE_CELL_UNITS) - row0) * cols + Math.floor(lng / COVERAGE_CELL_UNITS) - col0] = 1
  const at = (r, c) => r >= 0 && r < rows && c >= 0 && c < cols && hasVertex[r * cols + c] === 1
  const within = (r, c, dr, dc) => {
    for (let k = 1; k <= COVERAGE_FILL_CELLS; k++) if (at(r + k * dr, c + k * dc)) return true
    return false
  }
  const covered = new Uint8Array(rows * cols)
  let count = 0
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const inside = at(r, c) || (within(r, c, 1, 0) && within(r, c, -1, 0) && within(r, c, 0, 1) && within(r, c, 0, -1))
      if (inside) {
        covered[r * cols + c] = 1
        count++
      }
    }
  }
  const w = new BinaryWriter(COVERAGE_MAGIC, COVERAGE_VERSION)
  w.uvarint(COVERAGE_CELL_UNITS)
  w.svarint(row0)
  w.svarint(col0)
  w.uvarint(rows)
  w.uvarint(cols)
  // Run lengths of alternating uncovered / covered cells, row-major.
  const runs = []
  let current = 0
  let run = 0
  for (const cell of covered) {
    if (cell === current) run++
    else {
      runs.push(run)
      current = cell
      run = 1
    }
  }
  runs.push(run)
  w.ints(runs)
  return { bytes: w.finish(), covered: count }
}
