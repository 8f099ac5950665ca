// Step: 2021 census tracts (polygons + median household income) → tracts.bin.
// The source polygons are already at 1e-4° (about 10 m), so storing them at that precision is
// lossless: runtime point-in-tract answers equal those of the source polygons.
// Columns (tracts in ctuid order): ctuid as an integer without its dot (delta), income ÷ 100, then
// the polygons as shapes (lib.mjs writeShapes, 1e-4°): rings per tract (Polygon parts and holes
// alike: the runtime uses the even-odd rule) with the closing vertex dropped. The runtime decodes a
// tract's rings only when a point falls in its box.
import { BinaryWriter, csvObjects, readSource, writeShapes } from './lib.mjs'
// Magic and version of each binary artefact: one table the readers in src/geo/geodata/measured/ import too.
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const TRACTS_MAGIC = FORMATS.tracts.magic
export const TRACTS_VERSION = FORMATS.tracts.version
export const TRACT_COORD_SCALE = 1e4
export const TRACTS_SOURCES = ['income/ct-2021.geojsonl', 'income/ct-income-2021.csv']

export function buildTracts({ dataDir, manifest }) {
  const polygons = readSource(dataDir, TRACTS_SOURCES[0], manifest)
  const incomes = readSource(dataDir, TRACTS_SOURCES[1], manifest)
  const incomeRows = csvObjects(incomes.text)
  incomes.entry.rowsRead = incomeRows.length
  const incomeByCt = new Map(incomeRows.map((r) => [r.ctuid, Number(r.median_household_income_2020)]))
  const features = polygons.text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l))
  polygons.entry.rowsRead = features.length

  const tracts = features.map((f) => {
    const { ctuid, median_household_income_2020: income } = f.properties
    if (incomeByCt.get(ctuid) !== income)
      throw new Error(`tract ${ctuid}: income ${income} in the polygons, ${incomeByCt.get(ctuid)} in the table`)
    if (income % 100 !== 0) throw new Error(`tract ${ctuid}: income ${income} is not a multiple of $100`)
    const parts = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates
    const rings = parts.flat().map((ring) => {
      const open = ring.length > 1 && ring[0][0] === ring.at(-1)[0] && ring[0][1] === ring.at(-1)[1] ? ring.slice(0, -1) : ring
      return open.map(([lng, lat]) => [Math.round(lat * TRACT_COORD_SCALE), Math.round(lng * TRACT_COORD_SCALE)])
    })
    return { ctuid, id: Number(ctuid.replace('.', '')), income, rings }
  })
  tracts.sort((a, b) => a.id - b.id)

  const w = new BinaryWriter(TRACTS_MAGIC, TRACTS_VERSION)
  w.ints(
    tracts.map((t) => t.id),
    { delta: true },
  )
  w.ints(tracts.map((t) => t.income / 100))
  const { parts, vertices } = writeShapes(
    w,
    tracts.map((t) => t.rings),
  )
  return {
    files: [{ name: 'tracts.bin', bytes: w.finish(), rows: tracts.length }],
    notes: { rings: parts, vertices },
  }
}
