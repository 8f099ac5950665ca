// Geometry of the site finder: a square lattice of candidate points inside a circle (distance and
// bearing from the centre: src/geo/geodata/geodesy.ts). Pure. A local flat projection (metres east/north
// of the centre, longitude scaled by cos(latitude)) is exact to well under a metre within 2 km.
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geo/geodata'

export interface GridPoint {
  lat: number
  lng: number
  /** Metres east and north of the centre (lattice offsets × spacing). */
  east: number
  north: number
}

/** How many lattice points (i, j) × spacing lie within radius: the grid size before any is scored. */
export function gridPointCount(radiusM: number, spacingM: number): number {
  const n = Math.floor(radiusM / spacingM)
  const r2 = (radiusM / spacingM) ** 2
  let count = 0
  for (let i = -n; i <= n; i++) count += 2 * Math.floor(Math.sqrt(Math.max(0, r2 - i * i))) + 1
  return count
}

/** Coordinates are rounded to 6 decimals (≈ 0.1 m) so a point re-scored by its printed lat/lng matches. */
const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/**
 * The lattice points within `radiusM` of the centre, `spacingM` apart, north to south then west to
 * east (a fixed order, so results are deterministic). The centre itself is always the point (0, 0).
 */
export function gridAround(lat: number, lng: number, radiusM: number, spacingM: number): GridPoint[] {
  const n = Math.floor(radiusM / spacingM)
  const r2 = (radiusM / spacingM) ** 2
  const lngMetres = metresPerDegreeLng(lat)
  const points: GridPoint[] = []
  for (let j = n; j >= -n; j--) {
    const half = Math.floor(Math.sqrt(Math.max(0, r2 - j * j)))
    for (let i = -half; i <= half; i++) {
      const east = i * spacingM
      const north = j * spacingM
      points.push(
        i === 0 && j === 0
          ? { lat, lng, east: 0, north: 0 }
          : { lat: round6(lat + north / METRES_PER_DEGREE_LAT), lng: round6(lng + east / lngMetres), east, north },
      )
    }
  }
  return points
}
