// The streets a sign at a point can face: every named street whose centreline passes within the sight
// distance, one entry a street (a divided road's two carriageways, or Queen St W and Queen St E meeting
// at Yonge, are one street). Pure: the pieces come from the store (services/street-store.ts).
import { COVERING_STREET_SOURCES, METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { CLASS_SOURCES, streetOfPiece, type StreetPiece } from './street-pieces'

/**
 * How far a sign at a corner sees a street's traffic from, metres: half an arterial's right-of-way
 * (Toronto's major arterials: 27–36 m, so 14–18 m to the centreline) plus a sign set back up to 15 m on
 * its lot. A corner lot then sees both streets; mid-block, the next parallel street stays out of reach
 * (block faces in Canadian grids are ≥ 60 m apart, lots 30–45 m deep). The measured counts' snap
 * distance (30 m, model/measured-counts.ts) rests on the same corner geometry.
 */
export const SIGHT_M = 35

export interface SightStreet {
  /** The source's display name ("Queen Street West", "Rue Sherbrooke Est"). */
  label: string
  name: string
  type?: string
  /** Street key (name, type): one entry a street. */
  key: string
  /** 1 local … 6 freeway, from the street network; undefined where the network says nothing. */
  roadClass?: number
  classSource?: string
  /** How far the street goes on unbroken, metres (the longest run among its pieces in sight); undefined unknown. */
  runM?: number
  /** Metres from the point to the street's centreline. */
  offsetM: number
}

/** Every street whose centreline passes within maxM of the point, nearest first. */
export function streetsInSight(pieces: readonly StreetPiece[], lat: number, lng: number, maxM = SIGHT_M): SightStreet[] {
  return streetsNear(pieces, lat, lng, maxM).streets
}

/**
 * The streets in sight, and how far the nearest piece of a network that holds every street is (undefined: no
 * such network has a piece in the cells around the point; store-format.ts COVERING_STREET_SOURCES).
 */
export function streetsNear(
  pieces: readonly StreetPiece[],
  lat: number,
  lng: number,
  maxM = SIGHT_M,
): { streets: SightStreet[]; nearestM?: number } {
  const kx = metresPerDegreeLng(lat)
  const byKey = new Map<string, { piece: StreetPiece; offsetM: number; roadClass?: number; runM?: number }>()
  let nearestM: number | undefined
  for (const piece of pieces) {
    // Its box farther than both the sight distance and the nearest piece so far: it changes nothing.
    const covering = COVERING_STREET_SOURCES.has(piece.source)
    if (nearestM !== undefined && boxDistance(piece, lat, lng, kx) > (covering ? Math.max(maxM, nearestM) : maxM)) continue
    const d = distanceToLine(piece.coords, lat, lng, kx)
    if (covering && (nearestM === undefined || d < nearestM)) nearestM = d
    if (d > maxM) continue
    const key = `${piece.nameKey}|${piece.typeKey}`
    const seen = byKey.get(key)
    // The busiest class among a street's pieces in sight (a ramp or an untyped piece says nothing).
    const roadClass = maxDefined(seen?.roadClass, piece.roadClass)
    const runM = maxDefined(seen?.runM, piece.runM)
    if (!seen || d < seen.offsetM) byKey.set(key, { piece, offsetM: d, roadClass, runM })
    else {
      seen.roadClass = roadClass
      seen.runM = runM
    }
  }
  const streets: SightStreet[] = []
  for (const [key, { piece, offsetM, roadClass, runM }] of byKey) {
    streets.push({
      label: piece.name,
      ...streetOfPiece(piece),
      key,
      ...(roadClass !== undefined && { roadClass, classSource: CLASS_SOURCES[piece.source] ?? piece.source }),
      ...(runM !== undefined && { runM }),
      offsetM: Math.round(offsetM * 10) / 10,
    })
  }
  streets.sort((a, b) => a.offsetM - b.offsetM || (a.key < b.key ? -1 : 1))
  return { streets, ...(nearestM !== undefined && { nearestM: Math.round(nearestM) }) }
}

const maxDefined = (a: number | undefined, b: number | undefined) => (a === undefined ? b : b === undefined ? a : Math.max(a, b))

const boxes = new WeakMap<StreetPiece, [number, number, number, number]>()
/** Metres from the point to the piece's bounding box (a lower bound of its distance). */
function boxDistance(piece: StreetPiece, lat: number, lng: number, kx: number): number {
  let box = boxes.get(piece)
  if (!box) {
    box = [Infinity, Infinity, -Infinity, -Infinity]
    for (const [x, y] of piece.coords) box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)]
    boxes.set(piece, box)
  }
  const dx = lng < box[0] ? box[0] - lng : lng > box[2] ? lng - box[2] : 0
  const dy = lat < box[1] ? box[1] - lat : lat > box[3] ? lat - box[3] : 0
  return Math.hypot(dx * kx, dy * METRES_PER_DEGREE_LAT)
}

/** Metres from the point to a polyline (planar, local scale). */
function distanceToLine(coords: readonly [number, number][], lat: number, lng: number, kx: number): number {
  let best = Infinity
  for (let i = 1; i < coords.length; i++) {
    const ax = (coords[i - 1][0] - lng) * kx
    const ay = (coords[i - 1][1] - lat) * METRES_PER_DEGREE_LAT
    const dx = (coords[i][0] - lng) * kx - ax
    const dy = (coords[i][1] - lat) * METRES_PER_DEGREE_LAT - ay
    const len2 = dx * dx + dy * dy
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2))
    const d = Math.hypot(ax + t * dx, ay + t * dy)
    if (d < best) best = d
  }
  if (coords.length === 1) best = Math.hypot((coords[0][0] - lng) * kx, (coords[0][1] - lat) * METRES_PER_DEGREE_LAT)
  return best
}
