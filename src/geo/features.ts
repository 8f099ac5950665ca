// The seven raw factor signals of a point (and, when known, its street). Pure: bundled data only.
// Which signals are measured and which are modelled is stated in each signal's `method`.
import { urbanContext, type UrbanContext } from './context'
import { PROVINCE_MEDIAN_HOUSEHOLD_INCOME } from './data/income'
import { classifyStreet } from './roads'

export type Confidence = 'high' | 'medium' | 'low'
export interface RawSignal { value: number; unit: string; method: string; confidence: Confidence }
export interface FactorSignals {
  vehicleTraffic: RawSignal
  roadClass: RawSignal
  populationDensity: RawSignal
  income: RawSignal
  poiDensity: RawSignal
  pedestrian: RawSignal
  transit: RawSignal
}
export interface FeatureInput {
  lat: number
  lng: number
  street?: { name: string; type?: string }
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x)
const smoothstep = (a: number, b: number, x: number) => { const t = clamp01((x - a) / (b - a)); return t * t * (3 - 2 * t) }
/** Linear interpolation over knots [x, y] sorted by x; flat outside. */
function interpolate(knots: readonly (readonly [number, number])[], x: number): number {
  if (x <= knots[0][0]) return knots[0][1]
  for (let i = 1; i < knots.length; i++) {
    const [x1, y1] = knots[i]
    if (x <= x1) { const [x0, y0] = knots[i - 1]; return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0) }
  }
  return knots[knots.length - 1][1]
}
const roundTo = (x: number, step: number) => Math.round(x / step) * step
const sig = (value: number, unit: string, method: string, confidence: Confidence): RawSignal => ({ value, unit, method, confidence })

// Typical AADT by road class in a fully urban (suburban-density) setting, from the Ontario MTO
// and City of Toronto traffic-count summaries: local ≈ 400, collector ≈ 3,000, minor arterial
// ≈ 12,000, major arterial ≈ 28,000, urban highway ≈ 35,000, 400-series ≈ 120,000+. Interpolated
// in log space for fractional classes.
const LOG_AADT_BY_CLASS = [[1, Math.log(400)], [2, Math.log(3000)], [3, Math.log(12000)], [4, Math.log(28000)], [5, Math.log(35000)], [6, Math.log(120000)]] as const
// How much a road's frontage concentrates businesses / pedestrians / bus service, by class.
const POI_FRONTAGE = [[1, 0.6], [2, 0.9], [3, 1.3], [4, 1.6], [5, 1.5], [6, 0.6]] as const
const PEDESTRIAN_FRONTAGE = [[1, 0.5], [2, 0.8], [3, 1.1], [4, 1.5], [5, 0.6], [6, 0.05]] as const
const BUS_FRONTAGE = [[1, 0.4], [2, 0.8], [3, 1.3], [5, 0.8], [6, 0.2]] as const

interface RoadEstimate { roadClass: number; method: string; confidence: Confidence; fromStreet: boolean }

function estimateRoadClass(street: FeatureInput['street'], ctx: UrbanContext): RoadEstimate {
  const known = street?.name || street?.type ? classifyStreet({ name: street.name ?? '', type: street.type }, ctx.cma?.name) : undefined
  if (known) {
    // Downtown grids are busy on every street: a plain "St"/"rue" downtown acts as an arterial.
    const downtownLift = known.roadClass >= 1.8 && known.roadClass < 4 ? ctx.centrality * 1.2 : 0
    const roadClass = Math.min(4, known.roadClass + downtownLift)
    return {
      roadClass: Math.max(known.roadClass, roadClass),
      method: `street-${known.basis}${downtownLift > 0.05 ? '+downtown' : ''}`,
      confidence: known.basis === 'type' ? 'medium' : 'high', fromStreet: true,
    }
  }
  // Coordinates only: a point in a dense or central area is usually on or within a block of an
  // arterial; a rural point is usually on a local road. Low confidence by construction.
  const urban = Math.max(ctx.densityIndex * 0.85, ctx.centrality)
  const roadClass = 1.5 + 2.2 * urban + 0.3 * ctx.stationProximity
  return { roadClass: Math.min(4, roadClass), method: 'inferred-from-context', confidence: 'low', fromStreet: false }
}

export function featuresAt(input: FeatureInput): FactorSignals {
  const ctx = urbanContext(input.lat, input.lng)
  const road = estimateRoadClass(input.street, ctx)
  const rc = road.roadClass

  // Urban intensity: how much of a metro's traffic a road of this class carries here. Rural roads
  // carry ~20 % of the urban figure; congested downtown grids carry less than suburban arterials.
  const urbanShare = smoothstep(0.25, 0.7, ctx.densityIndex) * (0.15 + 0.85 * ctx.urbanScale)
  const trafficMultiplier = Math.max(0.15, 0.2 + 0.8 * urbanShare - 0.3 * ctx.centrality)
  const aadt = Math.exp(interpolate(LOG_AADT_BY_CLASS, rc)) * trafficMultiplier

  const metroFactor = 0.5 + 0.5 * ctx.urbanScale
  const poi = (ctx.density / 80) * (1 + 12 * ctx.centrality) * interpolate(POI_FRONTAGE, rc) * metroFactor
  const pedestrians = (ctx.density / 8) * (1 + 20 * ctx.centrality) * interpolate(PEDESTRIAN_FRONTAGE, rc)
    * (1 + ctx.stationProximity) * (0.4 + 0.6 * ctx.urbanScale)
  // Bus service: towns under ~10,000 people rarely have any; in cities frequency follows density.
  const hasBusSystem = clamp01((ctx.urbanScale - 0.3) / 0.7)
  const bus = Math.min(80, Math.max(0, ctx.density - 250) / 100) * interpolate(BUS_FRONTAGE, rc) * hasBusSystem
  const departures = ctx.stationDepartures + bus

  const income = ctx.cma
    ? sig(ctx.cma.medianHouseholdIncome, 'CAD/year', `census-2021-cma-median:${ctx.cma.name}`, 'medium')
    : sig(PROVINCE_MEDIAN_HOUSEHOLD_INCOME[ctx.province ?? ''] ?? 84000, 'CAD/year', `census-2021-province-median:${ctx.province ?? 'CA'}`, 'low')

  return {
    vehicleTraffic: sig(roundTo(aadt, aadt >= 1000 ? 100 : 10), 'vehicles/day (AADT, est.)', `road-class×urban-intensity${road.fromStreet ? '' : ' (road inferred)'}`, road.fromStreet ? 'medium' : 'low'),
    roadClass: sig(Math.round(rc * 10) / 10, 'class 1 local … 6 freeway', road.method, road.confidence),
    populationDensity: sig(Math.round(ctx.density), 'persons/km²', ctx.densityMethod, ctx.densityMethod === 'fsa-centroid-kernel' ? 'medium' : 'low'),
    income,
    poiDensity: sig(Math.round(poi), 'businesses within 500 m (est.)', 'density×centrality×frontage model', 'low'),
    pedestrian: sig(roundTo(pedestrians, pedestrians >= 1000 ? 100 : 1), 'pedestrians/day (est.)', 'density×centrality×frontage×station model', 'low'),
    transit: sig(Math.round(departures * 10) / 10, 'departures/hour within 800 m (est.)',
      ctx.nearestStation ? `rapid-transit-stations(${ctx.nearestStation.name} ${ctx.nearestStation.distanceM} m)+bus-proxy` : 'bus-service-proxy-from-density',
      ctx.nearestStation ? 'medium' : 'low'),
  }
}

export { urbanContext }
