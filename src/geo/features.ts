// The seven raw factor signals of a point (and, when known, its street). Pure: bundled data only.
// Which signals are measured and which are modelled is stated in each signal's `method`.
import { urbanContext, type UrbanContext } from './context'
import { PROVINCE_MEDIAN_HOUSEHOLD_INCOME } from './data/income'
import type { GeocodePrecision } from './geocode'
import { classifyStreet, type StreetClassification } from './roads'

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
  /** How the point was found; only a geocoded centroid (not exact coordinates) can be re-placed. */
  precision?: GeocodePrecision
  ruralRoute?: boolean
  ruralPostalCode?: boolean
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

/**
 * Persons/km² of settled rural land outside population centres (Statistics Canada 2021: rural
 * Ontario/Québec farmland ≈ 15–40, prairie farmland ≈ 2–5): the density we assume for a point that
 * is on a rural road but was located at a town or postal-area centroid.
 */
const RURAL_DENSITY = 20

/**
 * A rural survey-grid road (range/township road, concession, sideroad, line, rang, rural route),
 * or a numbered highway in a rural postal area, lies outside the town whose name or postal code
 * located it. The town centroid's urban context would describe the town, not the road.
 */
function outsideBuiltUpArea(input: FeatureInput, known: StreetClassification | undefined): string | undefined {
  if (input.precision !== 'postal_code' && input.precision !== 'city') return undefined
  if (known?.rural) return 'rural road type'
  if (input.ruralRoute) return 'rural-route address'
  if (known?.highway && input.ruralPostalCode) return 'highway in a rural postal area'
  return undefined
}

/** The context of the countryside around the located centroid: rural density, no core, no station. */
function ruralContext(ctx: UrbanContext): UrbanContext {
  const density = Math.min(ctx.density, RURAL_DENSITY)
  return {
    ...ctx, density, densityIndex: clamp01((Math.log10(density) - 1) / 3), centrality: 0, centralityName: undefined,
    stationDepartures: 0, stationProximity: 0, nearestStation: undefined,
  }
}

/** Mean density of a Canadian city's built-up area (2021 population centres: Calgary ≈ 1,600, Toronto ≈ 4,400). */
const CITY_MEAN_DENSITY = 2500

/**
 * A street located only by its city's name sits at the city's centroid, which for a city is its
 * downtown; the address could be anywhere in it. For a city (≥ ~30,000 people, fully from ~300,000)
 * use the context expected over the city's built-up area instead: the downtown's centrality
 * averaged over the city's disc, density towards the city mean, stations unknown. Towns are small
 * enough that their centroid context is right for any street in them.
 */
function cityWideContext(ctx: UrbanContext): { ctx: UrbanContext; spread: number } {
  const population = ctx.placePopulationAt
  const spread = clamp01((Math.log10(Math.max(population, 1)) - 4.5) / 1)
  if (spread === 0) return { ctx, spread }
  const cityRadiusKm = Math.sqrt(population / (Math.PI * CITY_MEAN_DENSITY))
  const coreRadiusKm = Math.min(1.5, 0.35 * (population / 1000) ** 0.35)
  const ratio = (coreRadiusKm / cityRadiusKm) ** 2
  const meanCentralityShare = ratio * (1 - Math.exp(-1 / ratio))
  const keep = 1 - spread
  const density = Math.exp(keep * Math.log(ctx.density) + spread * Math.log(Math.min(ctx.density, CITY_MEAN_DENSITY)))
  return {
    spread,
    ctx: {
      ...ctx, density, densityIndex: clamp01((Math.log10(density) - 1) / 3),
      centrality: ctx.centrality * (keep + spread * meanCentralityShare),
      stationDepartures: ctx.stationDepartures * keep, stationProximity: ctx.stationProximity * keep,
      nearestStation: keep > 0.5 ? ctx.nearestStation : undefined,
    },
  }
}

function estimateRoadClass(known: StreetClassification | undefined, ctx: UrbanContext): RoadEstimate {
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
  const located = urbanContext(input.lat, input.lng)
  const street = input.street
  const known = street?.name || street?.type ? classifyStreet({ name: street.name ?? '', type: street.type }, located.cma?.name) : undefined
  const outside = outsideBuiltUpArea(input, known)
  const cityWide = !outside && input.precision === 'city' ? cityWideContext(located) : { ctx: located, spread: 0 }
  const ctx = outside ? ruralContext(located) : cityWide.ctx
  const road = estimateRoadClass(known, ctx)
  const rc = road.roadClass
  // Context signals re-placed outside the built-up area, or averaged over a city, say so and are low confidence.
  const placed = outside ? ` (outside built-up area: ${outside})` : cityWide.spread > 0 ? ' (city-wide average: located by city name only)' : ''

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
    vehicleTraffic: sig(roundTo(aadt, aadt >= 1000 ? 100 : 10), 'vehicles/day (AADT, est.)', `road-class×urban-intensity${road.fromStreet ? '' : ' (road inferred)'}${placed}`, road.fromStreet && !placed ? 'medium' : 'low'),
    roadClass: sig(Math.round(rc * 10) / 10, 'class 1 local … 6 freeway', road.method, road.confidence),
    populationDensity: outside || cityWide.spread > 0
      ? sig(Math.round(ctx.density), 'persons/km²', `${outside ? 'rural-density-assumed' : ctx.densityMethod}${placed}`, 'low')
      : sig(Math.round(ctx.density), 'persons/km²', ctx.densityMethod, ctx.densityMethod === 'fsa-centroid-kernel' ? 'medium' : 'low'),
    income,
    poiDensity: sig(Math.round(poi), 'businesses within 500 m (est.)', `density×centrality×frontage model${placed}`, 'low'),
    pedestrian: sig(roundTo(pedestrians, pedestrians >= 1000 ? 100 : 1), 'pedestrians/day (est.)', `density×centrality×frontage×station model${placed}`, 'low'),
    transit: sig(Math.round(departures * 10) / 10, 'departures/hour within 800 m (est.)',
      ctx.nearestStation ? `rapid-transit-stations(${ctx.nearestStation.name} ${ctx.nearestStation.distanceM} m)+bus-proxy` : `bus-service-proxy-from-density${placed}`,
      ctx.nearestStation ? 'medium' : 'low'),
  }
}

export { urbanContext }
