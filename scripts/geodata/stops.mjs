// Step: 2022 GTFS stop points → stops.bin: distinct locations at 1e-5° (rows flagged dup = 1 dropped,
// then points identical after quantisation merged), in the runtime grid's cell order (0.005° cells,
// then lat, lng: the runtime needs no sort, and it compresses as well as a Hilbert order), lat and
// lng delta-coded.
// Stops outside Canada (Detroit, Buffalo, New York State rail) are kept: they are real stops, and
// queries are Canadian points, which only reach them near the Detroit and Niagara rivers.
import { BinaryWriter, gridKey, csvObjects, quantise, readSource } from './lib.mjs'
// Magic and version of each binary artefact: one table the readers in src/geo/geodata/measured/ import too.
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const STOPS_MAGIC = FORMATS.stops.magic
export const STOPS_VERSION = FORMATS.stops.version
export const STOPS_SOURCES = ['gtfs/stops-2022.csv']
export const STOPS_CELL_UNITS = 500 // 0.005° at 1e-5° units; src/geo/geodata/measured/stops.ts uses the same

export function buildStops({ dataDir, manifest }) {
  const { text, entry } = readSource(dataDir, STOPS_SOURCES[0], manifest)
  const rows = csvObjects(text)
  entry.rowsRead = rows.length
  const seen = new Set()
  const points = []
  let flaggedDuplicates = 0
  for (const r of rows) {
    if (r.dup === '1') {
      flaggedDuplicates++
      continue
    }
    const lat = quantise(Number(r.lat))
    const lng = quantise(Number(r.lng))
    const id = `${lat},${lng}`
    if (seen.has(id)) continue
    seen.add(id)
    points.push({ lat, lng, key: gridKey(lat, lng, STOPS_CELL_UNITS, 1e5) })
  }
  points.sort((a, b) => a.key - b.key || a.lat - b.lat || a.lng - b.lng)
  const w = new BinaryWriter(STOPS_MAGIC, STOPS_VERSION)
  w.ints(
    points.map((p) => p.lat),
    { delta: true },
  )
  w.ints(
    points.map((p) => p.lng),
    { delta: true },
  )
  return {
    files: [{ name: 'stops.bin', bytes: w.finish(), rows: points.length }],
    notes: { flaggedDuplicates, mergedAfterQuantisation: rows.length - flaggedDuplicates - points.length },
  }
}
