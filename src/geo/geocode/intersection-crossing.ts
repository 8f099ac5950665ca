// Where two typed streets cross when no corner and no shared vertex says it: a centreline against the other
// street's address points (its axis carried to the line), two point axes, and the accuracy floors of a crossing
// found only through an address line or a line through the City's corners. Used by resolveAddressLookup.
import { distanceKm } from '../geodata'
import { crossingOf, crossingOfLineAndPoints, crossingOfPointAxes, type Crossing, type StreetGeometry } from './street-geometry'
import type { StreetPiece } from './street-pieces'

/** Where the streets' geometry crosses: one centreline and the other's points (its axis carried), else points and lines. */
export function crossingFrom(geometry: StreetGeometry[][]): Crossing | null {
  // One centreline and the other street's points: the centreline is exact, so the points' axis is crossed with it.
  const hasLine = geometry.map((g) => g.some((x) => x.kind === 'line'))
  return hasLine[0] !== hasLine[1]
    ? (nearestApproach(geometry) ?? crossingOf(geometry[0], geometry[1]))
    : (crossingOf(geometry[0], geometry[1]) ?? nearestApproach(geometry))
}

/**
 * accuracyM of a crossing found only through an address line: its lots, and so the line, stand off the
 * roadway; on GTA main roads that have a centreline, 90 % of a line's vertices lie within 116 m of it
 * outside Toronto (the calibration split; Toronto, the check: 105 m; `npm run validate:intersections`),
 * rounded up. Measured, not fitted to the hole row.
 */
export const ADDRESS_LINE_CROSSING_MIN_M = 120
/**
 * accuracyM of a crossing on a line through the City's corners (scripts/lib/city-corners.ts): a chord between
 * corners up to 850 m apart strays from a road bending by 10° by up to ~37 m, and the City's position of a
 * corner stands anywhere in a crossing 25–40 m across (CORNER_ACCURACY_M). A prior, not fitted.
 */
export const CORNER_LINE_CROSSING_MIN_M = 60
export const floored = (c: Crossing | null, minM: number): Crossing | null => c && { ...c, accuracyM: Math.max(c.accuracyM, minM) }

/**
 * One street's centreline and the other's address points, the points' axis carried to the line (the GTA hole);
 * else two streets' address points that stop short of each other, their axes crossed.
 */
function nearestApproach(geometry: StreetGeometry[][]): Crossing | null {
  let best: Crossing | null = null
  for (const [l, p] of [
    [0, 1],
    [1, 0],
  ]) {
    const lines = geometry[l].filter((g) => g.kind === 'line')
    if (!lines.length) continue
    for (const group of geometry[p].filter((g) => g.kind === 'points')) {
      const c = crossingOfLineAndPoints(lines, [group])
      if (c && (!best || c.accuracyM < best.accuracyM)) best = c
    }
  }
  if (best) return best
  for (const ga of geometry[0].filter((g) => g.kind === 'points'))
    for (const gb of geometry[1].filter((g) => g.kind === 'points')) {
      const c = crossingOfPointAxes([ga], [gb])
      if (c && (!best || c.accuracyM < best.accuracyM)) best = c
    }
  return best
}

/** Vertices of the street's address lines no farther apart than this, read as one group of address points. */
const ADDRESS_LINE_STEP_M = 25

/**
 * A street's address lines as one group of points along them (densified): the line bridges gaps of up to
 * 600 m between its lots, and the points' crossing rules (and their calibrated radius) apply.
 */
export function addressLineGeometry(pieces: StreetPiece[]): StreetGeometry {
  const coords: [number, number][] = []
  for (const p of pieces)
    for (let i = 0; i < p.coords.length; i++) {
      const [lng, lat] = p.coords[i]
      if (i > 0) {
        const [lng0, lat0] = p.coords[i - 1]
        const steps = Math.ceil((distanceKm(lat0, lng0, lat, lng) * 1000) / ADDRESS_LINE_STEP_M)
        for (let k = 1; k < steps; k++) coords.push([lng0 + ((lng - lng0) * k) / steps, lat0 + ((lat - lat0) * k) / steps])
      }
      coords.push([lng, lat])
    }
  return { id: 'address-lines', kind: 'points', coords }
}
