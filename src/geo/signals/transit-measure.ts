// The transit measure at a point: 2022 GTFS stops, Can-ALE 2016 counts, or the density proxy (methodology §2).
import { urbanContext, type UrbanContext } from '../geodata'
import { censusAt, transitStopsAround, type CensusSample } from '../geodata'
import {
  blendedTransitIndex,
  STOP_EQUIVALENTS_PER_1KM_STOP,
  transitIndex,
  WALK_FAR_M,
  WALK_NEAR_M,
  type StopCounts,
} from './model/activity'
import { ROUTE_RADIUS_M } from './model/road-class'

import type { Measured } from './inputs'
import { RURAL_DENSITY } from './inputs'
export function transitMeasure(
  census: CensusSample | undefined,
  counts: StopCounts,
  ctx: UrbanContext,
): Pick<Measured, 'transit' | 'transitMethod' | 'transitConfidence' | 'gtfsStops'> {
  const station = ctx.nearestStation ? ` + rapid-transit ${ctx.nearestStation.name} ${ctx.nearestStation.distanceM} m` : ''
  // A city whose 2022 feed is missing (Saint John, Brandon, Peterborough, …) shows no stop, or a few
  // intercity ones, where Can-ALE 2016 counted many: an 800 m circle holds ~64 % of a 1 km circle's
  // stops, so under a tenth of the 2016 count means the local system is absent from the 2022 data
  // (route changes since 2016 move counts by tens of percent, not tenfold).
  const canale = census?.transitStops1km
  const feedMissing = canale === undefined ? counts.within800 === 0 : canale >= 8 && counts.within800 <= Math.max(1, 0.1 * canale)
  // The mirror case: a system without open 2016 data (Brockville, …) shows many 2022 stops and none in Can-ALE.
  const canaleMissing = canale === undefined || (counts.within800 >= 8 && canale <= Math.max(1, 0.1 * counts.within800))
  if (!feedMissing) {
    return {
      transit: canaleMissing ? transitIndex(counts, ctx.stationDepartures) : blendedTransitIndex(counts, canale, ctx.stationDepartures),
      transitMethod:
        `GTFS 2022 stops, ${counts.within400} within 400 m, ${counts.within800} within 800 ` +
        `m${canaleMissing ? '' : `; mean with Can-ALE 2016, ${Math.round(canale)} within 1 km`}${station}`,
      transitConfidence: ctx.nearestStation || counts.within800 > 0 ? 'high' : 'medium',
      gtfsStops: true,
    }
  }
  if (census?.transitStops1km !== undefined) {
    return {
      transit: STOP_EQUIVALENTS_PER_1KM_STOP * census.transitStops1km + 0.5 * ctx.stationDepartures,
      transitMethod: `Can-ALE 2016 stops within 1 km (${Math.round(census.transitStops1km)}), no 2022 feed here${station}`,
      transitConfidence: 'medium',
      gtfsStops: false,
    }
  }
  // New Brunswick and the territories: no stop data of any vintage; bus service follows density.
  const density = census?.popDensity ?? RURAL_DENSITY
  return {
    transit: Math.min(20, Math.max(0, density - 250) / 200) + 0.5 * ctx.stationDepartures,
    transitMethod: `modelled: bus-service proxy from density (no stop data here)${station}`,
    transitConfidence: 'low',
    gtfsStops: false,
  }
}

/** The inputs of the transit share at coordinates, as featuresAt computes them (the fit reads the same: research/fit-transit.mjs). */
export function transitInputsAt(lat: number, lng: number): { stopEquivalents: number; popDensity: number } {
  const census = censusAt(lat, lng)
  const ctx = urbanContext(lat, lng, { fsaKernel: !census, places: census ? 'outsideMetros' : true })
  const stops = transitStopsAround(lat, lng, WALK_NEAR_M, WALK_FAR_M, ROUTE_RADIUS_M)
  const transit = transitMeasure(census, { within400: stops.withinNear, within800: stops.withinFar }, ctx)
  return { stopEquivalents: transit.transit, popDensity: census?.popDensity ?? ctx.density }
}
