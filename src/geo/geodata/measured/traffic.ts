// City of Calgary counted traffic sections (traffic.bin, built by scripts/geodata/traffic.mjs):
// each section at its latest counted year, with its polyline, decoded once per isolate.
import trafficData from '../../data/traffic.bin'
import { artefactReader } from './binary'
import type { LookupOptions } from './options'
import { nearestPoint, pieceBearingDeg, type NearestPoint } from './planar'
import { Polylines } from './polylines'

export interface TrafficTable {
  /** secname, or "SECNAME#n" where one year lists several pieces under one secname */
  ids: string[]
  /** the ids without their "#n" */
  secnames: string[]
  year: Int32Array
  /** vehicles/day, both directions (the City's average annual weekday traffic) */
  volume: Int32Array
  lines: Polylines
}

export interface CountedSection {
  id: string
  secname: string
  aadt: number
  year: number
  distanceM: number
  /** nearest point of the section's polyline to the query point */
  nearestLat: number
  nearestLng: number
  /** compass bearing of the polyline piece nearest the point, in its digitised direction (0–360) */
  bearingDeg: number
}

let table: TrafficTable | undefined

export function trafficTable(): TrafficTable {
  if (table) return table
  const reader = artefactReader('traffic', trafficData)
  const ids = reader.strings()
  const year = reader.ints()
  const volume = reader.ints()
  const secnames = ids.map((id) => (id.includes('#') ? id.slice(0, id.indexOf('#')) : id))
  table = { ids, secnames, year, volume, lines: new Polylines(reader, 0.005) }
  return table
}

// Calgary's counted sections all lie in 50.84–51.22 N, 114.30–113.85 W: elsewhere, answer without
// decoding the table.
const CALGARY = { minLat: 50.8, maxLat: 51.26, minLng: -114.36, maxLng: -113.8 }

/** Whether to keep a section, from its distance, nearest point (with the piece's direction) and secname. */
export type SectionFilter = (distanceM: number, nearest: NearestPoint, secname: string) => boolean

/** Which sections can pass near which cell of an area: SectionBands (section-bands.ts) builds one
 *  from this module's table, so this module names only what it asks of it (no import cycle). */
export interface SectionPrefilter {
  cellAt(lat: number, lng: number): number
  mayPassNear(section: number, cell: number): boolean
}

export interface SectionQuery extends LookupOptions {
  /** Leave out, unmeasured, the sections whose piece lines all pass farther from the point than the
   *  bands' width (a site-finder grid's SectionBands), unless `measureNamed` says otherwise */
  bands?: SectionPrefilter
  measureNamed?: (secname: string) => boolean
}

/**
 * Counted Calgary sections within `maxM` metres of the point, nearest polyline first. `keep` drops
 * sections before they are built and sorted (a stable sort, so the list is the full one filtered): a
 * caller that needs only some of the hundreds of sections within 2 km does not pay for them all.
 */
export function countedSectionsNear(
  lat: number,
  lng: number,
  maxM: number,
  options?: SectionQuery,
  keep?: SectionFilter,
): CountedSection[] {
  if (lat < CALGARY.minLat || lat > CALGARY.maxLat || lng < CALGARY.minLng || lng > CALGARY.maxLng) return []
  const t = trafficTable()
  const exclude = options?.exclude?.size ? options.exclude : undefined
  const bands = options?.bands
  const cell = bands ? bands.cellAt(lat, lng) : -1
  const out: CountedSection[] = []
  const nearest = nearestPoint()
  t.lines.forEachNear(lat, lng, maxM, (i) => {
    if (exclude?.has(t.ids[i])) return
    if (bands && !bands.mayPassNear(i, cell) && !options?.measureNamed?.(t.secnames[i])) return
    const distanceM = t.lines.nearestPoint(i, lat, lng, nearest)
    if (distanceM > maxM) return
    const secname = t.secnames[i]
    if (keep && !keep(distanceM, nearest, secname)) return
    out.push({
      id: t.ids[i],
      secname,
      aadt: t.volume[i],
      year: t.year[i],
      distanceM,
      nearestLat: nearest.lat,
      nearestLng: nearest.lng,
      bearingDeg: pieceBearingDeg(nearest),
    })
  })
  return out.sort((a, b) => a.distanceM - b.distanceM)
}
