// Text helpers shared by the address parser and the place lookup.
import { foldAccents } from '../../lib/text'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from './geodesy'

// The parser and the place lookup normalise the same few thousand names (places, provinces, street
// words) over and over: a bounded per-isolate memo skips the Unicode normalisation and six regex passes.
const NORMALIZED_CACHE_LIMIT = 8192
const normalizedCache = new Map<string, string>()

/** Lower-case, strip accents and punctuation, expand St/Ste/Mt, collapse spaces: "St. John's" → "saint johns". */
export function normalizeName(text: string): string {
  let normalized = normalizedCache.get(text)
  if (normalized === undefined) {
    if (normalizedCache.size >= NORMALIZED_CACHE_LIMIT) normalizedCache.clear()
    normalized = normalizeUncached(text)
    normalizedCache.set(text, normalized)
  }
  return normalized
}

/** An elided article as the City of Toronto writes it, without its apostrophe: "O CONNOR DR" is O'Connor Drive. */
const ELIDED_ARTICLE = /\b([dlo]) (?=[a-z]{2})/g

/** A word as the type and direction tables key it: lower case, accents and dots off ("Boul." → "boul", "Cté" → "cte"). */
export const bareToken = (token: string): string => foldAccents(token.toLowerCase()).replace(/\./g, '')

function normalizeUncached(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(ELIDED_ARTICLE, '$1')
    .replace(/\b(st|saint)\b/g, 'saint')
    .replace(/\b(ste|sainte)\b/g, 'sainte')
    .replace(/\bmt\b/g, 'mount')
}

/** A normalised key written for display, each word capitalised: "sainte catherine" → "Sainte Catherine" (accents stay lost). */
export const titleCaseKey = (key: string): string => key.replace(/(^|\s)(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())

/** Great-circle distance in km (src/geo/geodata/geodesy.ts; kept here for the modules that import it from text). */
export { distanceKm } from './geodesy'

/** Bounding box in degrees around a point, for kdbush range queries before an exact distance check. */
export function boxAround(lat: number, lng: number, radiusKm: number): [number, number, number, number] {
  const dLat = (radiusKm * 1000) / METRES_PER_DEGREE_LAT
  const dLng = (radiusKm * 1000) / Math.max(0.05 * METRES_PER_DEGREE_LAT, metresPerDegreeLng(lat))
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat]
}
