// Calgary's quadrant at a place, read from the speed-limit zones around it. A counted section's City id carries a
// quadrant ("14STNW17A"), but it is the road's, not the place's: 14 St's sections south of the Bow are "14STNW…"
// and 52 St NE's run on into the SE as "52STNE…" (of the 149 sections with a named zone within 40 m, 12 disagree
// with it). The speed-limit zones name each street with the quadrant it lies in ("14 ST SW"), and every street
// around a place shares it away from the dividing lines. Pure; used by calgaryStreetRows.
import { distanceKm } from '../../src/geo/geodata/text'

type LngLat = [number, number]
const QUADRANT = /\b(NE|NW|SE|SW)$/
/** Zones within this of a place vote on its quadrant: a block or two, so a divide's other side rarely votes. */
export const QUADRANT_VOTE_M = 300
const CELL_DEG = 0.01

export interface QuadrantIndex {
  /** The quadrant every zone vertex within QUADRANT_VOTE_M agrees on; '' when none is near or they disagree. */
  at(lng: number, lat: number): string
}

/** An index of the speed-limit zones' vertices by the quadrant their street name ends with. */
export function quadrantIndex(zones: { name: string; lines: LngLat[][] }[]): QuadrantIndex {
  const cells = new Map<string, { at: LngLat; quadrant: string }[]>()
  const cellKey = (lng: number, lat: number) => `${Math.floor(lng / CELL_DEG)},${Math.floor(lat / CELL_DEG)}`
  for (const z of zones) {
    const quadrant = z.name.trim().toUpperCase().match(QUADRANT)?.[1]
    if (!quadrant) continue
    for (const line of z.lines)
      for (const at of densified(line)) {
        const k = cellKey(...at)
        cells.set(k, [...(cells.get(k) ?? []), { at, quadrant }])
      }
  }
  return {
    at(lng, lat) {
      const seen = new Set<string>()
      const [cx, cy] = [Math.floor(lng / CELL_DEG), Math.floor(lat / CELL_DEG)]
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (const v of cells.get(`${cx + dx},${cy + dy}`) ?? [])
            if (distanceKm(lat, lng, v.at[1], v.at[0]) * 1000 <= QUADRANT_VOTE_M) seen.add(v.quadrant)
      return seen.size === 1 ? [...seen][0] : ''
    },
  }
}

/** A line's vertices and points between them at most DENSIFY_M apart (a zone's straight stretch votes along it). */
function densified(line: LngLat[]): LngLat[] {
  const out: LngLat[] = []
  line.forEach((v, i) => {
    if (i > 0) {
      const u = line[i - 1]
      const steps = Math.ceil((distanceKm(u[1], u[0], v[1], v[0]) * 1000) / DENSIFY_M)
      for (let k = 1; k < steps; k++) out.push([u[0] + ((v[0] - u[0]) * k) / steps, u[1] + ((v[1] - u[1]) * k) / steps])
    }
    out.push(v)
  })
  return out
}
const DENSIFY_M = 50

/**
 * A counted section's quadrant: the place's (at the middle vertex of its first line) where it keeps the road's own
 * letter from the id (a street's east or west, an avenue's north or south: the road does not cross that divide);
 * '' (unknown) where the zones around do not agree or none is near.
 */
export function sectionQuadrant(idQuadrant: string, type: 'AV' | 'ST', lines: LngLat[][], index: QuadrantIndex): string {
  const line = lines[0]
  if (!idQuadrant || !line?.length) return ''
  const place = index.at(...line[Math.floor(line.length / 2)])
  const own = type === 'ST' ? idQuadrant[1] : idQuadrant[0]
  return place?.includes(own) ? place : ''
}
