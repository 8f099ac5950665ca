// Text helpers shared by the address parser and the place lookup.

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

function normalizeUncached(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\b(st|saint)\b/g, 'saint')
    .replace(/\b(ste|sainte)\b/g, 'sainte')
    .replace(/\bmt\b/g, 'mount')
}

/** Great-circle distance in km (haversine); exact enough at city scale and cheap. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180
  const dLat = (lat2 - lat1) * toRad
  const dLng = (lng2 - lng1) * toRad
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Bounding box in degrees around a point, for kdbush range queries before an exact distance check. */
export function boxAround(lat: number, lng: number, radiusKm: number): [number, number, number, number] {
  const dLat = radiusKm / 111.2
  const dLng = radiusKm / (111.2 * Math.max(0.05, Math.cos((lat * Math.PI) / 180)))
  return [lng - dLng, lat - dLat, lng + dLng, lat + dLat]
}
