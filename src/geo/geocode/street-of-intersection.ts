// A typed intersection that cannot be placed, yet one of its streets is known near the place: the answer is
// that street at `street` precision (its calibrated radius: the street's extent from the point chosen), never
// an intersection and never the city centre (±31 km in Toronto). Cases: the cross street is not in the data
// of the place (STREET_NOT_FOUND), or both are but their data do not meet there (INTERSECTION_NOT_FOUND; the
// GTA file's hole: "Finch Ave W & Bathurst St"). Pure; used by address-lookup.ts.
import {
  accuracyOf,
  distanceKm,
  locatedOnStreetWarning,
  METRES_PER_DEGREE_LAT,
  metresPerDegreeLng,
  warning,
  type ScoreWarning,
} from '../geodata'
import type { GeocodeResult } from './offline'
import { nearestStreet, type StreetPiece } from './street-pieces'

type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>
type LatLng = { lat: number; lng: number }

/** What is known of one typed street near the place. */
export interface StreetData {
  /** As typed, for messages ("Finch Ave W"). */
  text: string
  points: LatLng[]
  /** Centrelines of a network. */
  lines: StreetPiece[]
  /** Lines through the street's own address points (the GTA hole): geometry, not a centreline. */
  addressLines: StreetPiece[]
}

export interface StreetOfIntersection {
  /** Index of the street located (0 or 1, as typed). */
  index: number
  located: Located
  warnings: ScoreWarning[]
}

const known = (s: StreetData) => s.points.length + s.lines.length + s.addressLines.length > 0
/**
 * Only a street with a network centreline is answered: its extent there covers where it runs, and the calibrated
 * radius holds (the hole simulation: 100 %). A street known by address points alone (Vancouver, the GTA hole's
 * address lines) covers only where its lots are: there the radius held for 20 % of the Vancouver intersections
 * whose cross street was missing (`npm run validate:intersections`), so those stay at the area.
 */
const answerable = (s: StreetData) => s.lines.length > 0

/**
 * The known street of two, at its point nearest the anchor (as a bare street is); when both are known but do
 * not meet, the one whose radius is smaller, at its point nearest the other street. Undefined when neither is
 * known or answerable (the area answers) or no anchor.
 */
export function streetOfIntersection(
  streets: [StreetData, StreetData],
  anchor: LatLng | undefined,
  place: string,
): StreetOfIntersection | undefined {
  const found = streets.map(known)
  if (!found[0] && !found[1]) return undefined
  if (found[0] !== found[1]) {
    const index = found[0] ? 0 : 1
    const street = streets[index]
    if (!anchor || !answerable(street)) return undefined
    const located = onStreet(street, [anchor])
    const missing = streets[1 - index].text
    return {
      index,
      located,
      warnings: [
        warning('STREET_NOT_FOUND', `"${missing}" not found in ${place || 'the address data'}; located on ${street.text} instead`),
        locatedOnStreetWarning(street.text, located.accuracyM, `not at its intersection with ${missing}, which the data lacks`),
      ],
    }
  }
  const options = [0, 1]
    .filter((i) => answerable(streets[i]))
    .map((i) => ({ index: i, located: onStreet(streets[i], vertices(streets[1 - i])) }))
  if (!options.length) return undefined
  const best = options.reduce((a, b) => (b.located.accuracyM < a.located.accuracyM ? b : a))
  const [street, other] = [streets[best.index].text, streets[1 - best.index].text]
  return {
    ...best,
    warnings: [
      warning(
        'INTERSECTION_NOT_FOUND',
        `"${streets[0].text}" and "${streets[1].text}" do not meet in the street data of ${place || 'the place'}; ` +
          `located on ${street} at its point nearest ${other}`,
      ),
      locatedOnStreetWarning(street, best.located.accuracyM, `its intersection with ${other} is not in the data`),
    ],
  }
}

/** Every position known of a street: its address points and its lines' vertices. */
function vertices(s: StreetData): LatLng[] {
  return [...s.points, ...[...s.lines, ...s.addressLines].flatMap((p) => p.coords.map(([lng, lat]) => ({ lat, lng })))]
}

/**
 * The street's position nearest any of `targets` (an address point, or the foot on one of its lines), and
 * the radius a bare street has from there: its calibrated `street` term (`streetPointsOnly` without a
 * centreline) on the farthest position known of it.
 */
function onStreet(s: StreetData, targets: LatLng[]): Located {
  const lines = [...s.lines, ...s.addressLines]
  const own = vertices(s)
  let best: LatLng = own[0]
  let bestM = Infinity
  // A first bound from the street's own positions (its points and vertices): a line's foot can only be nearer.
  // Planar metres: hundreds of positions against hundreds, a few hundred metres apart at most where it matters.
  const kx = metresPerDegreeLng(own[0]?.lat ?? 0)
  for (const t of targets)
    for (const p of own) {
      const m = Math.hypot((t.lng - p.lng) * kx, (t.lat - p.lat) * METRES_PER_DEGREE_LAT)
      if (m < bestM) [best, bestM] = [p, m]
    }
  for (const t of targets) {
    const foot = lines.length ? nearestStreet(lines, t.lat, t.lng, bestM) : undefined
    if (foot && foot.offsetM < bestM) [best, bestM] = [{ lat: foot.lat, lng: foot.lng }, foot.offsetM]
  }
  const far = Math.max(...own.map((p) => distanceKm(best.lat, best.lng, p.lat, p.lng) * 1000))
  const at = { lat: Math.round(best.lat * 1e6) / 1e6, lng: Math.round(best.lng * 1e6) / 1e6 }
  return { ...at, precision: 'street', accuracyM: accuracyOf(s.lines.length ? 'street' : 'streetPointsOnly', far) }
}
