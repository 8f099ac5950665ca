// A side street that ends at a main road known only as a chord (a line through the City's corners or count
// sites, scripts/lib/city-corners.ts): the side street's centreline stops at the road's edge, while the chord
// between two signals 200–1,500 m apart strays from the roadway by tens of metres, so the two lines never
// come within the 15 m that makes two centrelines cross. The corner is the side street's end: it lies on the
// roadway, which the chord does not. Pure; used by resolveAddressLookup.
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geodata'
import { CORNER_LINE_CROSSING_MIN_M } from './intersection-crossing'
import { boxOf, isCornerLine, type LineCrossing, type StreetPiece } from './street-pieces'

type Xy = [number, number]

/**
 * How far a centreline's end may lie from the other street's chord and still be its corner: the chord's own
 * stray (CORNER_LINE_CROSSING_MIN_M, a prior for chords up to 850 m; a hole road's chord runs up to 1.5 km).
 */
export const END_ON_CHORD_M = CORNER_LINE_CROSSING_MIN_M
/** A street that meets the chord at a smaller angle than this runs alongside it (a service road), it does not end at it. */
const MIN_SIN = Math.sin((25 * Math.PI) / 180)
/** The end's heading is read from the centreline's last stretch of at least this length. */
const HEADING_MIN_M = 10

/**
 * The corner of A and B where one street's network centreline ends within END_ON_CHORD_M of the other's chord,
 * heading into it. The end nearest its chord wins, ties to the one nearest `anchor`; accuracyM covers the chord's
 * stray. Null when neither street has a chord, or no centreline end comes near one.
 */
export function endOnChord(
  a: readonly StreetPiece[],
  b: readonly StreetPiece[],
  anchor?: { lat: number; lng: number },
): LineCrossing | null {
  let best: { gap: number; away: number; at: [number, number] } | undefined
  for (const [ends, chords] of [
    [a, b],
    [b, a],
  ] as const) {
    const lines = chords.filter(isCornerLine)
    if (!lines.length) continue
    const boxes = lines.map(boxOf)
    for (const piece of ends) {
      if (isCornerLine(piece) || piece.coords.length < 2) continue
      for (const reversed of [false, true]) {
        const coords = reversed ? [...piece.coords].reverse() : piece.coords
        const end = coords[coords.length - 1]
        const kx = metresPerDegreeLng(end[1])
        const xy = (c: readonly [number, number]): Xy => [(c[0] - end[0]) * kx, (c[1] - end[1]) * METRES_PER_DEGREE_LAT]
        const heading = headingInto(coords.map(xy))
        if (!heading) continue
        for (const [c, chord] of lines.entries()) {
          const [minLng, minLat, maxLng, maxLat] = boxes[c]
          if (end[0] < minLng - PAD_DEG * 2 || end[0] > maxLng + PAD_DEG * 2 || end[1] < minLat - PAD_DEG || end[1] > maxLat + PAD_DEG)
            continue
          const gap = gapToChord(chord.coords.map(xy), heading)
          if (gap === undefined || gap > END_ON_CHORD_M) continue
          const away = anchor ? Math.hypot((end[0] - anchor.lng) * kx, (end[1] - anchor.lat) * METRES_PER_DEGREE_LAT) : 0
          if (!best || gap < best.gap - 1 || (Math.abs(gap - best.gap) <= 1 && away < best.away)) best = { gap, away, at: [end[0], end[1]] }
        }
      }
    }
  }
  if (!best) return null
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6
  return { lat: round6(best.at[1]), lng: round6(best.at[0]), accuracyM: Math.round(Math.max(END_ON_CHORD_M, best.gap)) }
}

/** END_ON_CHORD_M in degrees of latitude, rounded up (twice that in longitude covers it up to 60° N). */
const PAD_DEG = 0.0006

/** Unit heading out of the line's last vertex (at the origin), from the last stretch of at least HEADING_MIN_M. */
function headingInto(line: Xy[]): Xy | undefined {
  for (let i = line.length - 2; i >= 0; i--) {
    const m = Math.hypot(line[i][0], line[i][1])
    if (m >= HEADING_MIN_M) return [-line[i][0] / m, -line[i][1] / m]
  }
  return undefined
}

/** Metres from the origin to the chord, where a segment of it crosses the heading at a real angle; else undefined. */
function gapToChord(chord: Xy[], heading: Xy): number | undefined {
  let best: number | undefined
  for (let i = 1; i < chord.length; i++) {
    const [p, q] = [chord[i - 1], chord[i]]
    const seg: Xy = [q[0] - p[0], q[1] - p[1]]
    const len = Math.hypot(seg[0], seg[1])
    if (len === 0 || Math.abs(heading[0] * seg[1] - heading[1] * seg[0]) / len < MIN_SIN) continue
    const t = Math.max(0, Math.min(1, -(p[0] * seg[0] + p[1] * seg[1]) / (len * len)))
    const gap = Math.hypot(p[0] + t * seg[0], p[1] + t * seg[1])
    if (best === undefined || gap < best) best = gap
  }
  return best
}
