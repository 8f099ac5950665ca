// City of Calgary posted speed zones (speed-zones.bin, built by scripts/geodata/speed-zones.mjs):
// zones that differ from the 50 km/h default, each with its street name, limit and polyline,
// decoded once per isolate. Not derived from the traffic counts.
import zonesData from '../../data/speed-zones.bin'
import { artefactReader } from './binary'
import { nearestPoint } from './planar'
import { Polylines } from './polylines'

export interface SpeedZoneTable {
  names: string[]
  nameIndex: Int32Array
  speedKmh: Int32Array
  lines: Polylines
}

export interface SpeedZone {
  /** as the City writes it, e.g. "MACLEOD TR SE", "16 AV NW" */
  streetName: string
  /** the name body and the City's type abbreviation, quadrant dropped: { name: 'MACLEOD', type: 'TR' } */
  street: { name: string; type?: string }
  speedKmh: number
  distanceM: number
}

let table: SpeedZoneTable | undefined

export function speedZoneTable(): SpeedZoneTable {
  if (table) return table
  const reader = artefactReader('speedZones', zonesData)
  const names = reader.strings()
  const nameIndex = reader.ints()
  const speedKmh = reader.ints()
  table = { names, nameIndex, speedKmh, lines: new Polylines(reader, 0.005) }
  return table
}

const QUADRANT = /\s+(NE|NW|SE|SW|N|S|E|W)$/
const CITY_TYPES = new Set([
  'AV',
  'ST',
  'TR',
  'BV',
  'DR',
  'RD',
  'WY',
  'CR',
  'GA',
  'GT',
  'PY',
  'HY',
  'PL',
  'CO',
  'LI',
  'HE',
  'CI',
  'HI',
  'HL',
])
export function cityStreet(streetName: string): { name: string; type?: string } {
  const words = streetName.replace(QUADRANT, '').trim().split(/\s+/)
  const last = words.at(-1) ?? ''
  return words.length > 1 && CITY_TYPES.has(last) ? { name: words.slice(0, -1).join(' '), type: last } : { name: words.join(' ') }
}

// The zones lie in 50.84–51.22 N, 114.32–113.85 W: elsewhere, answer without decoding the table.
const CALGARY = { minLat: 50.8, maxLat: 51.26, minLng: -114.36, maxLng: -113.8 }

/** The nearest speed zone within `maxM` metres of the point (ramps are not in the table). */
export function speedZoneAt(lat: number, lng: number, maxM: number): SpeedZone | undefined {
  if (lat < CALGARY.minLat || lat > CALGARY.maxLat || lng < CALGARY.minLng || lng > CALGARY.maxLng) return undefined
  const t = speedZoneTable()
  const nearest = nearestPoint()
  let best = -1
  let bestM = maxM
  t.lines.forEachNear(lat, lng, maxM, (i) => {
    const d = t.lines.nearestPoint(i, lat, lng, nearest)
    if (d <= bestM) {
      bestM = d
      best = i
    }
  })
  if (best < 0) return undefined
  const streetName = t.names[t.nameIndex[best]]
  return { streetName, street: cityStreet(streetName), speedKmh: t.speedKmh[best], distanceM: bestM }
}
