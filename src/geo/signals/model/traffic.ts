// Vehicle traffic (AADT): measured where a City of Calgary counted section passes within 25 m;
// else interpolated along the same street (named by the user or by the City's speed zone at the
// point) or the same road from counted sections; else a model fitted on the counts of Calgary,
// Edmonton and Vancouver (research/fit-traffic.mjs → data/traffic-model.generated.ts), or, where a
// Calgary speed zone set the class, that class's typical volume.
import { countedSectionsNear, SectionBands, type CountedSection, type SectionFilter, type SpeedZone } from '../../geodata'
import { METRES_PER_DEGREE, metresPerDegreeLng, type NearestPoint } from '../../geodata'
import { TRAFFIC_MODEL } from '../../data/traffic-model.generated'
import type { Confidence } from '../types'
import { clamp01, interpolateKnots } from '../../../lib/math'
import { foldAccents } from '../../../lib/text'

export interface TrafficEstimate {
  aadt: number
  method: string
  confidence: Confidence
}

export const MEASURED_SNAP_M = 25
/**
 * Counted sections searched for the same road, and how far off their line the point may lie. A wider
 * offset (45 m, for divided roads) lets a side street 1.4 km along a counted road's extended line
 * take its count (methodology §2.2).
 */
export const SAME_ROAD_RADIUS_M = 1500
export const SAME_ROAD_MAX_OFFSET_M = 30

// Typical AADT by road class (Ontario MTO / City of Toronto count summaries): local ≈ 400,
// collector ≈ 3,000, minor arterial ≈ 12,000, major arterial ≈ 28,000, highway ≈ 35,000,
// freeway ≈ 120,000. Interpolated in log space; the fitted model rescales it.
const LOG_AADT_BY_CLASS = [
  [1, Math.log(400)],
  [2, Math.log(3000)],
  [3, Math.log(12000)],
  [4, Math.log(28000)],
  [5, Math.log(35000)],
  [6, Math.log(120000)],
] as const
export function logPriorAadt(roadClass: number): number {
  return interpolateKnots(LOG_AADT_BY_CLASS, roadClass)
}

/**
 * The fitted inputs, exported so the fit script computes exactly what the engine uses
 * (research/fit-traffic.mjs; docs/methodology.md §2.3). The class enters as a fixed offset (its typical
 * volume): counted sites are nearly all through roads, so a fitted class slope would learn little
 * about local streets. Two inputs see the road beyond its class: how far the nearest census
 * representative point is (Statistics Canada places them on the most populated block face, so a point
 * far from every one is on a through road or in non-residential land) and the street grid's
 * intersection density (a dense grid spreads traffic over many streets; a sparse one funnels it onto
 * arterials). Density, POIs and stops were tried and ranked the left-out cities worse (§2.3).
 */
export interface TrafficModelInputs {
  popDensity: number
  /** distance to the nearest census DA representative point, metres (undefined: none within 5 km) */
  nearestDaM?: number
  intersectionDensity: number
  /** How far the street goes on unbroken, metres (the store's run; undefined where no network gives it). */
  runM?: number
}
/** ln of the typical AADT of a collector (class 2): the class term is centred on it. */
const LN_COLLECTOR = Math.log(3000)
export function trafficModelInputs(x: TrafficModelInputs, roadClass: number): number[] {
  const nearestDa = Math.min(3.7, Math.max(1, Math.log10(Math.max(x.nearestDaM ?? 5000, 10))))
  return [1, classTerm(roadClass, x.runM), nearestDa - 2, Math.log10(x.intersectionDensity + 1) - 1.6]
}

const { exponent: RUN_EXPONENT, typicalRunM: TYPICAL_RUN_M } = TRAFFIC_MODEL.continuity
/** ln of each class's typical run, as knots (class, ln metres) for interpolateKnots. */
export const logRunKnots = (typicalRunM: readonly number[]) => typicalRunM.map((m, i) => [i + 1, Math.log(m)] as const)
const LOG_TYPICAL_RUN = logRunKnots(TYPICAL_RUN_M)
/** A run is read at most this many times longer or shorter than its class's typical one (e^3.45 ≈ 31). */
const MAX_LOG_RUN_RATIO = 1.5 * Math.LN10
/**
 * ln(run ÷ the typical run of the class), clamped; 0 without a run. `logTypical`: logRunKnots of classes 1–6 (the
 * fit passes the table it is building).
 */
export function logRunRatio(roadClass: number, runM: number | undefined, logTypical = LOG_TYPICAL_RUN): number {
  if (!runM) return 0
  const ratio = Math.log(runM) - interpolateKnots(logTypical, roadClass)
  return Math.max(-MAX_LOG_RUN_RATIO, Math.min(MAX_LOG_RUN_RATIO, ratio))
}
/**
 * The class's typical volume, moved by how much longer or shorter than its class's typical run the street goes on
 * (a fixed offset, like the class: volume ∝ (run ÷ typical run)^exponent, the exponent chosen on the counted
 * cities; methodology §2.3). Without a run (no network, or a street the network does not hold) the class alone.
 */
export function classTerm(roadClass: number, runM?: number): number {
  return logPriorAadt(roadClass) - LN_COLLECTOR + RUN_EXPONENT * logRunRatio(roadClass, runM)
}

/**
 * Outside what the counted cities can teach (1.x rules, not fitted): roads carry less where the area is rural
 * and where the town is small: 0.2 + 0.8 × smoothstep(56 → 1,260 persons/km², log) × (0.15 + 0.85 ×
 * urbanScale), floor 0.15 (urbanScale: 0 for ≤ 2,000 people within 15 km, 1 for ≥ 500,000; the counted
 * cities are 1, so the factor is 1 on every counted site above 1,260/km²).
 */
export function outsideFitFactor(popDensity: number, urbanScale: number): number {
  const t = clamp01((Math.log10(Math.max(popDensity, 1)) - 1.75) / 1.35)
  const urbanShare = t * t * (3 - 2 * t) * (0.15 + 0.85 * urbanScale)
  return Math.max(0.15, 0.2 + 0.8 * urbanShare)
}

/** Which fitted set applies: the class known from the street (its name and type, or a street network), or inferred from coordinates. */
export type ClassBasis = 'street' | 'coordinates'

export function modelledAadt(roadClass: number, inputs: TrafficModelInputs, urbanScale = 1, basis: ClassBasis = 'street'): number {
  const x = trafficModelInputs(inputs, roadClass)
  const b = TRAFFIC_MODEL[basis].coefficients
  let y = LN_COLLECTOR
  for (let i = 0; i < x.length; i++) y += b[i] * x[i]
  return Math.exp(y) * outsideFitFactor(inputs.popDensity, urbanScale)
}

/** onSameRoad's test from the piece's direction, without trigonometry and with a 1 m margin: false
 *  only where onSameRoad is false (a zero-length piece passes, left to onSameRoad). */
function mayBeOnSameRoad(lat: number, lng: number, nearest: NearestPoint): boolean {
  const { pieceEast, pieceNorth } = nearest
  const px = (nearest.lng - lng) * metresPerDegreeLng(lat)
  const py = (nearest.lat - lat) * METRES_PER_DEGREE
  // |p × d| ≤ offset × |d|, without dividing by |d|
  return (
    Math.abs(px * pieceNorth - py * pieceEast) <= (SAME_ROAD_MAX_OFFSET_M + 1) * Math.sqrt(pieceEast * pieceEast + pieceNorth * pieceNorth)
  )
}

/** The point lies on the straight extension of the section's nearest piece (see sameRoadAadt). */
function onSameRoad(lat: number, lng: number, s: CountedSection): boolean {
  const px = (s.nearestLng - lng) * metresPerDegreeLng(lat)
  const py = (s.nearestLat - lat) * METRES_PER_DEGREE
  const b = (s.bearingDeg * Math.PI) / 180
  return Math.abs(px * Math.cos(b) - py * Math.sin(b)) <= SAME_ROAD_MAX_OFFSET_M // |p × u| with u = (sin b, cos b)
}

/**
 * Counted sections of the same road: the point lies on the straight extension of the section's
 * nearest piece (within SAME_ROAD_MAX_OFFSET_M of that line). Cross streets' sections end at the
 * intersection and do not pass through a mid-block point, so they drop out. Log-volumes are
 * averaged with weight 1/distance.
 */
function sameRoadAadt(
  lat: number,
  lng: number,
  sections: readonly CountedSection[],
): { aadt: number; n: number; nearestM: number } | undefined {
  let weight = 0
  let sum = 0
  let n = 0
  let nearestM = Infinity
  for (const s of sections) {
    if (s.distanceM > SAME_ROAD_RADIUS_M) break
    if (!onSameRoad(lat, lng, s)) continue
    const w = 1 / Math.max(s.distanceM, 20)
    weight += w
    sum += w * Math.log(s.aadt)
    n++
    if (s.distanceM < nearestM) nearestM = s.distanceM
  }
  return n ? { aadt: Math.exp(sum / weight), n, nearestM } : undefined
}

/**
 * Whether a City of Calgary section name (e.g. "17AVSE6", "MACLEO12", "CRWCHL3", "SHGNPPI5") belongs
 * to a named street: the City abbreviates names by their first letters or their consonants.
 */
export function sectionOnStreet(secname: string, street: { name: string; type?: string }): boolean {
  const body = foldAccents(street.name.toUpperCase()).replace(/[^A-Z0-9]/g, '')
  if (!body) return false
  if (/^\d+$/.test(body)) {
    const type = (street.type ?? '').toUpperCase()
    const code = type.startsWith('AV') ? 'AV' : type.startsWith('ST') ? 'ST' : ''
    return code !== '' && secname.startsWith(body + code)
  }
  if (body.length < 3) return false
  const consonants = body[0] + body.slice(1).replace(/[AEIOUY]/g, '')
  return secname.startsWith(body.slice(0, 3)) || (consonants.length >= 3 && secname.startsWith(consonants.slice(0, 3)))
}

/** Counted sections of the named street searched this far away (the City counts arterials every few hundred metres). */
export const SAME_STREET_RADIUS_M = 2000
const SECTIONS_RADIUS_M = Math.max(SAME_STREET_RADIUS_M, SAME_ROAD_RADIUS_M)

function sameStreetAadt(
  sections: readonly CountedSection[],
  street: { name: string; type?: string },
): { aadt: number; n: number; nearestM: number } | undefined {
  let weight = 0
  let sum = 0
  let n = 0
  let nearestM = Infinity
  for (const s of sections) {
    if (!sectionOnStreet(s.secname, street)) continue
    const w = 1 / Math.max(s.distanceM, 50) ** 2
    weight += w
    sum += w * Math.log(s.aadt)
    n++
    if (s.distanceM < nearestM) nearestM = s.distanceM
    if (n >= 2) break // the nearest two (sorted by distance): usually one on each side along the street
  }
  return n ? { aadt: Math.exp(sum / weight), n, nearestM } : undefined
}

// Calgary's counted sections all lie in 50.84–51.22 N, 114.30–113.85 W (measured/traffic.ts).
const CALGARY = { minLat: 50.8, maxLat: 51.26, minLng: -114.36, maxLng: -113.8 }

/**
 * For the points of an area scored together (a site-finder grid): which counted sections can decide
 * trafficAt where (the snap distance and the same-road offset, with the 1 m margin of mayDecide).
 * Undefined away from Calgary.
 */
export function trafficArea(minLat: number, minLng: number, maxLat: number, maxLng: number): SectionBands | undefined {
  if (maxLat < CALGARY.minLat || minLat > CALGARY.maxLat || maxLng < CALGARY.minLng || minLng > CALGARY.maxLng) return undefined
  return new SectionBands(minLat, minLng, maxLat, maxLng, SECTIONS_RADIUS_M, Math.max(MEASURED_SNAP_M, SAME_ROAD_MAX_OFFSET_M + 1))
}

/**
 * `counts` undefined: do not use the counted sections (an area position is not on the counted road).
 * `street`: the named street, so that counts of that street are preferred to a cross street's.
 * `zone`: without a named street, the Calgary speed zone at the point names the street instead.
 */
export function trafficAt(
  lat: number,
  lng: number,
  roadClass: number,
  inputs: TrafficModelInputs,
  urbanScale: number,
  roadBasis: string,
  counts?: { excludeSections?: ReadonlySet<string>; area?: SectionBands },
  namedStreet?: { name: string; type?: string },
  zone?: SpeedZone,
): TrafficEstimate {
  const street = namedStreet ?? zone?.street
  const streetLabel = namedStreet ? namedStreet.name : `${zone?.streetName} (named by its City of Calgary speed zone)`
  // Only these sections can decide the estimate below: one within the snap distance, the named street's,
  // the same road's (a superset: sameRoadAadt checks each exactly).
  const mayDecide: SectionFilter = (distanceM, nearest, secname) =>
    distanceM <= MEASURED_SNAP_M ||
    (street !== undefined && sectionOnStreet(secname, street)) ||
    (distanceM <= SAME_ROAD_RADIUS_M && mayBeOnSameRoad(lat, lng, nearest))
  const sections = counts
    ? countedSectionsNear(
        lat,
        lng,
        SECTIONS_RADIUS_M,
        {
          exclude: counts.excludeSections,
          bands: counts.area,
          measureNamed: street ? (secname) => sectionOnStreet(secname, street) : undefined,
        },
        mayDecide,
      )
    : []
  const snapped = street ? sections.find((s) => s.distanceM <= MEASURED_SNAP_M && sectionOnStreet(s.secname, street)) : undefined
  const nearest =
    snapped ??
    (sections[0] && sections[0].distanceM <= MEASURED_SNAP_M && (!street || !sections.some((s) => sectionOnStreet(s.secname, street)))
      ? sections[0]
      : undefined)
  if (nearest) {
    return {
      aadt: nearest.aadt,
      method: `measured: City of Calgary traffic count ${nearest.year}, section ${nearest.secname}`,
      confidence: 'high',
    }
  }
  const onStreet = street ? sameStreetAadt(sections, street) : undefined
  if (onStreet) {
    return {
      aadt: onStreet.aadt,
      method:
        `modelled: ${onStreet.n} counted section${onStreet.n > 1 ? 's' : ''} of ${streetLabel} (nearest ` +
        `${Math.round(onStreet.nearestM)} m, City of Calgary counts)`,
      confidence: 'medium',
    }
  }
  const sameRoad = sameRoadAadt(lat, lng, sections)
  if (sameRoad) {
    return {
      aadt: sameRoad.aadt,
      method:
        `modelled: ${sameRoad.n} counted section${sameRoad.n > 1 ? 's' : ''} of the same road (nearest ` +
        `${Math.round(sameRoad.nearestM)} m, City of Calgary counts)`,
      confidence: 'medium',
    }
  }
  if (roadBasis === 'speed zone') {
    // roadClassFromSpeed already places each posted speed at Calgary's counted median: the fitted
    // terms, which lift street-type classes to Calgary's level, would count that level twice (§2.2).
    return {
      aadt: Math.exp(logPriorAadt(roadClass)) * outsideFitFactor(inputs.popDensity, urbanScale),
      method: "modelled: road class (speed zone): the class's typical volume, set from Calgary's counts by posted speed",
      confidence: 'low',
    }
  }
  return {
    aadt: modelledAadt(roadClass, inputs, urbanScale, roadBasis === 'inferred' ? 'coordinates' : 'street'),
    method: `modelled: road class (${roadBasis}), distance to census points, intersections; fitted on ${TRAFFIC_MODEL.fittedOn}`,
    confidence: 'low',
  }
}
