// Geocoding providers behind one interface. Offline (bundled data, default), an optional live
// Nominatim-compatible HTTP provider chosen by env config that falls back to offline on any
// failure, and a KV cache for the live provider (the offline one is faster than a KV read).
import type { Env } from '../env'
import { geocodeOffline, isInUnitedStates, parseAddress, type GeocodeResult } from '../geo'

export type { GeocodeResult }

export interface Geocoder {
  geocode(address: string): Promise<GeocodeResult | null>
}

export const offlineGeocoder: Geocoder = {
  geocode: async (address) => geocodeOffline(address),
}

export interface HttpGeocoderOptions {
  url: string
  apiKey?: string
  fallback?: Geocoder
  fetch?: typeof fetch
  timeoutMs?: number
}

/** Canada's bounding box; a live result outside it is ignored. */
const inCanada = (lat: number, lng: number) => lat >= 41 && lat <= 84 && lng >= -142 && lng <= -52 && !isInUnitedStates(lat, lng)

/**
 * A Nominatim-compatible search API (`GET url?q=…&format=jsonv2&countrycodes=ca&limit=1` →
 * `[{ lat, lon, display_name }]`). Street-level results get precision `coordinates`. Any error,
 * timeout, empty answer or out-of-Canada answer falls back to the offline geocoder.
 */
export function createHttpGeocoder(options: HttpGeocoderOptions): Geocoder {
  const fallback = options.fallback ?? offlineGeocoder
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  return {
    async geocode(address) {
      try {
        const url = new URL(options.url)
        url.searchParams.set('q', address)
        url.searchParams.set('format', 'jsonv2')
        url.searchParams.set('countrycodes', 'ca')
        url.searchParams.set('limit', '1')
        if (options.apiKey) url.searchParams.set('key', options.apiKey)
        const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'sign-placement-api/1.0' }
        if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`
        const res = await doFetch(url.toString(), { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 3000) })
        if (!res.ok) return fallback.geocode(address)
        const body = (await res.json()) as unknown
        const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined
        const lat = Number(first?.lat)
        const lng = Number(first?.lon)
        if (!first || !Number.isFinite(lat) || !Number.isFinite(lng) || !inCanada(lat, lng)) return fallback.geocode(address)
        // The street still comes from our parser: it drives road class whatever the provider says.
        const parsed = parseAddress(address)
        const offline = geocodeOffline(address)
        return {
          lat, lng, precision: 'coordinates',
          address: offline?.address ?? (typeof first.display_name === 'string' ? first.display_name : address),
          ...(parsed.street?.name && { street: { name: parsed.street.name, ...(parsed.street.type && { type: parsed.street.type }) } }),
          ...(offline?.city && { city: offline.city }), ...(offline?.province && { province: offline.province }),
          ...(offline?.postalCode && { postalCode: offline.postalCode }),
        }
      } catch {
        return fallback.geocode(address)
      }
    },
  }
}

export const GEOCODE_CACHE_PREFIX = 'geocode:'
export const GEOCODE_CACHE_TTL_SECONDS = 30 * 24 * 3600

/** Cache key: normalised address; hashed when long (KV keys are limited to 512 bytes). */
export async function geocodeCacheKey(address: string): Promise<string> {
  const normal = address.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
  if (normal.length <= 200) return `${GEOCODE_CACHE_PREFIX}${normal}`
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normal))
  return `${GEOCODE_CACHE_PREFIX}sha256:${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Caches successful results in KV for 30 days; cache failures never fail a geocode. */
export function withKvCache(inner: Geocoder, kv: KVNamespace, ttlSeconds = GEOCODE_CACHE_TTL_SECONDS): Geocoder {
  return {
    async geocode(address) {
      const key = await geocodeCacheKey(address)
      try {
        const hit = await kv.get<GeocodeResult>(key, 'json')
        if (hit) return hit
      } catch { /* cache unavailable: geocode directly */ }
      const result = await inner.geocode(address)
      if (result) {
        try { await kv.put(key, JSON.stringify(result), { expirationTtl: ttlSeconds }) } catch { /* best effort */ }
      }
      return result
    },
  }
}

/** The geocoder configured for this environment: live + KV cache when GEOCODER_URL is set, else offline. */
export function geocoderFor(env: Pick<Env, 'GEOCODER_URL' | 'GEOCODER_API_KEY' | 'KEYS'>, fetchImpl?: typeof fetch): Geocoder {
  if (!env.GEOCODER_URL) return offlineGeocoder
  const live = createHttpGeocoder({ url: env.GEOCODER_URL, apiKey: env.GEOCODER_API_KEY, fetch: fetchImpl })
  return env.KEYS ? withKvCache(live, env.KEYS) : live
}

