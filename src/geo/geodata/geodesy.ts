// Distance maths on the Earth, one place for the radius and the metres per degree. Haversine for
// distances between any two points; a local equirectangular frame (metres east/north of a point) for
// the short geometry work of street lines and grids, exact to well under 0.1 % within a few km.

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8
/** Metres per degree of latitude on the mean sphere (≈ 111,195). */
export const METRES_PER_DEGREE_LAT = (EARTH_RADIUS_M * Math.PI) / 180
const RAD = Math.PI / 180

let lastLat = Number.NaN
let lastMetresPerDegreeLng = Number.NaN

/** Metres per degree of longitude at a latitude. The last answer is kept: a query asks it for the same
 *  latitude once per candidate polyline (hundreds within 2 km in Calgary), and the cosine dominated. */
export function metresPerDegreeLng(lat: number): number {
  if (lat !== lastLat) {
    lastMetresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos(lat * RAD)
    lastLat = lat
  }
  return lastMetresPerDegreeLng
}

/** Great-circle distance in metres (haversine). */
export function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD
  const dLng = (lng2 - lng1) * RAD
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  return distanceM(lat1, lng1, lat2, lng2) / 1000
}

/** Initial great-circle bearing from the first point to the second, degrees clockwise from north (0–360). */
export function bearingDeg(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const φ1 = lat1 * RAD
  const φ2 = lat2 * RAD
  const Δλ = (lng2 - lng1) * RAD
  const y = Math.sin(Δλ) * Math.cos(φ2)
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ)
  return (Math.atan2(y, x) / RAD + 360) % 360
}

/** A local planar frame around a reference latitude: degrees ↔ metres east/north. */
export function localFrame(lat0: number): { kx: number; ky: number } {
  return { kx: metresPerDegreeLng(lat0), ky: METRES_PER_DEGREE_LAT }
}
