// Step: points of interest near a corner → pois.bin (the pedestrian model's local destinations,
// docs/methodology.md §2.3). Two sources, each with its own coverage box, because they are not the same
// kind of data (data pack README, pois/):
//   - OpenStreetMap amenity nodes of Metro Vancouver (July 2019): the destinations people walk to (food and
//     drink, banks, pharmacies, health, schools, culture, worship, civic). Street furniture (benches, bins,
//     bicycle racks, post boxes: half the file), parking and car services, and transit (modelled apart) are
//     left out: an allow-list, so an unknown value is left out too.
//   - Ville de Montréal places of interest (about 2020): civic places. Parks and community gardens (an area
//     written as one point), public art, taxi stands, sorting centres, public toilets and transport are left out.
// The two differ in how many places they list per real destination, so each source is calibrated to one
// national measure: `perCanAle` = the source's POIs within 1 km of the DA points (Can-ALE 2016) inside its
// box with ≥ 1,000 persons/km², ÷ those DA points' Can-ALE OSM POI counts within 1 km. The engine reads a
// source's count ÷ perCanAle (Can-ALE-equivalent POIs). Points in the runtime grid's order (0.005° cells),
// delta-coded like stops.bin.
import { BinaryWriter, gridKey, csvObjects, quantise, readSource } from './lib.mjs'
import FORMATS from '../../src/geo/data/formats.json' with { type: 'json' }

export const POIS_CELL_UNITS = 500 // 0.005°; src/geo/geodata/measured/pois.ts uses the same
const CENSUS = 'da2016/da2016-canale.csv'
const VANCOUVER_KEEP = new Set(
  (
    'restaurant fast_food cafe bar pub ice_cream food_court nightclub biergarten juice_bar bistro ' +
    'bank atm pharmacy Pharmacy bureau_de_change post_office marketplace ' +
    'dentist clinic doctors veterinary hospital healthcare ' +
    'library theatre cinema arts_centre community_centre social_facility social_centre place_of_worship townhall ' +
    'courthouse embassy events_venue conference_centre casino gym spa dojo studio ' +
    'school college university kindergarten childcare language_school music_school prep_school driving_school cram_school'
  ).split(' '),
)
const MONTREAL_DROP = new Set(['Parc et autre espace vert', 'Art public', 'Transport'])
const MONTREAL_DROP_TYPES = new Set(['Centre de récupération et de tri', 'Toilette publique'])

/** The sources, in the order of the artefact's source table (the runtime names them by index). */
export const POI_SOURCES = [
  {
    id: 'osm-vancouver-2019',
    path: 'pois/vancouver.csv',
    // The file's own extent (data pack README): Metro Vancouver.
    box: [49.001289, -123.499859, 49.463301, -122.000656],
    keep: (r) => VANCOUVER_KEEP.has(r.subcategory),
  },
  {
    id: 'montreal-lieux-2020',
    path: 'pois/montreal.csv',
    // The island of Montréal (the file's extent).
    box: [45.415131, -73.936199, 45.701922, -73.478399],
    keep: (r) => !MONTREAL_DROP.has(r.category) && !MONTREAL_DROP_TYPES.has(r.subcategory),
  },
]
export const POIS_SOURCES = [...POI_SOURCES.map((s) => s.path), CENSUS]

const inBox = (b, lat, lng) => lat >= b[0] && lat <= b[2] && lng >= b[1] && lng <= b[3]
const metres = (lat1, lng1, lat2, lng2) => Math.hypot((lng2 - lng1) * 111195 * Math.cos((lat1 * Math.PI) / 180), (lat2 - lat1) * 111195)

/** Source POIs within 1 km of the urban DA points in the box ÷ their Can-ALE POI counts within 1 km. */
function perCanAle(points, das, box) {
  const cell = (lat, lng) => `${Math.floor(lat / 0.01)}:${Math.floor(lng / 0.015)}`
  const grid = new Map()
  for (const p of points) grid.set(cell(p.lat, p.lng), [...(grid.get(cell(p.lat, p.lng)) ?? []), p])
  let source = 0
  let canAle = 0
  let used = 0
  for (const d of das) {
    if (!inBox(box, d.lat, d.lng) || d.density < 1000) continue
    used++
    canAle += d.poi
    for (let i = -1; i <= 1; i++)
      for (let j = -1; j <= 1; j++)
        for (const p of grid.get(`${Math.floor(d.lat / 0.01) + i}:${Math.floor(d.lng / 0.015) + j}`) ?? [])
          if (metres(d.lat, d.lng, p.lat, p.lng) <= 1000) source++
  }
  return { ratio: source / canAle, das: used }
}

export function buildPois({ dataDir, manifest }) {
  const census = readSource(dataDir, CENSUS, manifest)
  const daRows = csvObjects(census.text)
  census.entry.rowsRead = daRows.length
  const das = daRows.map((r) => ({
    lat: Number(r.lat),
    lng: Number(r.lng),
    density: Number(r.pop_density_1km),
    poi: Number(r.poi_count_1km),
  }))
  const all = []
  const sources = []
  const notes = {}
  for (const s of POI_SOURCES) {
    const { text, entry } = readSource(dataDir, s.path, manifest)
    const rows = csvObjects(text)
    entry.rowsRead = rows.length
    const kept = rows.filter(s.keep).map((r) => ({ lat: Number(r.lat), lng: Number(r.lng) }))
    const calibration = perCanAle(kept, das, s.box)
    // 4 decimals: the ratio is a 1 km aggregate; finer digits only cost bytes.
    const ratio = Math.round(calibration.ratio * 1e4)
    sources.push({ id: s.id, box: s.box.map(quantise), ratio })
    for (const p of kept) all.push({ lat: quantise(p.lat), lng: quantise(p.lng) })
    notes[s.id] = { rowsRead: rows.length, kept: kept.length, perCanAlePoi: ratio / 1e4, calibrationDas: calibration.das }
  }
  const seen = new Set()
  const points = []
  for (const p of all) {
    const id = `${p.lat},${p.lng}`
    if (seen.has(id)) continue
    seen.add(id)
    points.push({ ...p, key: gridKey(p.lat, p.lng, POIS_CELL_UNITS, 1e5) })
  }
  notes.mergedAfterQuantisation = all.length - points.length
  points.sort((a, b) => a.key - b.key || a.lat - b.lat || a.lng - b.lng)
  const w = new BinaryWriter(FORMATS.pois.magic, FORMATS.pois.version)
  w.strings(sources.map((s) => s.id))
  w.ints(
    sources.flatMap((s) => s.box),
    { signed: true },
  )
  w.ints(sources.map((s) => s.ratio))
  w.ints(
    points.map((p) => p.lat),
    { delta: true },
  )
  w.ints(
    points.map((p) => p.lng),
    { delta: true },
  )
  return { files: [{ name: 'pois.bin', bytes: w.finish(), rows: points.length }], notes }
}
