// A street's run: how far the same named street goes on without a break, for every piece of it (the store's
// `run_m`, docs/methodology.md §2.3). A long continuous street carries through traffic that a short one of
// the same class does not (Finch Ave W runs 20 km; a collector of the same OSM class a few hundred metres).
// Pieces of one street key (name and type, any direction: Finch Ave W and E are one road) are joined where
// their ends meet within ~40 m, across sources (the GTA's OSM lines and the lines drawn in its hole). A run is
// measured by the ~100 m cells its pieces cross, so a divided road's two carriageways and two sources drawing
// the same road count once. Pure and deterministic: the same pieces give the same runs in any order.
import polyline from '@mapbox/polyline'

export interface RunPiece {
  nameKey: string
  typeKey: string
  /** Encoded polyline, precision 5. */
  line: string
}

/** Cell size of the run measure: ~111 m north–south, ~100 m east–west in southern Canada. */
const CELL_LAT = 0.001
const CELL_LNG = 0.0013
/** Ends within one end-cell (and its neighbours) join: ~40–80 m. */
const END_LAT = 0.0004
const END_LNG = 0.0005
/** Points along a piece are sampled this often (degrees of latitude, ~33 m) for the cells it crosses. */
const STEP_DEG = 0.0003

/** Each piece's run in metres (the cells crossed by its joined street × the cell's mean side). */
export function streetRuns(pieces: readonly RunPiece[]): number[] {
  const coords = pieces.map((p) => polyline.decode(p.line, 5))
  const parent = pieces.map((_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]
      i = parent[i]
    }
    return i
  }
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)]
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  const ends = new Map<string, number>()
  coords.forEach((c, i) => {
    if (!c.length || !pieces[i].nameKey) return
    const key = `${pieces[i].nameKey}|${pieces[i].typeKey}`
    for (const [lat, lng] of [c[0], c[c.length - 1]]) {
      const [y, x] = [Math.round(lat / END_LAT), Math.round(lng / END_LNG)]
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const other = ends.get(`${key}@${y + dy},${x + dx}`)
          if (other !== undefined) union(i, other)
        }
      ends.set(`${key}@${y},${x}`, i)
    }
  })
  const cells = new Map<number, Set<string>>()
  coords.forEach((c, i) => {
    const root = find(i)
    const set = cells.get(root) ?? new Set<string>()
    cells.set(root, set)
    for (let k = 0; k < c.length; k++) {
      const [lat, lng] = c[k]
      const [pLat, pLng] = k ? c[k - 1] : c[k]
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(lat - pLat), Math.abs(lng - pLng)) / STEP_DEG))
      for (let s = k ? 1 : 0; s <= steps; s++) {
        const t = s / steps
        set.add(`${Math.floor((pLat + (lat - pLat) * t) / CELL_LAT)},${Math.floor((pLng + (lng - pLng) * t) / CELL_LNG)}`)
      }
    }
  })
  const side = (CELL_LAT * 111_320 + CELL_LNG * 111_320 * Math.cos((45 * Math.PI) / 180)) / 2
  return coords.map((_, i) => Math.round(cells.get(find(i))!.size * side))
}
