// The seven raw factor signals of a point (and, when known, its street), from the bundled measured
// data (src/geo/geodata/measured). Pure: bundled data only. Each signal's `method` says `measured: <source,
// vintage>` or `modelled: <inputs>`; docs/methodology.md explains every rule and its validation.
import { urbanContext, type UrbanContext } from '../geodata'
import { censusAt, poisNear, speedZoneAt, transitStopsAround } from '../geodata'
import {
  LOCAL_POI_RADIUS_M,
  NEAR_STOP_AREA_MEAN,
  NEAR_STOP_DECAY_M,
  NEAR_STOP_MAX_M,
  pedestriansPerDay,
  STOP_EQUIVALENTS_PER_1KM_STOP,
  nearStopWeight,
  transitShareOf,
  WALK_FAR_M,
  WALK_NEAR_M,
} from './model/activity'
import { ROUTE_RADIUS_M, type RoadClassEstimate } from './model/road-class'
import { trafficAt } from './model/traffic'
import { countedPedestrians, countedTraffic, nearestCount } from './model/measured-counts'
import { exposureAt, labelOf, type Exposure } from './model/exposure'
import { blendCounted, countedStreet } from './model/counted-streets'
import type { TrafficEstimate } from './model/traffic'
import { TRAFFIC_MODEL } from '../data/traffic-model.generated'
import { postalAreaAt } from './model/postal-area'
import { classifyStreet, type StreetClassification } from '../geodata'
import type { Confidence } from './types'
import type { ScoreWarning } from '../geodata'
import { clamp01 } from '../../lib/math'
import { SIGNAL_UNITS } from './units'
import type { Measured, FeatureInput, FeatureOptions, FactorSignals } from './inputs'
import { fitMethod, sig, roundTo, geoBlend } from './method-text'
import { RURAL_DENSITY, CITY_TYPICAL } from './inputs'
import { frontageAt } from './frontage'
import { transitMeasure } from './transit-measure'
import { roadClassAt } from './road'
import { incomeAt } from './income'

/** A speed zone this close names the road a point is on (a roadside point is ~10–20 m from the centreline). */
const SPEED_ZONE_SNAP_M = 25

/** Rural road located at a town/postal centroid: the town's measures do not describe the road. */
function outsideBuiltUpArea(input: FeatureInput, known: StreetClassification | undefined): string | undefined {
  if (input.precision !== 'postal_code' && input.precision !== 'city') return undefined
  if (known?.rural) return 'rural road type'
  if (input.ruralRoute) return 'rural-route address'
  if (known?.highway && input.ruralPostalCode) return 'highway in a rural postal area'
  return undefined
}

/**
 * A street located by a city's name sits at its downtown; for a city (≥ ~30,000 people, fully from ~300,000) the address could be anywhere
 * in it.
 */
function cityWideSpread(input: FeatureInput, ctx: UrbanContext): number {
  if (input.precision !== 'city') return 0
  return clamp01((Math.log10(Math.max(ctx.placePopulationAt, 1)) - 4.5) / 1)
}

/**
 * `warnings`: where given, what the signals cannot see (no road nearby, in a park) is added to it.
 * `exposure`: where given, it receives the streets a sign at the point faces and the vehicles passing on all of them.
 */
export function featuresAt(
  input: FeatureInput,
  options: FeatureOptions = {},
  warnings?: ScoreWarning[],
  exposure?: Exposure,
): FactorSignals {
  const { lat, lng } = input
  const memo = options.memo
  const census = censusAt(lat, lng, { exclude: options.excludeDas, memo })
  // The places walk serves the rural density fallback and the city-wide spread; inside big metros the urban scale is 1 without it.
  const ctx = urbanContext(lat, lng, { fsaKernel: !census, places: !census || input.precision === 'city' ? true : 'outsideMetros', memo })
  const street = input.street
  const known = street?.name || street?.type ? classifyStreet({ name: street.name ?? '', type: street.type }, ctx.cma?.name) : undefined
  const exact = input.precision !== 'postal_code' && input.precision !== 'city'
  const outside = outsideBuiltUpArea(input, known)
  const spread = outside ? 0 : cityWideSpread(input, ctx)
  const placed = outside
    ? ` (outside built-up area: ${outside})`
    : spread > 0
      ? ' (city-wide average: located by city name only)'
      : !exact
        ? ' (at the postal area position)'
        : ''

  // Stops counted within 400 and 800 m; the points only within the bus-route test's radius.
  // ROUTE_RADIUS_M (300 m) ≥ NEAR_STOP_MAX_M: the points reach the near stops of the pedestrian model.
  const stops = transitStopsAround(lat, lng, WALK_NEAR_M, WALK_FAR_M, ROUTE_RADIUS_M, { memo })
  const transit = transitMeasure(census, { within400: stops.withinNear, within800: stops.withinFar }, ctx)
  // No DA point within 5 km: the 1.x place model (GeoNames places as discs, FSA kernel) is the fallback.
  // Fields listed, not spread: this runs once per point of a site-finder grid, and spreads cost.
  const measured: Measured = {
    popDensity: census?.popDensity ?? ctx.density,
    poiCount1km: census?.poiCount1km ?? ctx.density / 80,
    intersectionDensity: census?.intersectionDensity1km ?? Math.min(40, ctx.density / 50),
    transit: transit.transit,
    transitMethod: transit.transitMethod,
    transitConfidence: transit.transitConfidence,
    gtfsStops: transit.gtfsStops,
    nearestDaM: census?.nearestDaM,
  }
  if (outside) {
    measured.popDensity = Math.min(measured.popDensity, RURAL_DENSITY)
    measured.poiCount1km = Math.min(measured.poiCount1km, 2)
    measured.intersectionDensity = Math.min(measured.intersectionDensity, 2)
    measured.transit = 0
  } else if (spread > 0) {
    measured.popDensity = geoBlend(measured.popDensity, Math.min(measured.popDensity, CITY_TYPICAL.popDensity), spread)
    measured.poiCount1km = geoBlend(measured.poiCount1km, Math.min(measured.poiCount1km, CITY_TYPICAL.poiCount1km), spread)
    measured.intersectionDensity = geoBlend(
      measured.intersectionDensity,
      Math.min(measured.intersectionDensity, CITY_TYPICAL.intersectionDensity),
      spread,
    )
    measured.transit = geoBlend(measured.transit, Math.min(measured.transit, CITY_TYPICAL.transit), spread)
  }
  // A postal code stands for its area: its transit and income are the area's (the K DAs nearest its position).
  const area = input.precision === 'postal_code' && !outside ? postalAreaAt(lat, lng, memo) : undefined
  // The area's stop equivalents: the mean of the point's and the DAs' Can-ALE 2016 1 km counts (same walk-weighted units).
  const transitInputs = area
    ? {
        stopEquivalents:
          area.transitStops1km === undefined
            ? measured.transit
            : 0.5 * measured.transit + 0.5 * STOP_EQUIVALENTS_PER_1KM_STOP * area.transitStops1km,
        popDensity: area.popDensity,
      }
    : { stopEquivalents: measured.transit, popDensity: measured.popDensity }
  const transitShare = transitShareOf(transitInputs.stopEquivalents, transitInputs.popDensity)
  const stopData = measured.gtfsStops ? stops.points : undefined
  // Speed zones describe the road at an exact position only, like counts.
  const speedZone = exact && options.speedZones !== false ? speedZoneAt(lat, lng, SPEED_ZONE_SNAP_M) : undefined
  const frontage = frontageAt(input, exact, (census !== undefined && census.nearestDaM <= 300) || stops.withinNear > 0)
  if (frontage.kind !== 'none') warnings?.push(frontage.warning)
  const located: RoadClassEstimate =
    frontage.kind === 'none'
      ? roadClassAt(input, known, measured, stopData, exact, options, speedZone)
      : { roadClass: 1, method: `modelled: ${frontage.kind === 'park' ? 'inside a park' : 'no road known nearby'}`, confidence: 'low' }
  // Counts describe the road at an exact position only; an area position is not on the counted road.
  const roadBasis = located.method.startsWith('measured: street network')
    ? 'road network'
    : known
      ? 'street'
      : located.method.includes('counted section')
        ? 'counted section'
        : located.method.includes('speed zone')
          ? 'speed zone'
          : 'inferred'
  // A store count in reach is the point's measured traffic (an area position is not at the count).
  const counted = exact && frontage.kind === 'none' ? nearestCount(lat, lng, input.measuredCounts) : undefined
  const modelledTraffic = () =>
    trafficAt(
      lat,
      lng,
      located.roadClass,
      street?.runM && roadBasis === 'road network' ? { ...measured, runM: street.runM } : measured,
      ctx.urbanScale,
      roadBasis,
      exact ? { excludeSections: options.excludeSections, area: options.trafficArea } : undefined,
      known ? street : undefined,
      speedZone,
    )
  // A modelled street's counts nearby (its signals or sites within 1.5 km) at an exact position (model/counted-streets.ts).
  const withCounts = (
    named: { name?: string; type?: string } | undefined,
    label: string | undefined,
    roadClass: number,
    t: TrafficEstimate,
  ): TrafficEstimate => {
    const name = named?.name
    if (!exact || !name || !input.measuredCounts?.length || !t.method.startsWith('modelled: road class')) return t
    const c = countedStreet({ name, type: named.type, roadClass }, lat, lng, input.measuredCounts)
    if (!c) return t
    return {
      aadt: blendCounted(t.aadt, c),
      method: fitMethod(
        `modelled: ${c.n} ${c.city} count${c.n > 1 ? 's' : ''} of ${label ?? name} within 1.5 km (nearest ${c.nearestM} m) ` +
          `blended with ${t.method.slice(10, t.method.indexOf(')') + 1)}; fitted on ${TRAFFIC_MODEL.fittedOn}`,
      ),
      confidence: 'medium',
    }
  }
  const locatedTraffic =
    frontage.kind !== 'none'
      ? { aadt: 0, method: `modelled: none (${located.method.slice(10)})`, confidence: 'low' as Confidence }
      : counted
        ? countedTraffic(counted)
        : withCounts(street, street?.name ? labelOf(street) : undefined, located.roadClass, modelledTraffic())
  // A sign at a corner faces both streets: the busier one sets the vehicle factor and the frontage class.
  const corner =
    frontage.kind === 'none'
      ? exposureAt({
          located: street?.name
            ? {
                name: street.name,
                type: street.type,
                classSource: street.classSource,
                offsetM: street.offsetM,
                road: located,
                traffic: locatedTraffic,
              }
            : undefined,
          sight: exact ? input.streetsInSight : undefined,
          counted: counted && { count: counted.count, traffic: locatedTraffic },
          locatedModelled: counted && street?.name ? () => modelledTraffic().aadt : undefined,
          classOf: (s) => classifyStreet(s, ctx.cma?.name)?.roadClass,
          unknownRoad: located,
          estimate: (roadClass, fromNetwork, s) =>
            withCounts(
              s,
              s.label,
              roadClass,
              trafficAt(
                lat,
                lng,
                roadClass,
                fromNetwork && s.runM ? { ...measured, runM: s.runM } : measured,
                ctx.urbanScale,
                fromNetwork ? 'road network' : 'street',
              ),
            ),
        })
      : undefined
  const road = corner?.road ?? located
  const traffic = corner?.traffic ?? locatedTraffic
  const rc = road.roadClass
  if (exposure) {
    exposure.streets = corner?.streets ?? []
    exposure.dailyVehicles = corner?.dailyVehicles ?? traffic.aadt
  }
  // The stops at an area position (a postal area's or a place's point) are not at the address's
  // frontage: the weight expected of its 400 m stops placed anywhere in the 400 m disc.
  const nearStops = exact ? nearStopWeight(stops.points) : stops.withinNear * NEAR_STOP_AREA_MEAN
  const countedPeople = counted && countedPedestrians(counted)
  // POIs at the frontage: only an exact position is at a corner, and only where a POI source covers the city.
  const localPois = exact && !countedPeople && frontage.kind !== 'noRoad' ? poisNear(lat, lng, LOCAL_POI_RADIUS_M) : undefined
  const pedestrians =
    frontage.kind === 'noRoad'
      ? 0
      : countedPeople
        ? countedPeople.value
        : pedestriansPerDay({
            popDensity: measured.popDensity,
            poiCount1km: measured.poiCount1km,
            intersectionDensity: measured.intersectionDensity,
            transit: measured.transit,
            nearStops,
            roadClass: rc,
            localPois: localPois?.canAleEquivalents,
          })
  const areaConfidence = (c: Confidence): Confidence => (placed ? 'low' : c)
  const densityMethod = census
    ? `measured: Census 2016 (Can-ALE 1 km buffers), ${census.neighbours} DA points interpolated, ` +
      `nearest ${Math.round(census.nearestDaM)} m`
    : 'modelled: GeoNames place model (no DA point within 5 km)'

  return {
    vehicleTraffic: sig(
      roundTo(traffic.aadt, traffic.aadt >= 1000 ? 100 : 10),
      SIGNAL_UNITS.vehicleTraffic,
      `${traffic.method}${placed}`,
      areaConfidence(traffic.confidence),
    ),
    roadClass: sig(Math.round(rc * 10) / 10, SIGNAL_UNITS.roadClass, road.method, road.confidence),
    populationDensity: sig(
      Math.round(measured.popDensity),
      SIGNAL_UNITS.populationDensity,
      `${outside ? 'modelled: rural density assumed' : densityMethod}${placed}`,
      areaConfidence(census ? 'high' : 'low'),
    ),
    income: incomeAt(lat, lng, ctx, exact && !outside && spread < 0.5, memo, area),
    poiDensity: sig(
      Math.round(measured.poiCount1km),
      SIGNAL_UNITS.poiDensity,
      (census
        ? 'measured: Can-ALE 2016 OSM POI count, 1 km buffers interpolated'
        : 'modelled: from the place model density (no DA point within 5 km)') + placed,
      areaConfidence(census ? 'high' : 'low'),
    ),
    pedestrian: sig(
      roundTo(pedestrians, pedestrians >= 1000 ? 100 : 1),
      SIGNAL_UNITS.pedestrian,
      countedPeople?.method ??
        `modelled: density × POIs × intersections × transit × near stops ` +
          `(${Math.round(nearStops * 100) / 100}${exact ? '' : ' expected'}: ` +
          `e^(−d/${NEAR_STOP_DECAY_M} m) ≤ ${NEAR_STOP_MAX_M} m) × frontage (class ${Math.round(rc * 10) / 10}) × ` +
          // ≤ 200 characters in all (the schema's limit), the place note included
          (localPois ? `POIs ≤ ${LOCAL_POI_RADIUS_M} m (${localPois.count}, ${localPois.source})` : 'no POI data at the corner') +
          placed,
      countedPeople ? 'high' : 'low',
    ),
    transit: sig(
      transitShare >= 1 ? Math.round(transitShare * 10) / 10 : Math.round(transitShare * 100) / 100,
      SIGNAL_UNITS.transit,
      fitMethod(
        `modelled: share of ${Math.round(transitInputs.stopEquivalents * 10) / 10} stop-eq. at ` +
          `${Math.round(transitInputs.popDensity)}/km²${area ? ` (${area.das} DAs nearest the postal area)` : placed}; ` +
          measured.transitMethod,
      ),
      area ? 'medium' : areaConfidence(measured.transitConfidence === 'high' ? 'medium' : measured.transitConfidence),
    ),
  }
}

export { urbanContext }
export type { FactorSignals, FeatureInput, FeatureOptions, KnownStreet } from './inputs'
export { NO_STREET_M } from './frontage'
export { AT_ADDRESS_POINT_M, CORNER_RATIO } from './road'
export { transitInputsAt } from './transit-measure'
