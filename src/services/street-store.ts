// The street part of the geodata store (table street_pieces, loaded by `npm run load:geodata`):
// pieces by name near a place (intersections, streets without address points) and pieces around a
// point (the nearest street: reverse geocoding). Cells around a point are cached per isolate: a
// cell's pieces change only with a data load, and repeated scores nearby then cost no query.
import { and, gte, inArray, lte } from 'drizzle-orm'
import { getDb, schema } from '../db/client'
import { cellsAround, MAX_CELL_QUERY_M, STORE_STREET_EXTENTS } from '../geo/geodata'
import { CLASS_SOURCES, decodePiece, nearestStreet, streetOfPiece, type NearestStreet, type StreetPiece } from '../geo/geocode'
import { streetsNear, type SightStreet } from '../geo/geocode'
import { distanceM } from '../geo/geodata'
import { boxAround, titleCaseKey } from '../geo/geodata'
import type { AddressPoint } from '../geo/geocode'
import type { KnownStreet } from '../geo/signals'
import { CellCache } from './cell-cache'

const { streetPieces: pieces } = schema
const COLUMNS = {
  source: pieces.source,
  nameKey: pieces.nameKey,
  typeKey: pieces.typeKey,
  dir: pieces.dir,
  name: pieces.name,
  roadClass: pieces.roadClass,
  line: pieces.line,
  cell: pieces.cell,
  runM: pieces.runM,
}
/** More pieces than this for a few names around one place is a data problem, not a street. */
const MAX_NAMED_PIECES = 5000
const CELL_CACHE_MAX = 4096

export interface StreetStore {
  /** Pieces whose name key is one of `nameKeys`, within `near`'s radius. */
  named(nameKeys: readonly string[], near: { lat: number; lng: number; radiusKm: number }): Promise<StreetPiece[]>
  /** Pieces that may lie within MAX_CELL_QUERY_M of the point (`rings` 3: the cells within three, ≥ 1.6 km). */
  around(lat: number, lng: number, rings?: 1 | 3): Promise<StreetPiece[]>
}

const pieceCells = new CellCache<number, StreetPiece>(CELL_CACHE_MAX)

export function d1StreetStore(d1: D1Database): StreetStore {
  const db = getDb(d1)
  return {
    async named(nameKeys, near) {
      if (!nameKeys.length) return []
      const [minLng, minLat, maxLng, maxLat] = boxAround(near.lat, near.lng, near.radiusKm)
      const rows = await db
        .select(COLUMNS)
        .from(pieces)
        .where(
          and(
            inArray(pieces.nameKey, [...new Set(nameKeys)]),
            gte(pieces.minLatE5, Math.floor(minLat * 1e5) - 300),
            lte(pieces.minLatE5, Math.ceil(maxLat * 1e5)),
            gte(pieces.maxLngE5, Math.floor(minLng * 1e5)),
            lte(pieces.minLngE5, Math.ceil(maxLng * 1e5)),
          ),
        )
        .limit(MAX_NAMED_PIECES)
      return rows.map(decodePiece)
    },
    around: (lat, lng, rings = 1) =>
      pieceCells.get(d1, cellsAround(lat, lng, rings), async (missing) =>
        (await db.select(COLUMNS).from(pieces).where(inArray(pieces.cell, missing))).map((row) => [row.cell, decodePiece(row)] as const),
      ),
  }
}

/**
 * The streets a sign at the point can face (geo/geocode/streets-in-sight.ts), and how far the nearest street
 * of the cells around the point is (undefined: no network holds a piece there), from the same cells as the
 * nearest street (cached per isolate: no second query). Nothing when the store is unavailable.
 */
export async function streetsInSightOf(
  store: StreetStore,
  lat: number,
  lng: number,
): Promise<{ streets: SightStreet[]; nearestM?: number } | undefined> {
  try {
    const around = await store.around(lat, lng)
    // Nothing in the cells around, inside a network's extent (water off a shore, a large park): the cells
    // within three tell whether the network is there at all. Outside every network, no query.
    if (!around.length && withinStreetExtents(lat, lng)) return streetsNear(await store.around(lat, lng, 3), lat, lng)
    return streetsNear(around, lat, lng)
  } catch {
    return undefined
  }
}

/** Whether the point lies within the extent of a street network of the store (the manifest, bundled). */
export function withinStreetExtents(lat: number, lng: number, extents = STORE_STREET_EXTENTS): boolean {
  const [y, x] = [lat * 1e5, lng * 1e5]
  return extents.some(([minLat, minLng, maxLat, maxLng]) => y >= minLat && y <= maxLat && x >= minLng && x <= maxLng)
}

/** Reverse geocoding radius: an address point stands 10–40 m from its street's centreline. */
export const REVERSE_MAX_M = 60

export interface ReverseStreet {
  name: string
  type?: string
  roadClass?: number
  classSource?: string
  /** How far the street goes on unbroken, metres (the traffic model's continuity); undefined unknown. */
  runM?: number
  offsetM: number
  side: NearestStreet['side']
  /** The nearest point of the street's centreline. */
  lat: number
  lng: number
}

/**
 * The street nearest a point (name, type, class, side, offset), or undefined when none lies within
 * `maxM` or the store is unavailable. `nameKey` restricts it to one street (an address's own street).
 */
export async function reverseStreet(
  store: StreetStore,
  lat: number,
  lng: number,
  options: { maxM?: number; nameKey?: string } = {},
): Promise<ReverseStreet | undefined> {
  let around: StreetPiece[]
  try {
    around = await store.around(lat, lng)
  } catch {
    return undefined // store unavailable: the street is not known, which scoring handles
  }
  const nameKey = options.nameKey
  const hit = nearestStreet(
    around,
    lat,
    lng,
    Math.min(options.maxM ?? REVERSE_MAX_M, MAX_CELL_QUERY_M),
    nameKey ? (p) => p.nameKey === nameKey : undefined,
  )
  if (!hit) return undefined
  return {
    ...streetOfPiece(hit.piece),
    ...(hit.piece.roadClass !== undefined && {
      roadClass: hit.piece.roadClass,
      classSource: CLASS_SOURCES[hit.piece.source] ?? hit.piece.source,
    }),
    ...(hit.piece.runM !== undefined && { runM: hit.piece.runM }),
    offsetM: hit.offsetM,
    side: hit.side,
    lat: hit.lat,
    lng: hit.lng,
  }
}

/** An address point this close to a coordinate is taken as the address it stands for. */
export const ADDRESS_POINT_SNAP_M = 60
/** With no centreline within REVERSE_MAX_M, an address point this close still names the street (one address spreads up to ~170 m). */
export const ADDRESS_POINT_FAR_M = 120

/**
 * The street a coordinate stands on, the way its address would resolve: the street of the civic
 * address point within ADDRESS_POINT_SNAP_M (its class from that street's centreline nearby), else the
 * nearest centreline, else the street of an address point within ADDRESS_POINT_FAR_M. `nameKey`
 * restricts the answer to one street (an address given with the coordinates).
 */
export async function reverseLocate(
  sources: LocateSources,
  lat: number,
  lng: number,
  options: { nameKey?: string } = {},
): Promise<LocatedStreet | undefined> {
  // The same point asked again (a site re-scored, compared, monitored) costs nothing: answers per isolate, briefly.
  const key = `${lat.toFixed(5)},${lng.toFixed(5)},${options.nameKey ?? ''}`
  const recent = recentStreets.get(sources) ?? new Map<string, { street: LocatedStreet; until: number }>()
  recentStreets.set(sources, recent)
  const memo = recent.get(key)
  if (memo && memo.until > Date.now()) return memo.street
  const street = await locateStreet(sources, lat, lng, options)
  // Only answers are kept: "no street" may be a store that failed just now (its empty cells are cached anyway).
  if (street) {
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!)
    recent.set(key, { street, until: Date.now() + RECENT_TTL_MS })
  }
  return street
}

export type LocatedStreet = Omit<ReverseStreet, 'side' | 'lat' | 'lng' | 'offsetM'> & {
  offsetM?: number
  /** The street is that of the civic address point this far (m) from the coordinate. */
  addressPointM?: number
  /** Another street's nearest address point, when less than twice as far (m). */
  otherStreetM?: number
}
const RECENT_MAX = 2000
const RECENT_TTL_MS = 10 * 60_000
/** Per store (services/geodata-store.ts keeps one D1 adapter per binding). */
const recentStreets = new WeakMap<LocateSources, Map<string, { street: LocatedStreet; until: number }>>()

/** What locating a coordinate's street reads from the geodata store: D1 in the worker, the artefacts in memory offline. */
export interface LocateSources {
  streets: StreetStore
  /** The civic address point nearest (lat, lng) within maxM metres (of a street other than `exceptNameKey`). */
  nearestPoint(lat: number, lng: number, maxM: number, exceptNameKey?: string): Promise<AddressPoint | undefined>
}

/**
 * reverseLocate without the memo, on any store: the worker's D1 or, for the offline benches and
 * validations (scripts/lib/geodata-memory.ts), the committed artefacts, so both find the same street.
 */
export async function locateStreet(
  sources: LocateSources,
  lat: number,
  lng: number,
  options: { nameKey?: string } = {},
): Promise<LocatedStreet | undefined> {
  const store = sources.streets
  if (options.nameKey) return reverseStreet(store, lat, lng, { nameKey: options.nameKey, maxM: 80 })
  // Every answer below reads the centrelines around the point: their query runs beside the address
  // points' (two D1 queries in flight at once, not one after the other); reverseStreet then finds
  // the cells cached (a failure here leaves them uncached: reverseStreet asks again and handles it).
  const centrelines = store.around(lat, lng).catch(() => undefined)
  const point = await sources.nearestPoint(lat, lng, ADDRESS_POINT_FAR_M).catch(() => undefined)
  await centrelines
  const near = point && metres(point, { lat, lng }) <= ADDRESS_POINT_SNAP_M
  if (!near) {
    const line = await reverseStreet(store, lat, lng)
    if (line || !point) return line
  }
  const line = await reverseStreet(store, lat, lng, { nameKey: point!.nameKey, maxM: 80 })
  const pointM = metres(point!, { lat, lng })
  // Another street's address about as near: the point may be at a corner (the same cells: no query).
  const other = await sources.nearestPoint(lat, lng, 2 * pointM, point!.nameKey).catch(() => undefined)
  const street = {
    name: titleCaseKey(point!.nameKey),
    ...(point!.typeKey && { type: point!.typeKey }),
    addressPointM: Math.round(pointM),
    ...(other && { otherStreetM: Math.round(metres(other, { lat, lng })) }),
  }
  if (!line) return street
  return {
    ...street,
    ...(line.roadClass !== undefined && { roadClass: line.roadClass, classSource: line.classSource }),
    ...(line.runM !== undefined && { runM: line.runM }),
    offsetM: line.offsetM,
  }
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceM(a.lat, a.lng, b.lat, b.lng)

/**
 * The street scoring is given for coordinates: the typed street (an address written with the
 * coordinates) or else the located one, with the located street's network class and offset. The road
 * class of a point on a street network (Ottawa RNF, GTA and Montréal OSM, Calgary) reaches the engine
 * only this way: the engine looks up no network itself.
 */
export function scoringStreet(located: LocatedStreet | undefined, typed?: KnownStreet): KnownStreet | undefined {
  if (!located) return typed
  return {
    ...(typed ?? { name: located.name, ...(located.type && { type: located.type }) }),
    ...(located.roadClass !== undefined && { roadClass: located.roadClass, classSource: located.classSource }),
    ...(located.runM !== undefined && { runM: located.runM }),
    ...(located.offsetM !== undefined && { offsetM: located.offsetM }),
    ...(!typed && located.addressPointM !== undefined && { addressPointM: located.addressPointM }),
    ...(!typed && located.otherStreetM !== undefined && { otherStreetM: located.otherStreetM }),
  }
}
