// The Cities' own corners: the City of Toronto's signalised intersections (toronto/signal-counts-8h.csv) and
// the City of Vancouver's named intersections (vancouver/street-intersections.csv). Three uses, all in the
// geodata store (docs/geocoding.md, "Corners from the City tables"): a gazetteer of typed intersections
// (table street_corners), lines through a street's corners where the store has no centreline for it (Toronto:
// the GTA file's hole roads, with their address lines; Vancouver: every street), and a hold-out of corners
// by spatial block that neither of the two is built from. Pure; used by scripts/build-geodata-store.mjs.
import { streetKeyOfText, type StreetKey } from '../../src/geo/geocode/street-key'
import { cellOf } from '../../src/geo/geodata/store-format'
import { distanceKm } from '../../src/geo/geodata/text'
import { csvObjects } from './csv.mjs'
import { addressLines, gtaNameClasses, metresToLines, type GtaAddressLine } from './address-line'
import { hash } from './geodata-store-build'
import { pieceRows, type StreetPieceRow } from './geodata-store-streets'
import polyline from '@mapbox/polyline'

type LngLat = [number, number]
export interface CornerStreet extends StreetKey {
  /** As the City writes it, in mixed case: "Finch Ave W", "W Georgia St". */
  name: string
}
export interface CityCorner {
  id: string
  city: 'Toronto' | 'Vancouver'
  province: 'ON' | 'BC'
  /** The City's names, as written (upper case, City abbreviations). */
  written: string[]
  streets: CornerStreet[]
  /** A Toronto mid-block signal: on its first street only, not a corner. */
  midblock: boolean
  lat: number
  lng: number
}

export const TORONTO_CORNERS_SOURCE = 'toronto-signals'
export const VANCOUVER_CORNERS_SOURCE = 'vancouver-intersections'
export const HOLE_LINE_SOURCE = 'gta-hole-line'
export const VANCOUVER_LINE_SOURCE = 'vancouver-corner-line'

/** "FINCH AVE W" → "Finch Ave W", "O'CONNOR DR" → "O'Connor Dr", "E 12TH AV" → "E 12th Av". */
export function cityCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-'(])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())
    .replace(/\b(N|S|E|W|Ne|Nw|Se|Sw)\b/g, (d) => d.toUpperCase())
    .replace(/\b(\d+)(St|Nd|Rd|Th)\b/g, (_, n: string, x: string) => n + x.toLowerCase())
}

function streetsOf(written: string[]): CornerStreet[] {
  return written.flatMap((w) => {
    const key = streetKeyOfText(w)
    return key ? [{ ...key, name: cityCase(w) }] : []
  })
}

/** City of Toronto signals: street_1 … street_3; a mid-block signal (`265m SOUTH OF`) stands on street_1. */
export function torontoCorners(csv: string): CityCorner[] {
  return csvObjects(csv).map((r) => {
    const written = [r.street_1, r.street_2, r.street_3].filter(Boolean)
    return {
      id: `toronto:${r.signal_id}`,
      city: 'Toronto',
      province: 'ON',
      written,
      streets: streetsOf(written),
      midblock: r.midblock_offset !== '',
      lat: Number(r.lat),
      lng: Number(r.lng),
    }
  })
}

/** City of Vancouver street intersections: street_1 AND street_2. */
export function vancouverCorners(csv: string): CityCorner[] {
  return csvObjects(csv).map((r, i) => {
    const written = [r.street_1, r.street_2]
    return {
      id: `vancouver:${i}`,
      city: 'Vancouver',
      province: 'BC',
      written,
      streets: streetsOf(written),
      midblock: false,
      lat: Number(r.lat),
      lng: Number(r.lng),
    }
  })
}

/**
 * Hold-out blocks: 0.004° × 0.005° (≈ 445 × 400 m in Toronto, 445 × 365 m in Vancouver), one in
 * HOLDOUT_ONE_IN by hash, chosen before any tuning. A block holds a corner's neighbours along both streets
 * (Toronto's signals stand 200–500 m apart, Vancouver's blocks 100–200 m), so a held-out corner is placed
 * from corners a block away, not from its next-door corner.
 */
export const HOLDOUT_BLOCK_DEG: [lat: number, lng: number] = [0.004, 0.005]
export const HOLDOUT_ONE_IN = 8

export function heldOutBlock(lat: number, lng: number): boolean {
  const row = Math.floor(lat / HOLDOUT_BLOCK_DEG[0])
  const col = Math.floor(lng / HOLDOUT_BLOCK_DEG[1])
  return hash(`corner-block|${row},${col}`) % HOLDOUT_ONE_IN === 0
}

/** The corners built into the store, and those held out (never loaded: the measurement's truth). */
export function splitHoldout(corners: CityCorner[]): { kept: CityCorner[]; held: CityCorner[] } {
  const held = corners.filter((c) => heldOutBlock(c.lat, c.lng))
  return { kept: corners.filter((c) => !heldOutBlock(c.lat, c.lng)), held }
}

/** Gazetteer rows (CORNER_COLUMNS): each pair of a corner's streets, in both orders; mid-block signals are no corner. */
export function cornerRows(corners: CityCorner[]): (string | number)[][] {
  const rows = new Map<string, (string | number)[]>()
  for (const c of corners) {
    if (c.midblock) continue
    const latE5 = Math.round(c.lat * 1e5)
    const lngE5 = Math.round(c.lng * 1e5)
    for (let i = 0; i < c.streets.length; i++)
      for (let j = 0; j < c.streets.length; j++) {
        const [a, b] = [c.streets[i], c.streets[j]]
        if (i === j || a.nameKey === b.nameKey) continue
        const row = [a.nameKey, a.typeKey, a.dir, b.nameKey, b.typeKey, b.dir, `${a.name} & ${b.name}`, cellOf(c.lat, c.lng), latE5, lngE5]
        rows.set(row.join('\t'), row)
      }
  }
  return [...rows.values()].sort((x, y) => (x.join('\t') < y.join('\t') ? -1 : 1))
}

/** Held-out rows (CORNER_HOLDOUT_COLUMNS): the first two streets as the City writes them; corners only. */
export function holdoutRows(corners: CityCorner[]): (string | number)[][] {
  return corners
    .filter((c) => !c.midblock && c.written.length >= 2)
    .map((c) => [c.city, c.province, c.written[0], c.written[1], Math.round(c.lat * 1e5), Math.round(c.lng * 1e5), c.id])
    .sort((x, y) => (String(x[6]) < String(y[6]) ? -1 : 1))
}

/** An address line's identity across two builds of the same lines (the hole-line and address-line steps). */
export const addressLineId = (l: GtaAddressLine) => `${keyOf(l.key)}|${l.coords[0].join(',')}|${l.coords.length}`
const keyOf = (k: StreetKey) => `${k.nameKey}|${k.typeKey}|${k.dir}`
const metres = (a: LngLat, b: LngLat) => distanceKm(a[1], a[0], b[1], b[0]) * 1000

type PositionsByStreet = Map<string, { key: StreetKey; name: string; points: LngLat[] }>

/** Each street's positions (lon/lat) by its key, in the order given; a street's name is the first one written. */
export function positionsByStreet(items: Iterable<{ street: StreetKey & { name: string }; at: LngLat }>): PositionsByStreet {
  const out: PositionsByStreet = new Map()
  for (const { street: s, at } of items) {
    const k = keyOf(s)
    const entry = out.get(k) ?? { key: { nameKey: s.nameKey, typeKey: s.typeKey, dir: s.dir }, name: s.name, points: [] }
    entry.points.push(at)
    out.set(k, entry)
  }
  return out
}

/** Each street's corner positions (lon/lat): every street of a corner, the first street of a mid-block signal. */
function pointsByStreet(corners: CityCorner[]): PositionsByStreet {
  return positionsByStreet(
    corners.flatMap((c) => (c.midblock ? c.streets.slice(0, 1) : c.streets).map((street) => ({ street, at: [c.lng, c.lat] as LngLat }))),
  )
}

/**
 * A line through each street's positions on the roadway (a City's corners, Edmonton's count sites), streets in key
 * order: positions linked within `gapM`, those within `binM` along it one vertex; no class known.
 */
export function linesThrough(byStreet: PositionsByStreet, gapM: number, binM: number): StreetPieceRow[] {
  const rows: StreetPieceRow[] = []
  for (const k of [...byStreet.keys()].sort()) {
    const { key, name, points } = byStreet.get(k)!
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1])
    for (const line of addressLines(points, { gapM, binM })) rows.push(...pieceRows(key, name, undefined, line))
  }
  return rows
}

/**
 * Corners of one street closer than this along it are one vertex (the two points of a divided road's
 * crossing). Short of any block, so the line keeps every crossing.
 */
const CORNER_BIN_M = 20
/**
 * Vancouver: corners farther apart than this are not linked. Its blocks are 100–200 m; a hold-out block
 * (≤ 445 m along a street) between two corners of a street leaves up to 445 + 2 × 200 m. Measured on the
 * held-out corners: 600 m (the address lines' gap) left 79 of 770 with neither street's line through the
 * corner, most with a gap of 600–650 m.
 */
export const VANCOUVER_LINE_GAP_M = 850

/** Vancouver: a line through each street's own corners (the store has no centreline in Vancouver); no class known. */
export function vancouverLineRows(corners: CityCorner[]): StreetPieceRow[] {
  return linesThrough(pointsByStreet(corners), VANCOUVER_LINE_GAP_M, CORNER_BIN_M)
}

/** The street Toronto numbers its east–west streets from: their East and West halves meet on it. */
const EAST_WEST_DIVIDE = 'yonge'
/**
 * The City names a signal on Yonge St where the two halves of a street meet without a direction (`YONGE ST /
 * DUNDAS ST`): where the names file holds both halves (Dundas Street East and West), that signal is a point of
 * each, so each half's line reaches Yonge St. Only on the divide: elsewhere a name without a direction is its own
 * street (Kingston Rd, Church St).
 */
function withBothHalves(corners: CityCorner[], named: (key: string) => boolean): CityCorner[] {
  return corners.map((c) => {
    if (!c.streets.some((s) => s.nameKey === EAST_WEST_DIVIDE)) return c
    const halves = c.streets.flatMap((s) => {
      if (s.dir || s.nameKey === EAST_WEST_DIVIDE) return []
      const both = ['E', 'W'].map((dir) => ({ ...s, dir, name: `${s.name} ${dir}` }))
      return both.every((h) => named(keyOf(h))) ? both : []
    })
    return halves.length ? { ...c, streets: [...c.streets, ...halves] } : c
  })
}

/** A signal this close to its street's own centreline (streets-gta) is covered by it: the roadway is mapped there. */
export const SIGNAL_COVERED_M = 50
/**
 * Toronto: signals of a street farther apart than this are not linked. Its arterial grid puts a signal at
 * least every ~1 km on a main road (concession roads cross every ~2 km, with signals between); a hold-out
 * block can add ~450 m.
 */
export const HOLE_LINE_GAP_M = 1500
/** An address line's vertex this far from every signal of its street fills the line there (lots stand off the roadway; signals do not). */
export const FILL_M = 250

/**
 * Toronto's hole roads (GTA streets named in osm-gta-street-names.csv whose signals the file's centrelines
 * do not cover): one line per street through its uncovered signals and, where no signal is within FILL_M,
 * the vertices of its address lines (scripts/lib/address-line.ts) within HOLE_LINE_GAP_M of a signal. Those
 * address lines are taken in (`absorbed`, by addressLineId), so a street has one line there, not two. Class: the name's.
 */
export function gtaHoleLines(
  corners: CityCorner[],
  centrelines: StreetPieceRow[],
  addressLinesOf: GtaAddressLine[],
  namesCsv: string,
): { rows: StreetPieceRow[]; absorbed: Set<string>; streets: number } {
  const classes = gtaNameClasses(namesCsv)
  const own = new Map<string, LngLat[][]>()
  for (const r of centrelines) {
    const coords = polyline.decode(r.line, 5).map(([lat, lng]): LngLat => [lng, lat])
    own.set(keyOf(r), [...(own.get(keyOf(r)) ?? []), coords])
  }
  const addressByKey = new Map<string, GtaAddressLine[]>()
  for (const l of addressLinesOf) addressByKey.set(keyOf(l.key), [...(addressByKey.get(keyOf(l.key)) ?? []), l])
  const rows: StreetPieceRow[] = []
  const absorbed = new Set<string>()
  let streets = 0
  const byStreet = pointsByStreet(withBothHalves(corners, (k) => classes.has(k)))
  for (const k of [...byStreet.keys()].sort()) {
    const named = classes.get(k)
    if (!named) continue
    const lines = own.get(k) ?? []
    const signals = byStreet.get(k)!.points.filter(([lng, lat]) => !lines.length || metresToLines(lines, lng, lat) > SIGNAL_COVERED_M)
    if (!signals.length) continue
    const points = [...signals]
    for (const line of addressByKey.get(k) ?? []) {
      const nearest = (v: LngLat) => Math.min(...signals.map((s) => metres(s, v)))
      if (!line.coords.some((v) => nearest(v) <= HOLE_LINE_GAP_M)) continue
      absorbed.add(addressLineId(line))
      points.push(...line.coords.filter((v) => nearest(v) > FILL_M))
    }
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1])
    const built = addressLines(points, { gapM: HOLE_LINE_GAP_M, binM: CORNER_BIN_M })
    if (built.length) streets++
    for (const line of built) rows.push(...pieceRows(byStreet.get(k)!.key, named.name, named.roadClass, line))
  }
  return { rows, absorbed, streets }
}
