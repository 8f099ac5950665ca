// Block numbering: Calgary and Edmonton number every street by the numbered cross street it lies past, so a
// civic number's hundreds name a block (1000 17 Ave SW lies between 10 St SW and 11 St SW; 10220 Jasper Ave,
// Edmonton's 101 Ave, between 102 St and 103 St; 8215 112 St NW between 82 Ave and 83 Ave). Neither city has
// address points in the store, so without this a civic address there is "somewhere on the street" (±10–18 km).
// The block's ends are where the street's centreline crosses the two numbered streets (the store's own lines:
// Calgary's speed zones and counted sections, Edmonton's main roads and counted roads). No address point there to
// calibrate a radius on, so the radius is a bound: it reaches both ends of the block, each with its crossing's own
// radius (docs/geocoding.md, "Block numbering"). In Edmonton (and for Vancouver's numbered avenues) a numbered street
// without a line there is placed between the numbers around it (grid-crossing.ts, "Numbered grids"). Pure.
import { distanceKm, warning, type ScoreWarning } from '../geodata'
import { formatStreet, type ParsedStreet } from './address'
import type { GeocodeResult } from './offline'
import type { StreetKey } from './street-key'
import { crossingOfNumbered, crossingOnAxes, gridNeighbourKeys, gridNumberOf, type NumberedCrossing } from './grid-crossing'
import type { StreetPiece } from './street-pieces'

type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>

/** Cities whose civic numbers count blocks from numbered streets (normalizeName of the municipality). */
const BLOCK_NUMBERED_CITIES: ReadonlySet<string> = new Set(['calgary', 'edmonton'])
/**
 * Cities where a numbered street or avenue the store has no line of is placed between its neighbours (grid-crossing.ts;
 * Vancouver numbers its avenues). Calibrated by leaving each known crossing out (`node research/calibrate-grid.mjs`):
 * Edmonton 420 crossings, median 14 m, p90 88 m, accuracyM holds 96 %; Vancouver 3,491, 4 m, 32 m, 99 %. Not Calgary:
 * 77, 35 m, 2,398 m, 78 % (each quadrant numbers from its own origin, and many of its pieces carry no quadrant).
 */
const GRID_CITIES: ReadonlySet<string> = new Set(['edmonton', 'vancouver'])

export interface BlockRule {
  /** The numbered cross street the number lies past (its hundreds), and the next one. */
  from: number
  /** Where in the block: the number's last two digits ÷ 100. */
  fraction: number
  /** Type keys the cross streets may have: an avenue's numbers count streets, a street's count avenues; others either. */
  crossTypes: readonly string[]
  /** A cross street the store lacks may be placed between its neighbours (GRID_CITIES). */
  grid?: true
}

/** The block of civic number `n` on `street` in that city, if the city numbers by blocks (n ≥ 100). */
export function blockRuleOf(cityKey: string | undefined, street: StreetKey, n: number): BlockRule | undefined {
  if (!cityKey || !BLOCK_NUMBERED_CITIES.has(cityKey) || !Number.isInteger(n) || n < 100) return undefined
  const crossTypes = street.typeKey === 'ave' ? ['st'] : street.typeKey === 'st' ? ['ave'] : ['st', 'ave']
  return { from: Math.floor(n / 100), fraction: (n % 100) / 100, crossTypes, ...(GRID_CITIES.has(cityKey) && { grid: true as const }) }
}

/** The name keys of the block's two cross streets ("102", "103"): their centrelines are asked of the store too. */
export const blockNameKeys = (rule: BlockRule): string[] => [String(rule.from), String(rule.from + 1)]

/**
 * A typed intersection placed on the grid (crossingOnGrid): `interpolated`, with the warning that the two streets do
 * not meet in the data and the city's numbering puts the corner there; `intersection` where the lines did cross.
 */
export function placedOnGrid(
  lookup: { cityKey?: string; streets: readonly (StreetKey & { display: ParsedStreet })[]; anchor?: { lat: number; lng: number } },
  place: string,
  lines: readonly (readonly StreetPiece[])[],
  pieces: readonly StreetPiece[],
): { located: Located; warnings: ScoreWarning[] } | undefined {
  const onGrid = crossingOnGrid(lookup.cityKey, lookup.streets, lines, pieces, lookup.anchor)
  if (!onGrid) return undefined
  const { between, ...at } = onGrid
  if (!between) return { located: { ...at, precision: 'intersection' }, warnings: [] }
  const [a, b] = lookup.streets.map((s) => formatStreet(s.display))
  const message =
    `"${a}" and "${b}" do not meet in the street data of ${place || 'the place'}; ` +
    `placed where the city's street numbering puts their corner (interpolated)`
  return { located: { ...at, precision: 'interpolated' }, warnings: [warning('INTERSECTION_NOT_FOUND', message)] }
}

/**
 * The numbers around a block's two cross streets, or around each typed numbered street or avenue of an intersection
 * ("97 St & 114 Ave"), in a grid city: the lines grid-crossing.ts places a number the store lacks between.
 */
export function gridNameKeys(cityKey: string | undefined, streets: readonly StreetKey[], block?: BlockRule): string[] {
  if (block) return block.grid ? [...new Set([...gridNeighbourKeys(block.from), ...gridNeighbourKeys(block.from + 1)])] : []
  if (!cityKey || !GRID_CITIES.has(cityKey) || streets.length !== 2) return []
  return streets.flatMap((s) => {
    const n = gridNumberOf(s.nameKey)
    return n !== undefined && GRID_TYPES.has(s.typeKey) ? gridNeighbourKeys(n) : []
  })
}
const GRID_TYPES: ReadonlySet<string> = new Set(['st', 'ave'])

/**
 * A typed intersection of a street and a numbered street or avenue in a grid city (GRID_CITIES), where their lines do
 * not cross: on the street's lines, between its crossings with the numbers around the numbered one, else (a numbered
 * street and a numbered avenue) from both positions on the grid (grid-crossing.ts). `lines`: each typed street's
 * centrelines; `pieces`: every centreline the store answered.
 */
export function crossingOnGrid(
  cityKey: string | undefined,
  streets: readonly StreetKey[],
  lines: readonly (readonly StreetPiece[])[],
  pieces: readonly StreetPiece[],
  anchor?: { lat: number; lng: number },
): NumberedCrossing | null {
  if (!cityKey || !GRID_CITIES.has(cityKey) || streets.length !== 2) return null
  let best: NumberedCrossing | null = null
  for (const [on, numbered] of [
    [0, 1],
    [1, 0],
  ]) {
    const s = streets[numbered]
    const n = gridNumberOf(s.nameKey)
    if (n === undefined || !GRID_TYPES.has(s.typeKey)) continue
    const c = crossingOfNumbered(lines[on], n, s.typeKey, s.dir, pieces, anchor)
    if (c && (!best || c.accuracyM < best.accuracyM)) best = c
  }
  if (best || !anchor) return best
  // A numbered street and a numbered avenue, neither line passing the corner: from both positions on the grid.
  const numbered = streets.map((s) => ({ n: gridNumberOf(s.nameKey), typeKey: s.typeKey, dir: s.dir }))
  const street = numbered.find((s) => s.typeKey === 'st')
  const avenue = numbered.find((s) => s.typeKey === 'ave')
  if (street?.n === undefined || avenue?.n === undefined) return null
  return crossingOnAxes({ n: street.n, dir: street.dir }, { n: avenue.n, dir: avenue.dir }, pieces, anchor)
}

/**
 * A block longer than this is not one block between consecutive numbered streets (Calgary's and Edmonton's are
 * 100–250 m; a mile-long gap means one crossing is another street of that number).
 */
export const MAX_BLOCK_M = 600
/** With one end of the block found, the other lies within a block's length of it, on either side. */
export const ONE_END_EXTRA_M = 250

/**
 * Civic number `rule` on the street whose centrelines are `lines` (direction `dir`, the quadrant), placed between
 * where they cross its block's two numbered streets (`pieces`: every centreline the store answered). Both ends
 * found: at the number's fraction of the block, the radius reaching both ends (the numbers need not be spread
 * evenly). One end: at that crossing, a block's length around it. Undefined when neither is found.
 */
export function placeOnBlock(
  rule: BlockRule,
  dir: string,
  lines: readonly StreetPiece[],
  pieces: readonly StreetPiece[],
  anchor?: { lat: number; lng: number },
): Located | undefined {
  if (!lines.length) return undefined
  let best: Located | undefined
  for (const typeKey of rule.crossTypes) {
    const at = (n: number) => crossingOfNumbered(lines, n, typeKey, dir, pieces, anchor, rule.grid ?? false)
    const [a, b] = [at(rule.from), at(rule.from + 1)]
    // Both found but farther apart than a block: one of them is another street of that number; neither is trusted.
    if (a && b && metres(a, b) > MAX_BLOCK_M) continue
    let placed: Located | undefined
    if (a && b) {
      const t = rule.fraction
      const point = { lat: round6(a.lat + t * (b.lat - a.lat)), lng: round6(a.lng + t * (b.lng - a.lng)) }
      const reach = Math.max(metres(point, a) + a.accuracyM, metres(point, b) + b.accuracyM)
      placed = { ...point, precision: 'interpolated', accuracyM: Math.round(reach) }
    } else if (a || b) {
      const end = (a ?? b)!
      placed = { lat: end.lat, lng: end.lng, precision: 'interpolated', accuracyM: Math.round(end.accuracyM + ONE_END_EXTRA_M) }
    }
    if (placed && (!best || placed.accuracyM < best.accuracyM)) best = placed
  }
  return best
}

const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => distanceKm(a.lat, a.lng, b.lat, b.lng) * 1000
const round6 = (x: number) => Math.round(x * 1e6) / 1e6
