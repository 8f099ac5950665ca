// Distances in metres on a local equirectangular projection around the query point: within the
// few-km radii these lookups use, it differs from the great-circle distance by well under 0.1 %.

export const METRES_PER_DEGREE = 111_195 // mean Earth radius 6,371,008.8 m × π / 180

/** Metres per degree of longitude at a latitude. */
export const metresPerDegreeLng = (lat: number): number => METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)

/** Degrees of latitude and longitude spanned by `metres` around `lat`, for bounding-box prefilters. */
export function degreeSpan(lat: number, metres: number): { dLat: number; dLng: number } {
  return { dLat: metres / METRES_PER_DEGREE, dLng: metres / Math.max(1000, metresPerDegreeLng(lat)) }
}
