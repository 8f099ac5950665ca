// Step: City of Calgary traffic volumes 2016–2018 → traffic.bin: every counted section at its latest
// year with a non-zero volume (0 means "not counted"). Rows are the unit, not secnames: BOWNESS3 and
// HIDDENCREEK2 name two different pieces of road in one year. A section is a secname at its latest
// counted year (all its rows of that year, as pieces); a piece of an earlier year is kept as well
// only when it lies apart from the kept pieces (its middle > 25 m from them: BOWNESS3's 2016 second
// piece), not when it is the same road redrawn with other ends (207 secnames change ends across
// years). Ids are the secname, or "SECNAME#n" when a secname has several pieces (n from the latest
// year first, in file order).
// Columns (by id): ids, year (as in the row: GLENMORE8 in the 2018 file says 2017), volume
// (vehicles/day), then the polylines (1e-5°).
import { BinaryWriter, csvObjects, parseMultiLineString, readSource, writePolylines } from './lib.mjs'
// Magic and version of each binary artefact: one table the readers in src/geo/geodata/measured/ import too.
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const TRAFFIC_MAGIC = FORMATS.traffic.magic
export const TRAFFIC_VERSION = FORMATS.traffic.version
const YEARS = [2016, 2017, 2018]
export const TRAFFIC_SOURCES = YEARS.map((year) => `calgary/traffic-volumes-${year}.csv`)

const APART_M = 25
// 1e-5° ≈ 1.11 m north-south and 0.70 m east-west at Calgary's 51° N.
const metres = (dLat, dLng) => Math.hypot(dLat * 1.112, dLng * 0.7)
function distanceToPiece([lat, lng], parts) {
  let best = Infinity
  for (const part of parts) {
    for (let v = 0; v + 1 < part.length; v++) {
      const [aLat, aLng] = part[v],
        [bLat, bLng] = part[v + 1]
      const dy = (bLat - aLat) * 1.112,
        dx = (bLng - aLng) * 0.7
      const lengthSq = dx * dx + dy * dy
      const t = lengthSq > 0 ? Math.max(0, Math.min(1, ((lat - aLat) * 1.112 * dy + (lng - aLng) * 0.7 * dx) / lengthSq)) : 0
      best = Math.min(best, metres(lat - (aLat + t * (bLat - aLat)), lng - (aLng + t * (bLng - aLng))))
    }
  }
  return best
}
const middleOf = (parts) => {
  const all = parts.flat()
  return all[Math.floor(all.length / 2)]
}

export function buildTraffic({ dataDir, manifest }) {
  const rowsByYear = []
  let zeroRows = 0
  for (const fileYear of YEARS) {
    const { text, entry } = readSource(dataDir, TRAFFIC_SOURCES[YEARS.indexOf(fileYear)], manifest)
    const rows = csvObjects(text)
    entry.rowsRead = rows.length
    zeroRows += rows.filter((r) => !(Number(r.volume) > 0)).length
    rowsByYear.push(rows.filter((r) => Number(r.volume) > 0))
  }
  const piecesBySecname = new Map()
  for (const rows of rowsByYear.reverse()) {
    // latest year first
    const keptBefore = new Map([...piecesBySecname].map(([secname, pieces]) => [secname, pieces.length]))
    for (const r of rows) {
      const parts = parseMultiLineString(r.wkt)
      const pieces = piecesBySecname.get(r.secname) ?? []
      const fromLaterYears = pieces.slice(0, keptBefore.get(r.secname) ?? 0)
      if (fromLaterYears.some((p) => distanceToPiece(middleOf(parts), p.parts) <= APART_M)) continue
      pieces.push({ secname: r.secname, year: Number(r.year), volume: Number(r.volume), parts })
      piecesBySecname.set(r.secname, pieces)
    }
  }
  const sections = [...piecesBySecname.values()].flatMap((pieces) =>
    pieces.map((p, k) => ({ ...p, id: pieces.length > 1 ? `${p.secname}#${k + 1}` : p.secname })),
  )
  sections.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const w = new BinaryWriter(TRAFFIC_MAGIC, TRAFFIC_VERSION)
  w.strings(sections.map((s) => s.id))
  w.ints(sections.map((s) => s.year))
  w.ints(sections.map((s) => s.volume))
  const geometry = writePolylines(
    w,
    sections.map((s) => s.parts),
  )
  const byYear = Object.fromEntries(YEARS.map((y) => [y, sections.filter((s) => s.year === y).length]))
  return {
    files: [{ name: 'traffic.bin', bytes: w.finish(), rows: sections.length }],
    notes: { zeroVolumeRowsSkipped: zeroRows, sectionsByYear: byYear, ...geometry },
  }
}
