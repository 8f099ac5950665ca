// The geodata store's counted volumes (artefacts counts-<city>.tsv.gz, table count_sites): the count
// sites the traffic fit reads (scripts/geodata/counts.mjs: one parse, one conversion), as
// COUNT_COLUMNS rows sorted by cell then position, so the same inputs give byte-identical files.
import { csvObjects } from './csv.mjs'
import { edmontonCounts, torontoCounts, vancouverCounts } from '../geodata/counts.mjs'
import { loadTs } from './load-ts.mjs'

const { cellOf } = await loadTs('src/geo/geodata/store-format.ts')

const e5 = (v) => Math.round(v * 1e5)
/** The cell of the stored (1e-5°) position, which the service's distance test reads: never the raw one's neighbour. */
const cellAt = (lat, lng) => cellOf(e5(lat) / 1e5, e5(lng) / 1e5)
const mixedCase = (s) => s.toLowerCase().replace(/\b([a-z])/g, (c) => c.toUpperCase())

function sorted(rows) {
  return rows.sort((a, b) => a[1] - b[1] || a[2] - b[2] || a[3] - b[3] || (a[7] < b[7] ? -1 : a[7] > b[7] ? 1 : 0))
}

/** City of Edmonton AAWDT 2019 sites (two-way, with a cross street): one road's both directions. */
export function edmontonCountRows(text) {
  const sites = edmontonCounts(2019, csvObjects(text))
  const rows = sites.map((s) => ['site', cellAt(s.lat, s.lng), e5(s.lat), e5(s.lng), Math.round(s.daily), '', s.year, s.description])
  return { read: sites.length, rows: sorted(rows) }
}

/** City of Vancouver intersection counts (latest since 2005): every approach's entering vehicles, pedestrians where counted. */
export function vancouverCountRows(text) {
  const sites = vancouverCounts(2005, csvObjects(text))
  const rows = sites.map((s) => [
    'intersection',
    cellAt(s.lat, s.lng),
    e5(s.lat),
    e5(s.lng),
    Math.round(s.daily),
    s.pedestriansCounted ? Math.round(s.pedestrians) : '',
    Number(s.date.slice(0, 4)),
    mixedCase(s.intersection).replace(/ And /g, ' & '),
  ])
  return { read: sites.length, rows: sorted(rows) }
}

/**
 * City of Toronto signal counts (8 counted hours, expanded to a weekday in validation/counts.mjs): a corner's
 * every approach, or a mid-block signal's one road (both directions), with its pedestrians.
 */
export function torontoCountRows(text) {
  const sites = torontoCounts(csvObjects(text))
  const rows = sites.map((s) => [
    s.midblock ? 'site' : 'intersection',
    cellAt(s.lat, s.lng),
    e5(s.lat),
    e5(s.lng),
    Math.round(s.daily),
    Math.round(s.pedestrians),
    Number(s.date.slice(0, 4)),
    s.intersection,
  ])
  return { read: sites.length, rows: sorted(rows) }
}
