// Distances in metres on a local equirectangular projection around the query point: within the
// few-km radii these lookups use, it differs from the great-circle distance by well under 0.1 %.

import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodesy'

export const METRES_PER_DEGREE = METRES_PER_DEGREE_LAT // mean Earth radius 6,371,008.8 m × π / 180 (src/geo/geodata/geodesy.ts)

/** Metres per degree of longitude (src/geo/geodata/geodesy.ts, memoised there), for the measured modules. */
export { metresPerDegreeLng }

/** Degrees of latitude and longitude spanned by `metres` around `lat`, for bounding-box prefilters. */
export function degreeSpan(lat: number, metres: number): { dLat: number; dLng: number } {
  return { dLat: metres / METRES_PER_DEGREE, dLng: metres / Math.max(1000, metresPerDegreeLng(lat)) }
}

/** The point of a polyline nearest a query point, and the direction (metres east and north, in the
 *  digitised direction) of the piece it lies on: pieceBearingDeg turns it into a compass bearing,
 *  for the few candidates that need one (atan2 per candidate was most of a Calgary grid's time). */
export interface NearestPoint {
  lat: number
  lng: number
  pieceEast: number
  pieceNorth: number
}

export const nearestPoint = (): NearestPoint => ({ lat: 0, lng: 0, pieceEast: 0, pieceNorth: 0 })

/** Compass bearing of the nearest piece in its digitised direction: 0 = north, 90 = east (0–360). */
export function pieceBearingDeg(p: NearestPoint): number {
  const bearing = (Math.atan2(p.pieceEast, p.pieceNorth) * 180) / Math.PI
  return bearing < 0 ? bearing + 360 : bearing
}

/**
 * Nearest point to (lat, lng) on the run of vertices `from`…`to - 1` of quantised coordinate arrays
 * (degrees × `scale`). Updates `out` only when closer than `bestSq` and returns the new best squared
 * distance in m², so a caller folds it over the parts of a polyline.
 */
export function nearestOnRun(
  qLat: ArrayLike<number>,
  qLng: ArrayLike<number>,
  from: number,
  to: number,
  lat: number,
  lng: number,
  scale: number,
  out: NearestPoint,
  bestSq: number,
): number {
  const kx = metresPerDegreeLng(lat) / scale
  const ky = METRES_PER_DEGREE / scale
  const qx = lng * scale
  const qy = lat * scale
  let best = bestSq
  // The nearest piece so far: offset of its nearest point from the query and its direction (metres).
  let nearestEx = 0,
    nearestEy = 0,
    nearestDx = 0,
    nearestDy = 0
  for (let v = from; v < to - 1; v++) {
    const ax = (qLng[v] - qx) * kx,
      ay = (qLat[v] - qy) * ky
    const bx = (qLng[v + 1] - qx) * kx,
      by = (qLat[v + 1] - qy) * ky
    const dx = bx - ax,
      dy = by - ay
    const lengthSq = dx * dx + dy * dy
    let t = lengthSq > 0 ? -(ax * dx + ay * dy) / lengthSq : 0
    t = t < 0 ? 0 : t > 1 ? 1 : t
    const ex = ax + t * dx,
      ey = ay + t * dy
    const dSq = ex * ex + ey * ey
    if (dSq < best) {
      best = dSq
      nearestEx = ex
      nearestEy = ey
      nearestDx = dx
      nearestDy = dy
    }
  }
  if (best < bestSq) {
    out.lat = lat + nearestEy / METRES_PER_DEGREE
    out.lng = lng + nearestEx / (kx * scale)
    out.pieceEast = nearestDx
    out.pieceNorth = nearestDy
  }
  return best
}
