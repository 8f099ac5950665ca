// Open-data street files → the geodata store's street pieces (named centrelines ≤ MAX_PIECE_M with
// name key, type, direction, road class and an encoded polyline): GTA and Montréal OpenStreetMap,
// Edmonton's OSM main roads, Ottawa's RNF, Calgary's speed zones and counted sections. Pure; used by scripts/build-geodata-store.mjs.
import polyline from '@mapbox/polyline'
import { parseStreetText } from '../../src/geo/geocode/address'
import { rnfToRoadClass, roadClassFromAadt, roadClassFromSpeed } from '../../src/geo/signals/model/road-class'
import { streetKeyOf, streetKeyOfText, type StreetKey } from '../../src/geo/geocode/street-key'
import { cellOf, MAX_PIECE_M, ROAD_CLASS_SCALE } from '../../src/geo/geodata/store-format'
import { distanceKm, normalizeName } from '../../src/geo/geodata/text'
import { csvRecords } from './csv.mjs'
import { quadrantIndex, sectionQuadrant } from './calgary-quadrants'

const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())

export interface StreetPieceRow extends StreetKey {
  name: string
  roadClass: number
  cell: number
  minLatE5: number
  minLngE5: number
  maxLatE5: number
  maxLngE5: number
  line: string
  /** The street's run in metres (scripts/lib/street-runs.ts), set once every source is built; 0 unknown. */
  runM?: number
}

type LngLat = [number, number]
const metres = (a: LngLat, b: LngLat) => distanceKm(a[1], a[0], b[1], b[0]) * 1000

/** Cuts a line into pieces of at most MAX_PIECE_M (long straight segments are divided), sharing end vertices. */
export function cutLine(coords: LngLat[]): LngLat[][] {
  const dense: LngLat[] = []
  for (let i = 0; i < coords.length; i++) {
    if (i > 0) {
      const steps = Math.ceil(metres(coords[i - 1], coords[i]) / (MAX_PIECE_M * 0.9))
      for (let k = 1; k < steps; k++)
        dense.push([
          coords[i - 1][0] + ((coords[i][0] - coords[i - 1][0]) * k) / steps,
          coords[i - 1][1] + ((coords[i][1] - coords[i - 1][1]) * k) / steps,
        ])
    }
    dense.push(coords[i])
  }
  const pieces: LngLat[][] = []
  let piece: LngLat[] = [dense[0]]
  let length = 0
  for (let i = 1; i < dense.length; i++) {
    const step = metres(dense[i - 1], dense[i])
    if (length + step > MAX_PIECE_M && piece.length > 1) {
      pieces.push(piece)
      piece = [dense[i - 1]]
      length = 0
    }
    piece.push(dense[i])
    length += step
  }
  if (piece.length > 1) pieces.push(piece)
  return pieces
}

/** One street's line → store rows (one per piece). */
export function pieceRows(key: StreetKey, name: string, roadClass: number | undefined, coords: LngLat[]): StreetPieceRow[] {
  const rounded = coords.map(([lng, lat]): LngLat => [Math.round(lng * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5])
  const clean = rounded.filter((c, i) => i === 0 || c[0] !== rounded[i - 1][0] || c[1] !== rounded[i - 1][1])
  if (clean.length < 2) return []
  return cutLine(clean).map((piece) => {
    const lats = piece.map((c) => c[1])
    const lngs = piece.map((c) => c[0])
    const [minLat, maxLat, minLng, maxLng] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)]
    return {
      ...key,
      name,
      roadClass: Math.round((roadClass ?? 0) * ROAD_CLASS_SCALE),
      cell: cellOf((minLat + maxLat) / 2, (minLng + maxLng) / 2),
      minLatE5: Math.round(minLat * 1e5),
      minLngE5: Math.round(minLng * 1e5),
      maxLatE5: Math.round(maxLat * 1e5),
      maxLngE5: Math.round(maxLng * 1e5),
      line: polyline.encode(
        piece.map(([lng, lat]) => [lat, lng]),
        5,
      ),
    }
  })
}

/** OpenStreetMap `highway` → road class (1 local … 6 freeway); links, paths and service ways say nothing. */
export function osmRoadClass(highway: string): number | undefined {
  const OSM: Record<string, number> = {
    motorway: 6,
    trunk: 5,
    primary: 4,
    secondary: 3,
    tertiary: 2,
    unclassified: 1,
    residential: 1,
    living_street: 1,
  }
  return OSM[highway.split(';')[0]]
}
/** Ways that are not streets a sign faces. */
const NOT_A_STREET = /^(?:footway|path|cycleway|steps|bridleway|pedestrian|corridor|platform|proposed|construction|service|track|elevator)$/

function linesOf(geometry: { type: string; coordinates: unknown }): LngLat[][] {
  if (geometry.type === 'LineString') return [geometry.coordinates as LngLat[]]
  if (geometry.type === 'MultiLineString') return geometry.coordinates as LngLat[][]
  return []
}

interface LineFeature<P> {
  properties: P
  geometry: { type: string; coordinates: unknown }
}

/** Each feature of a GeoJSON Lines text, in order; the count of features read. */
function eachFeature<P>(geojsonl: string, visit: (feature: LineFeature<P>) => void): number {
  let features = 0
  for (const line of geojsonl.split('\n')) {
    if (!line) continue
    features++
    visit(JSON.parse(line) as LineFeature<P>)
  }
  return features
}

/** toronto/osm-gta-streets.geojsonl; untyped (`unknown`) ways of a street name take its class from osm-gta-street-names.csv. */
export function gtaStreetRows(geojsonl: string, namesCsv: string): { rows: StreetPieceRow[]; features: number } {
  const classByName = new Map<string, number>()
  for (const [name, highway] of csvRecords(namesCsv).slice(1)) {
    const rc = osmRoadClass(highway)
    if (rc !== undefined) classByName.set(name, Math.max(classByName.get(name) ?? 0, rc))
  }
  const rows: StreetPieceRow[] = []
  const features = eachFeature<{ name: string; highway: string }>(geojsonl, (f) => {
    const { name, highway } = f.properties
    if (NOT_A_STREET.test(highway)) return
    const key = streetKeyOfText(name)
    if (!key) return
    // Untyped ways are mostly named buildings, campuses and paths ("Air Miles Tower"): kept only when
    // the name is a street elsewhere in the file (a way of it carries a road class).
    if (highway === 'unknown' && !classByName.has(name)) return
    const rc = highway === 'unknown' ? classByName.get(name) : osmRoadClass(highway)
    for (const coords of linesOf(f.geometry)) rows.push(...pieceRows(key, name, rc, coords))
  })
  return { rows, features }
}

/** osm-networks/montreal-streets.geojsonl: merged edges carry `a;b` names, each a street of its own. */
export function montrealStreetRows(geojsonl: string): { rows: StreetPieceRow[]; features: number } {
  const rows: StreetPieceRow[] = []
  const features = eachFeature<{ name: string; highway: string }>(geojsonl, (f) => {
    for (const name of f.properties.name.split(';').filter(Boolean)) {
      const key = streetKeyOfText(name)
      if (!key) continue
      for (const coords of linesOf(f.geometry)) rows.push(...pieceRows(key, name, osmRoadClass(f.properties.highway), coords))
    }
  })
  return { rows, features }
}

/**
 * osm-networks/edmonton-major-roads.geojsonl: motorways, trunks and primary roads only (simplified upstream).
 * A street absent from it is unknown, not local. Route numbers alone ("15", "28") are not names a sign faces.
 */
export function edmontonStreetRows(geojsonl: string): { rows: StreetPieceRow[]; features: number } {
  const rows: StreetPieceRow[] = []
  const features = eachFeature<{ name: string; class: string }>(geojsonl, (f) => {
    const { name } = f.properties
    const key = /^\d+[A-Z]?$/.test(name) ? undefined : streetKeyOfText(name)
    if (!key) return
    for (const coords of linesOf(f.geometry)) rows.push(...pieceRows(key, name, osmRoadClass(f.properties.class), coords))
  })
  return { rows, features }
}

/** ottawa/roads-rnf-2021.geojsonl: the name body only (no type, no direction), class from RNF CLASS and RANK. */
export function ottawaStreetRows(geojsonl: string): { rows: StreetPieceRow[]; features: number } {
  const rows: StreetPieceRow[] = []
  const features = eachFeature<{ name: string | null; class: number; rank: number }>(geojsonl, (f) => {
    const { name } = f.properties
    if (!name) return
    const key = { nameKey: normalizeName(name), typeKey: '', dir: '' }
    if (!key.nameKey) return
    for (const coords of linesOf(f.geometry))
      rows.push(...pieceRows(key, name, rnfToRoadClass(f.properties.class, f.properties.rank), coords))
  })
  return { rows, features }
}

// Calgary's abbreviations that the national type table does not know.
const CALGARY_TYPES: Record<string, string> = { BV: 'BLVD', WY: 'WAY', CI: 'CIR', GA: 'GATE', CO: 'CRT', TC: 'TERR', HT: 'HTS', PY: 'PKWY' }
const calgaryName = (raw: string) =>
  raw
    .trim()
    .split(/\s+/)
    .map((w) => CALGARY_TYPES[w] ?? w)
    .join(' ')

// Calgary's counted sections on named main roads: the City's id prefix → the street ("MACLEOD12" is a piece of Macleod Trail).
const CALGARY_SECTIONS: Record<string, string> = {
  MACLEOD: 'Macleod Trail',
  DEERFOOT: 'Deerfoot Trail',
  CENTRE: 'Centre St',
  STONEY: 'Stoney Trail',
  CNTRYHILLS: 'Country Hills Blvd',
  GLENMORE: 'Glenmore Trail',
  BARLOW: 'Barlow Trail',
  CRWCHLD: 'Crowchild Trail',
  MEMOR: 'Memorial Dr',
  MCKNIGHT: 'McKnight Blvd',
  ELBOW: 'Elbow Dr',
  EDMON: 'Edmonton Trail',
  SHGNPPI: 'Shaganappi Trail',
  NSEHILL: 'Nose Hill Dr',
  SOUTHL: 'Southland Dr',
  RICHMOND: 'Richmond Rd',
  BOW: 'Bow Trail',
  BLACKF: 'Blackfoot Trail',
  CNYNMDWS: 'Canyon Meadows Dr',
  ANDERSON: 'Anderson Rd',
  HERITAGE: 'Heritage Dr',
  FAIRMOUNT: 'Fairmount Dr',
  BEDDING: 'Beddington Trail',
}
const CALGARY_SECTION = new RegExp(`^(${Object.keys(CALGARY_SECTIONS).join('|')})\\d+[A-Z_]*\\d*$`)

function wktLines(wkt: string): LngLat[][] {
  return [...wkt.matchAll(/\(([^()]+)\)/g)].map((m) => m[1].split(',').map((p) => p.trim().split(/\s+/).map(Number) as LngLat))
}

/**
 * Calgary: speed-limit zones (street names with direction, "MACLEOD TR SE") and counted sections
 * whose City id names a numbered street ("12AVS3" → 12 Av, south: SE or SW, so no direction kept; "14STNW17A" →
 * 14 St in the quadrant the zones around it say, calgary-quadrants.ts).
 */
export function calgaryStreetRows(speedCsv: string, trafficCsv: string): { rows: StreetPieceRow[]; features: number } {
  const rows: StreetPieceRow[] = []
  const seen = new Set<string>()
  let features = 0
  const add = (key: StreetKey, name: string, rc: number | undefined, wkt: string) => {
    for (const coords of wktLines(wkt))
      for (const row of pieceRows(key, name, rc, coords)) {
        const id = `${row.nameKey}|${row.line}`
        if (!seen.has(id)) rows.push(row)
        seen.add(id)
      }
  }
  const [sh = [], ...speedRecords] = csvRecords(speedCsv)
  const quadrants = quadrantIndex(
    speedRecords.map((f) => ({ name: f[sh.indexOf('street_name')] ?? '', lines: wktLines(f[sh.indexOf('wkt')]) })),
  )
  for (const f of speedRecords) {
    features++
    const raw = f[sh.indexOf('street_name')]
    if (!raw || /\bRAMP\b/.test(raw)) continue
    const name = calgaryName(raw)
    const key = streetKeyOfText(name)
    if (key) add(key, title(name), roadClassFromSpeed(Number(f[sh.indexOf('speed_kmh')])), f[sh.indexOf('wkt')])
  }
  const [th = [], ...trafficRecords] = csvRecords(trafficCsv)
  for (const f of trafficRecords) {
    features++
    const secname = f[th.indexOf('secname')] ?? ''
    const m = secname.match(/^(\d+)(AV|ST)(NE|NW|SE|SW|N|S|E|W)?\d*[A-Z]?$/)
    const volume = Number(f[th.indexOf('volume')])
    if (!(volume > 0)) continue
    const main = secname.match(CALGARY_SECTION)
    if (main) {
      const name = CALGARY_SECTIONS[main[1]]
      const key = streetKeyOfText(name)
      if (key) add(key, name, roadClassFromAadt(volume), f[th.indexOf('wkt')])
      continue
    }
    if (!m) continue
    const dir = sectionQuadrant(m[3]?.length === 2 ? m[3] : '', m[2] as 'AV' | 'ST', wktLines(f[th.indexOf('wkt')]), quadrants)
    const parsed = parseStreetText(`${m[1]} ${m[2]}${dir ? ` ${dir}` : ''}`)
    if (!parsed) continue
    add(
      streetKeyOf(parsed),
      `${m[1]} ${m[2] === 'AV' ? 'Ave' : 'St'}${dir ? ` ${dir}` : ''}`,
      roadClassFromAadt(volume),
      f[th.indexOf('wkt')],
    )
  }
  return { rows, features }
}

/** A piece as an artefact row, in STREET_COLUMNS order (store-format.ts). */
export function pieceFields(r: StreetPieceRow): (string | number)[] {
  return [r.nameKey, r.typeKey, r.dir, r.name, r.roadClass, r.cell, r.minLatE5, r.minLngE5, r.maxLatE5, r.maxLngE5, r.line, r.runM ?? 0]
}

/** Deterministic order: by cell, then name and line. */
export function sortPieces(rows: StreetPieceRow[]): StreetPieceRow[] {
  return rows.sort(
    (a, b) => a.cell - b.cell || (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.line < b.line ? -1 : a.line > b.line ? 1 : 0),
  )
}
