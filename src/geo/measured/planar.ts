// Distances in metres on a local equirectangular projection around the query point: within the
// few-km radii these lookups use, it differs from the great-circle distance by well under 0.1 %.

export const METRES_PER_DEGREE = 111_195 // mean Earth radius 6,371,008.8 m × π / 180

/** Metres per degree of longitude at a latitude. */
export const metresPerDegreeLng = (lat: number): number => METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)

/** Degrees of latitude and longitude spanned by `metres` around `lat`, for bounding-box prefilters. */
export function degreeSpan(lat: number, metres: number): { dLat: number; dLng: number } {
  return { dLat: metres / METRES_PER_DEGREE, dLng: metres / Math.max(1000, metresPerDegreeLng(lat)) }
}

/** The point of a polyline nearest a query point, and the compass bearing of the piece it lies on. */
export interface NearestPoint {
  lat: number
  lng: number
  bearingDeg: number
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
      out.lat = lat + ey / METRES_PER_DEGREE
      out.lng = lng + ex / (kx * scale)
      // Compass bearing of this piece in the digitised direction: 0 = north, 90 = east.
      out.bearingDeg = (Math.atan2(dx, dy) * 180) / Math.PI
      if (out.bearingDeg < 0) out.bearingDeg += 360
    }
  }
  return best
}
