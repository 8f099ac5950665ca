// The geodata store in memory, answering like D1 (src/services/address-store.ts and street-store.ts)
// and resolved by the worker's own code: for `npm run validate:geocoder`, the score fingerprint and
// node tests, which run the geocoder and the reverse street on the committed artefacts without wrangler.
import {
  gridPieceNameKeys,
  lookupNameKeys,
  pieceNameKeys,
  planAddressLookup,
  resolveAddressLookup,
  type AddressLookup,
  type AddressPoint,
  type StoreAnswer,
} from '../../src/geo/geocode/address-lookup'
import { geocodeOffline, type GeocodeResult } from '../../src/geo/geocode/offline'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../../src/geo/geodata/geodesy'
import { cellOf, cellsAround } from '../../src/geo/geodata/store-format'
import { decodePiece, type StreetPiece } from '../../src/geo/geocode/street-pieces'
import type { Corner } from '../../src/geo/geocode/corners'
import { boxAround } from '../../src/geo/geodata/text'
import { POINT_CELL_DEG } from '../../src/services/address-store'
import { locateStreet, scoringStreet, streetsInSightOf, type LocatedStreet, type LocateSources } from '../../src/services/street-store'
import type { SightStreet } from '../../src/geo/geocode/streets-in-sight'
import { countOfRow, countsNear, type CountStore } from '../../src/services/count-store'
import type { GeodataStore } from '../../src/services/geodata-store'
import type { MeasuredCount } from '../../src/geo/signals/model/measured-counts'
import type { GeocodePrecision } from '../../src/geo/geodata/precision'
import type { AddressRecord } from './address-import'
import { memoryAddressPoints } from './memory-address-store'

interface StreetRow {
  source: string
  fields: string[]
}

/** Address artefact rows (ADDRESS_COLUMNS) → importer records. */
export function addressRecordsOf(rows: string[][]): AddressRecord[] {
  return rows.map(([cityKey, nameKey, typeKey, dir, n, suffix, lat, lng]) => ({
    cityKey,
    nameKey,
    typeKey,
    dir,
    number: Number(n),
    suffix,
    latE5: Number(lat),
    lngE5: Number(lng),
    street: '',
    city: '',
  }))
}

/** Count artefact rows (COUNT_COLUMNS) by cell, read as D1's rows are (services/count-store.ts countOfRow). */
function countCells(rows: StreetRow[]): Map<number, MeasuredCount[]> {
  const cells = new Map<number, MeasuredCount[]>()
  for (const { source, fields } of rows) {
    const [kind, cell, latE5, lngE5, vehicles, pedestrians, year, name] = fields
    const count = countOfRow({
      source,
      kind,
      latE5: Number(latE5),
      lngE5: Number(lngE5),
      vehicles: Number(vehicles),
      pedestrians: pedestrians === '' ? null : Number(pedestrians),
      year: Number(year),
      name,
    })
    const list = cells.get(Number(cell)) ?? []
    list.push(count)
    cells.set(Number(cell), list)
  }
  return cells
}

/** Corner artefact rows (CORNER_COLUMNS) by their first street's name key, read as services/corner-store.ts reads D1's. */
function cornersByName(rows: StreetRow[]): Map<string, Corner[]> {
  const out = new Map<string, Corner[]>()
  for (const { fields } of rows) {
    const [na, ta, da, nb, tb, db, name, , latE5, lngE5] = fields
    const list = out.get(na) ?? []
    list.push({
      a: { nameKey: na, typeKey: ta, dir: da },
      b: { nameKey: nb, typeKey: tb, dir: db },
      name,
      lat: Number(latE5) / 1e5,
      lng: Number(lngE5) / 1e5,
    })
    out.set(na, list)
  }
  return out
}

export function memoryGeodata(addressRows: string[][], streetRows: StreetRow[], countRows: StreetRow[] = [], cornerRows: StreetRow[] = []) {
  const points = memoryAddressPoints(addressRecordsOf(addressRows))
  const byName = new Map<string, StreetRow[]>()
  const byCell = new Map<number, StreetRow[]>()
  for (const row of streetRows) {
    const list = byName.get(row.fields[0]) ?? []
    list.push(row)
    byName.set(row.fields[0], list)
    const cell = Number(row.fields[5])
    const inCell = byCell.get(cell) ?? []
    inCell.push(row)
    byCell.set(cell, inCell)
  }
  const cells = new Set(byCell.keys())
  const decoded = new WeakMap<StreetRow, StreetPiece>()
  const piece = (r: StreetRow) => {
    let p = decoded.get(r)
    if (!p) {
      const [nameKey, typeKey, dir, name, roadClass, , , , , , line, runM] = r.fields
      p = decodePiece({ source: r.source, nameKey, typeKey, dir, name, roadClass: Number(roadClass), line, runM: Number(runM) || 0 })
      decoded.set(r, p)
    }
    return p
  }
  const named = (nameKeys: readonly string[], near: { lat: number; lng: number; radiusKm: number }): StreetPiece[] => {
    const [minLng, minLat, maxLng, maxLat] = boxAround(near.lat, near.lng, near.radiusKm).map((d) => d * 1e5)
    return [...new Set(nameKeys)].flatMap((key) =>
      (byName.get(key) ?? [])
        .filter((r) => {
          const [a, b, c, d] = r.fields.slice(6, 10).map(Number)
          return a >= minLat - 300 && a <= maxLat && d >= minLng && b <= maxLng && c >= 0
        })
        .map(piece),
    )
  }
  const cornerIndex = cornersByName(cornerRows)
  const corners = (nameKeys: string[], near: { lat: number; lng: number; radiusKm: number }): Corner[] => {
    const keys = new Set(nameKeys)
    const [minLng, minLat, maxLng, maxLat] = boxAround(near.lat, near.lng, near.radiusKm)
    return [...keys].flatMap((k) =>
      (cornerIndex.get(k) ?? []).filter((c) => c.lat >= minLat && c.lat <= maxLat && c.lng >= minLng && c.lng <= maxLng),
    )
  }
  const answer = (lookup: AddressLookup): StoreAnswer => {
    const base = points(lookup)
    const near = lookup.near
    if (!near) return base
    const pieces = named(pieceNameKeys(lookup), near)
    const streetsInArea = cellsAround(near.lat, near.lng).some((c) => cells.has(c))
    const atCorners = lookup.streets.length === 2 ? corners(lookupNameKeys(lookup), near) : []
    return { ...base, pieces, streetsInArea, corners: atCorners }
  }
  const pointCells = addressCells(addressRows)
  const sources: LocateSources = {
    streets: {
      named: async (nameKeys, near) => named(nameKeys, near),
      around: async (lat, lng, rings) => cellsAround(lat, lng, rings).flatMap((c) => (byCell.get(c) ?? []).map(piece)),
    },
    nearestPoint: async (lat, lng, maxM, exceptNameKey) => nearestPoint(pointCells, lat, lng, maxM, exceptNameKey),
  }
  const byCountCell = countCells(countRows)
  const countStore: CountStore = { inCells: async (wanted) => wanted.flatMap((c) => byCountCell.get(c) ?? []) }
  /** The in-memory adapter of the store's port (services/geodata-store.ts); the conformance suite holds it to D1's answers. */
  const store: GeodataStore = {
    ...sources,
    addressPoints: points,
    corners: async (nameKeys, near) => corners([...nameKeys], near),
    counts: countStore,
  }
  return {
    answer,
    store,
    /** What the worker's street and address readers answer (services/street-store.ts LocateSources), from memory. */
    sources,
    /** The counts the worker's scoring hands the engine at this point (services/count-store.ts countsNear). */
    countsNear: (lat: number, lng: number, precision: GeocodePrecision): Promise<MeasuredCount[] | undefined> =>
      countsNear(countStore, lat, lng, precision),
    /** The street at a coordinate as the worker's reverseLocate finds it (services/street-store.ts locateStreet). */
    locate: (lat: number, lng: number, options: { nameKey?: string } = {}): Promise<LocatedStreet | undefined> =>
      locateStreet(sources, lat, lng, options),
    /** The streets in sight of a point as the worker's scoring finds them (services/street-store.ts streetsInSightOf). */
    streetsInSight: (lat: number, lng: number): Promise<{ streets: SightStreet[]; nearestM?: number } | undefined> =>
      streetsInSightOf(sources.streets, lat, lng),
    /**
     * The engine's input for a coordinate as services/scoring.ts builds it (the street, the counts near it, the
     * streets in sight and the network's nearest street), without the address: for the score fingerprint and
     * the percentile samples.
     */
    async atCoordinates(lat: number, lng: number) {
      const [located, measuredCounts] = await Promise.all([
        locateStreet(sources, lat, lng),
        countsNear(countStore, lat, lng, 'coordinates'),
      ])
      const near = await streetsInSightOf(sources.streets, lat, lng)
      const street = scoringStreet(located)
      return {
        lat,
        lng,
        precision: 'coordinates' as const,
        ...(street && { street }),
        ...(measuredCounts && { measuredCounts }),
        ...(near && { streetsInSight: near.streets }),
        ...(near?.nearestM !== undefined && { networkNearestM: near.nearestM }),
      }
    },
    geocode(text: string): GeocodeResult | null {
      const lookup = planAddressLookup(text)
      if (!lookup) return geocodeOffline(text)
      // As the worker's geocoder (services/geocoder.ts): the numbered grid's other names only when the first misses.
      const first = answer(lookup)
      const result = resolveAddressLookup(lookup, first)
      const grid = lookup.near ? gridPieceNameKeys(lookup, result) : []
      const more = grid.length ? named(grid, lookup.near!) : []
      return more.length ? resolveAddressLookup(lookup, { ...first, pieces: [...(first.pieces ?? []), ...more] }) : result
    },
    hasCell: (lat: number, lng: number) => cells.has(cellOf(lat, lng)),
  }
}

/** Address points by the D1 reader's cells (address-store.ts nearestAddressPoint): the same 3×3 block, the same answer. */
function addressCells(rows: string[][]): Map<string, AddressPoint[]> {
  const cells = new Map<string, AddressPoint[]>()
  for (const [cityKey, nameKey, typeKey, dir, n, suffix, latE5, lngE5] of rows) {
    const lat = Number(latE5) / 1e5
    const lng = Number(lngE5) / 1e5
    const k = `${Math.floor(lat / POINT_CELL_DEG)},${Math.floor(lng / POINT_CELL_DEG)}`
    const list = cells.get(k) ?? []
    list.push({ cityKey, nameKey, typeKey, dir, number: Number(n), suffix, lat, lng })
    cells.set(k, list)
  }
  return cells
}

function nearestPoint(
  cells: Map<string, AddressPoint[]>,
  lat: number,
  lng: number,
  maxM: number,
  exceptNameKey?: string,
): AddressPoint | undefined {
  const cy = Math.floor(lat / POINT_CELL_DEG)
  const cx = Math.floor(lng / POINT_CELL_DEG)
  const kx = metresPerDegreeLng(lat)
  let best: AddressPoint | undefined
  let bestM = maxM
  for (const dy of [-1, 0, 1])
    for (const dx of [-1, 0, 1])
      for (const p of cells.get(`${cy + dy},${cx + dx}`) ?? []) {
        if (p.nameKey === exceptNameKey) continue
        const m = Math.hypot((p.lat - lat) * METRES_PER_DEGREE_LAT, (p.lng - lng) * kx)
        if (m <= bestM) {
          best = p
          bestM = m
        }
      }
  return best
}
