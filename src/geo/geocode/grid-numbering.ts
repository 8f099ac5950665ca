// Block numbering: Calgary and Edmonton number every street by the numbered cross street it lies past, so a
// civic number's hundreds name a block (1000 17 Ave SW lies between 10 St SW and 11 St SW; 10220 Jasper Ave,
// Edmonton's 101 Ave, between 102 St and 103 St; 8215 112 St NW between 82 Ave and 83 Ave). Neither city has
// address points in the store, so without this a civic address there is "somewhere on the street" (±10–18 km).
// The block's ends are where the street's centreline crosses the two numbered streets (the store's own lines:
// Calgary's speed zones and counted sections, Edmonton's main roads and counted roads). No address point there to
// calibrate a radius on, so the radius is a bound: it reaches both ends of the block, each with its crossing's own
// radius (docs/geocoding.md, "Block numbering"). Pure.
import { distanceKm } from '../geodata'
import type { GeocodeResult } from './offline'
import { streetsCompatible, type StreetKey } from './street-key'
import { CORNER_LINE_CROSSING_MIN_M, floored } from './intersection-crossing'
import { crossingOfLines, isCornerLine, type LineCrossing, type StreetPiece } from './street-pieces'

type Located = Pick<GeocodeResult, 'lat' | 'lng' | 'precision' | 'accuracyM'>

/** Cities whose civic numbers count blocks from numbered streets (normalizeName of the municipality). */
const BLOCK_NUMBERED_CITIES: ReadonlySet<string> = new Set(['calgary', 'edmonton'])

export interface BlockRule {
  /** The numbered cross street the number lies past (its hundreds), and the next one. */
  from: number
  /** Where in the block: the number's last two digits ÷ 100. */
  fraction: number
  /** Type keys the cross streets may have: an avenue's numbers count streets, a street's count avenues; others either. */
  crossTypes: readonly string[]
}

/** The block of civic number `n` on `street` in that city, if the city numbers by blocks (n ≥ 100). */
export function blockRuleOf(cityKey: string | undefined, street: StreetKey, n: number): BlockRule | undefined {
  if (!cityKey || !BLOCK_NUMBERED_CITIES.has(cityKey) || !Number.isInteger(n) || n < 100) return undefined
  const crossTypes = street.typeKey === 'ave' ? ['st'] : street.typeKey === 'st' ? ['ave'] : ['st', 'ave']
  return { from: Math.floor(n / 100), fraction: (n % 100) / 100, crossTypes }
}

/** The name keys of the block's two cross streets ("102", "103"): their centrelines are asked of the store too. */
export const blockNameKeys = (rule: BlockRule): string[] => [String(rule.from), String(rule.from + 1)]

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
    const at = (n: number): LineCrossing | null => {
      const cross = pieces.filter((p) => streetsCompatible({ nameKey: String(n), typeKey, dir }, p))
      // A line through a City's positions is a chord between them: its crossing claims what an intersection's does.
      const chords = lines.some(isCornerLine) || cross.some(isCornerLine)
      return floored(crossingOfLines(lines, cross, anchor), chords ? CORNER_LINE_CROSSING_MIN_M : 0)
    }
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
