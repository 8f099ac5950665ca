// The inputs the signals read (a point, its street, what the service found near it) and the measures the
// factor assemblies share (features.ts and the modules beside it). Types and constants only.
import type { GeocodePrecision } from '../geodata'
import type { SectionBands } from '../geodata'
import type { MeasuredCount } from './model/measured-counts'
import type { SightStreetInput } from './model/exposure'
import type { Confidence, RawSignal } from './types'
import type { FactorKey } from './units'
/** One raw signal per factor (the keys of units.ts, which the factor table scoring/factors.ts is keyed by). */
export type FactorSignals = Record<FactorKey, RawSignal>
/**
 * The street a point is on, when known: named by the caller's address, or found by the geodata store
 * (the matched street of an address, or the nearest street to coordinates). `roadClass` is set only
 * when a street network gives it (engine scale 1 local … 6 freeway, model/road-class.ts).
 */
export interface KnownStreet {
  name: string
  type?: string
  /** Road class from a street network (1–6), with the network it came from. */
  roadClass?: number
  classSource?: string
  /** How far the street goes on unbroken, metres, from the same network (the traffic model's continuity). */
  runM?: number
  /** Distance from the point to the street's centreline, metres (when measured). */
  offsetM?: number
  /**
   * Set when the geodata store named the street from the civic address point nearest a coordinate (not
   * the caller): that point's distance, metres, and another street's nearest address point when less than
   * twice as far. With both, the point may be at a corner and the street its cross street.
   */
  addressPointM?: number
  otherStreetM?: number
}
export interface FeatureInput {
  lat: number
  lng: number
  street?: KnownStreet
  /** How the point was found: only `postal_code` and `city` are area positions. */
  precision?: GeocodePrecision
  ruralRoute?: boolean
  ruralPostalCode?: boolean
  /**
   * Counted volumes near the point from the geodata store (Edmonton count sites, Vancouver intersection
   * counts; the service finds them within COUNT_SNAP_M). Used only at an exact position.
   */
  measuredCounts?: readonly MeasuredCount[]
  /**
   * Every street within sight of the point (services/street-store.ts streetsInSightOf: 35 m), at an exact
   * position: a sign at a corner faces both streets (model/exposure.ts).
   */
  streetsInSight?: readonly SightStreetInput[]
  /**
   * Metres to the nearest piece of a street network holding streets in the cells around the point (≈ 0.4–1.6
   * km; services/street-store.ts streetsInSightOf); undefined where no network reaches.
   */
  networkNearestM?: number
}
/** Hold-outs for validation (research/validate-geodata.mjs; the API never sets them), and what a site-finder grid shares. */
export interface FeatureOptions {
  excludeDas?: ReadonlySet<string>
  excludeSections?: ReadonlySet<string>
  /** false: ignore Calgary's speed zones (with every count excluded: the national model, as in any other city) */
  speedZones?: boolean
  /** false: a point asked once (a site-finder grid point) skips the per-point memos (MemoOptions) */
  memo?: boolean
  /** The counted sections that can matter where, for the points of a site-finder grid (trafficArea) */
  trafficArea?: SectionBands
}

/**
 * Persons/km² of settled rural land (Statistics Canada 2021: rural farmland ≈ 2–40): assumed for a rural road located at a town centroid,
 * and where no DA point lies within 5 km.
 */
export const RURAL_DENSITY = 20
/**
 * Typical measured values over a Canadian city's built-up area (medians over the DA points above
 * 1,000 persons/km²: density 2,640, POIs 36, intersections 43/km², Can-ALE stops 41 within 1 km ≈ 16
 * walk-weighted stop equivalents): what a street located by city name only is given, by the city's size.
 */
export const CITY_TYPICAL = { popDensity: 2600, poiCount1km: 36, intersectionDensity: 43, transit: 16 }

export interface Measured {
  popDensity: number
  poiCount1km: number
  intersectionDensity: number
  transit: number
  /** How transit was measured, as the transit signal's method quotes it ('measured: ' left off; 'modelled: ' kept) */
  transitMethod: string
  transitConfidence: Confidence
  /** transit measured from the 2022 GTFS stops (their points then serve the bus-route test) */
  gtfsStops: boolean
  /** distance to the nearest DA representative point (undefined: none within 5 km) */
  nearestDaM: number | undefined
}
