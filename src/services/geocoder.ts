// Geocoding providers behind one interface, chained (docs/geocoding.md):
//   1. address store (the geodata store: D1 in the worker): exact civic number → interpolated → intersection
//   2. live Nominatim-compatible geocoder, when GEOCODER_URL is set
//   3. address store: the street alone
//   4. bundled data: postal area (FSA) → city; nothing found → the route answers 400
// Results are cached in KV (one D1 query, or one live call, per distinct address and TTL).
import type { Env } from '../env'
import { geocodeOffline, parseAddress, type GeocodeResult } from '../geo/geocode'
import { isInCanada } from '../geo/geodata'
import {
  gridPieceNameKeys,
  lookupNameKeys,
  pieceNameKeys,
  planAddressLookup,
  resolveAddressLookup,
  type AddressLookup,
} from '../geo/geocode'
import type { StreetGeometrySource } from '../geo/geocode'
import type { AddressPointsAnswer, AddressPointsSource } from './address-store'
import type { StreetStore } from './street-store'
import type { CornerSource } from './corner-store'
import { geodataOf, type GeodataEnv } from './geodata-store'
import { sha256Hex } from '../lib/crypto'
import { METRES_PER_DEGREE_LAT, metresPerDegreeLng } from '../geo/geodata'

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
        if (!first || !Number.isFinite(lat) || !Number.isFinite(lng) || !isInCanada(lat, lng)) return fallback.geocode(address)
        // The street still comes from our parser: it drives road class whatever the provider says.
        const parsed = parseAddress(address)
        const offline = geocodeOffline(address)
        return {
          lat,
          lng,
          precision: 'coordinates',
          accuracyM: radiusOfBox(first.boundingbox),
          address: offline?.address ?? (typeof first.display_name === 'string' ? first.display_name : address),
          ...(parsed.street?.name && { street: { name: parsed.street.name, ...(parsed.street.type && { type: parsed.street.type }) } }),
          ...(offline?.city && { city: offline.city }),
          ...(offline?.province && { province: offline.province }),
          ...(offline?.postalCode && { postalCode: offline.postalCode }),
        }
      } catch {
        return fallback.geocode(address)
      }
    },
  }
}

/** Nominatim's boundingbox [south, north, west, east] → half its diagonal in metres (50 m when absent). */
function radiusOfBox(box: unknown): number {
  const [s, n, w, e] = Array.isArray(box) ? box.map(Number) : []
  if (![s, n, w, e].every(Number.isFinite)) return 50
  const dy = (n - s) * METRES_PER_DEGREE_LAT
  const dx = (e - w) * metresPerDegreeLng((n + s) / 2)
  return Math.max(10, Math.round(Math.hypot(dx, dy) / 2))
}

const noGeocoder: Geocoder = { geocode: async () => null }
/** Precisions the address store answers before a live geocoder is asked. */
const STORE_FIRST = new Set(['address', 'interpolated', 'intersection'])

export interface AddressChainOptions {
  points?: AddressPointsSource
  live?: Geocoder
  /** Other centreline sources for intersections (none in the worker: the store's pieces carry every network). */
  geometrySources?: StreetGeometrySource[]
  /** Street centrelines of the geodata store: intersections, streets without points, road class. */
  streets?: StreetStore
  /** The Cities' named corners (geodata store): a gazetteer of typed intersections. */
  corners?: CornerSource
}

/** The geocoding chain at the top of this file. A failing address store degrades to the next step. */
export function createAddressGeocoder(options: AddressChainOptions): Geocoder {
  return {
    async geocode(address) {
      const lookup = planAddressLookup(address)
      let local: GeocodeResult | null
      if (lookup && options.points) {
        const answer = await storeAnswer(lookup, options.points, options.streets, options.corners)
        local = resolveAddressLookup(lookup, answer, options.geometrySources)
        // Not found on the first answer, in a numbered grid: the numbers around the typed one, then again.
        const grid = options.streets && lookup.near ? gridPieceNameKeys(lookup, local) : []
        const more = grid.length ? await options.streets!.named(grid, lookup.near!).catch(() => []) : []
        if (more.length) local = resolveAddressLookup(lookup, { ...answer, pieces: [...answer.pieces, ...more] }, options.geometrySources)
      } else local = geocodeOffline(address)
      if (local && STORE_FIRST.has(local.precision)) return local
      return (options.live && (await options.live.geocode(address))) || local
    },
  }
}

/** Address points, and the named streets' centrelines near the place; any part that fails is left empty. */
async function storeAnswer(lookup: AddressLookup, points: AddressPointsSource, streets?: StreetStore, corners?: CornerSource) {
  const near = lookup.near
  const crossing = lookup.streets.length === 2 && near && corners
  const [answer, pieces, around, named] = await Promise.all([
    Promise.resolve()
      .then(() => points(lookup))
      .catch((): AddressPointsAnswer => ({ points: [], cityInStore: false })),
    streets && near ? streets.named(pieceNameKeys(lookup), near).catch(() => []) : [],
    streets && near ? streets.around(near.lat, near.lng).catch(() => []) : [],
    crossing ? corners(lookupNameKeys(lookup), near).catch(() => []) : [],
  ])
  return { ...answer, pieces, streetsInArea: around.length > 0, corners: named }
}

export const GEOCODE_CACHE_PREFIX = 'geocode:'
export const GEOCODE_CACHE_TTL_SECONDS = 30 * 24 * 3600
/** Results from our own data: short enough that a re-import of addresses shows within a day. */
export const LOCAL_GEOCODE_CACHE_TTL_SECONDS = 24 * 3600

/** Cache key: normalised address; hashed when long (KV keys are limited to 512 bytes). */
export async function geocodeCacheKey(address: string): Promise<string> {
  const normal = address.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()
  if (normal.length <= 200) return `${GEOCODE_CACHE_PREFIX}${normal}`
  return `${GEOCODE_CACHE_PREFIX}sha256:${await sha256Hex(normal)}`
}

/** Writes the cache after the response (ctx.waitUntil) instead of before it; absent: awaited. */
export type Defer = (promise: Promise<unknown>) => void

// Recent results in isolate memory in front of KV: a repeated address costs no KV read.
const RECENT_MAX = 2000
const RECENT_TTL_MS = 10 * 60_000
const recent = new Map<string, { result: GeocodeResult; until: number }>()

function remember(key: string, result: GeocodeResult, ttlSeconds: number) {
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!)
  recent.set(key, { result, until: Date.now() + Math.min(RECENT_TTL_MS, ttlSeconds * 1000) })
}

/** Caches successful results in KV (and briefly in memory); cache failures never fail a geocode. */
export function withKvCache(
  inner: Geocoder,
  kv: KVNamespace,
  ttlSeconds: number | ((result: GeocodeResult) => number) = GEOCODE_CACHE_TTL_SECONDS,
  defer?: Defer,
): Geocoder {
  return {
    async geocode(address) {
      const key = await geocodeCacheKey(address)
      const memo = recent.get(key)
      if (memo && memo.until > Date.now()) return memo.result
      try {
        const hit = await kv.get<GeocodeResult>(key, 'json')
        if (hit) return hit
      } catch {
        /* cache unavailable: geocode directly */
      }
      const result = await inner.geocode(address)
      if (result) {
        const expirationTtl = typeof ttlSeconds === 'number' ? ttlSeconds : ttlSeconds(result)
        remember(key, result, expirationTtl)
        const put = kv.put(key, JSON.stringify(result), { expirationTtl }).catch(() => {
          /* best effort */
        })
        if (defer) defer(put)
        else await put
      }
      return result
    },
  }
}

/** What the geocoder reads of an environment: its geodata store (geodataOf), the live geocoder, the KV cache. */
export type GeocoderEnv = GeodataEnv & Pick<Env, 'GEOCODER_URL' | 'GEOCODER_API_KEY'> & Partial<Pick<Env, 'KEYS'>>

/**
 * The geocoder configured for this environment: the chain above (the geodata store when there is one,
 * live when GEOCODER_URL is set) behind the KV cache when KEYS is bound; the bundled offline geocoder
 * when neither is.
 */
export function geocoderFor(env: GeocoderEnv, fetchImpl?: typeof fetch, defer?: Defer): Geocoder {
  const store = geodataOf(env)
  if (!env.GEOCODER_URL && !store) return offlineGeocoder
  const live = env.GEOCODER_URL
    ? createHttpGeocoder({ url: env.GEOCODER_URL, apiKey: env.GEOCODER_API_KEY, fetch: fetchImpl, fallback: noGeocoder })
    : undefined
  const chain = createAddressGeocoder({
    points: store?.addressPoints,
    streets: store?.streets,
    corners: store?.corners,
    live,
  })
  // Live answers are precision `coordinates`; everything else comes from our own data.
  return env.KEYS
    ? withKvCache(
        chain,
        env.KEYS,
        (r) => (r.precision === 'coordinates' ? GEOCODE_CACHE_TTL_SECONDS : LOCAL_GEOCODE_CACHE_TTL_SECONDS),
        defer,
      )
    : chain
}
