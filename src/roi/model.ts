// ROI model (docs/decisions.md §8): daily impressions → monthly media value → payback and annual ROI.
// Pure: no I/O, no clock. Every constant below is documented with its source in docs/roi-methodology.md.
import { VEHICLE_OCCUPANCY } from '../scoring/audience'
import { UNNAMED_STREET } from '../scoring/audience-plan'
import { darkShares, mixOf } from '../scoring/hourly'
import { impressionsOf, type Impressions } from '../scoring/impressions'
import { resolveSign, type SignInput } from '../scoring/sign'

/** Version of this model; printed in reports and in `assumptions`. 2.0: the audience's visibility-adjusted impressions. */
export const ROI_MODEL_VERSION = '2.0.0'

/** Average occupants per light vehicle: the audience block's occupancy (src/scoring/audience.ts gives the source). */
export { VEHICLE_OCCUPANCY }

/**
 * Road class assumed for impressions inferred from overallScore alone (no location): 3, a collector or minor
 * arterial at 50 km/h, the middle of the engine's scale.
 */
export const SCORE_ONLY_ROAD_CLASS = 3

/**
 * CPM (CAD per 1,000 impressions) used to value impressions. Published Canadian OOH CPMs run from about
 * $2 to $15 (posters at the low end, digital and premium downtown at the top; WARC puts the global OOH
 * adults-18+ average at $6.41 USD, COMMB 2018). $5.00 values an on-premise sign like a standard poster.
 */
export const CPM_CAD = 5

/** Days per month for the monthly figures (365 / 12 rounded down, as media plans use a 30-day month). */
export const DAYS_PER_MONTH = 30

/**
 * When only overallScore is known, traffic and pedestrians are interpolated log-linearly between the
 * ends of the scoring engine's calibration range: score 0 ≈ a rural road (500 vehicles/day, 30
 * pedestrians/day), score 100 ≈ a prime downtown arterial (50,000 vehicles/day, 9,000 pedestrians/day).
 */
export const SCORE_TRAFFIC_RANGE = { atZero: 500, atHundred: 50_000 } as const
export const SCORE_PEDESTRIAN_RANGE = { atZero: 30, atHundred: 9_000 } as const

export interface RoiInput {
  /** Location score 0–100 (required by the spec; drives the impressions when no signals are given). */
  overallScore: number
  /** Sign cost in dollars, > 0. */
  signCost: number
  /** Expected monthly revenue impact in dollars, ≥ 0; replaces the media value when given. */
  monthlyRevenue?: number
  /** A location's raw signals (from a score result); when present they drive the impressions. */
  signals?: { vehicleTrafficPerDay: number; pedestriansPerDay: number }
  /** The location's audience.impressions (methodology ≥ 4.1): used as they are. */
  impressions?: Impressions
  /** The sign, for impressions computed here (no location, or a result saved before 4.1). */
  sign?: SignInput
}

export type ImpressionsSource = 'overallScore' | 'location'
export type ValueSource = 'cpm' | 'monthlyRevenue'

export interface RoiEstimate {
  estimatedDailyImpressions: number
  estimatedMonthlyValue: number
  /** null when the monthly value is 0: the sign never pays back. */
  paybackMonths: number | null
  roiPercentage: number
  assumptions: {
    modelVersion: string
    vehicleTrafficPerDay: number
    pedestriansPerDay: number
    vehicleOccupancy: number
    /** Per street, in the order of the impressions' streets. */
    vehicleLikelihoodToSee: number[]
    pedestrianLikelihoodToSee: number
    sign: Impressions['sign']
    impressionsMethod: string
    cpm: number
    currency: 'CAD'
    daysPerMonth: number
    impressionsFrom: ImpressionsSource
    valueFrom: ValueSource
    notes: string[]
  }
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(x * f) / f
}
/** JSON has no Infinity/NaN: anything non-finite collapses to `fallback` (the inputs are bounded, so this is a guard). */
const finite = (x: number, fallback = 0) => (Number.isFinite(x) ? x : fallback)
const logLerp = (range: { atZero: number; atHundred: number }, score: number) =>
  range.atZero * (range.atHundred / range.atZero) ** (Math.min(100, Math.max(0, score)) / 100)

/** Vehicles/day and pedestrians/day implied by a score alone (see SCORE_*_RANGE). */
export function signalsFromScore(overallScore: number) {
  return {
    vehicleTrafficPerDay: Math.round(logLerp(SCORE_TRAFFIC_RANGE, overallScore)),
    pedestriansPerDay: Math.round(logLerp(SCORE_PEDESTRIAN_RANGE, overallScore)),
  }
}

/**
 * Visibility-adjusted impressions of a sign on one street of SCORE_ONLY_ROAD_CLASS with these volumes: the audience
 * block's model (src/scoring/impressions.ts), for an estimate with no location or a result saved before 4.1.
 */
export function modelledImpressions(vehicleTrafficPerDay: number, pedestriansPerDay: number, sign?: SignInput): Impressions {
  const streets = [{ name: UNNAMED_STREET, roadClass: SCORE_ONLY_ROAD_CLASS, dailyVehicles: finite(vehicleTrafficPerDay) }]
  const pedestrians = finite(pedestriansPerDay)
  return impressionsOf({
    sign: resolveSign(sign),
    streets,
    dailyPedestrians: pedestrians,
    occupancy: VEHICLE_OCCUPANCY,
    audienceSpread: { low: 1, high: 1 },
    audienceHigh: streets[0].dailyVehicles * VEHICLE_OCCUPANCY + pedestrians,
    dark: darkShares(mixOf(streets, SCORE_ONLY_ROAD_CLASS, 0)),
  })
}

export function estimateRoi(input: RoiInput): RoiEstimate {
  const notes: string[] = []
  const signals = input.signals ?? signalsFromScore(input.overallScore)
  const modelled = input.impressions ?? modelledImpressions(signals.vehicleTrafficPerDay, signals.pedestriansPerDay, input.sign)
  const impressions = Math.round(finite(modelled.daily))
  const mediaValue = (impressions * DAYS_PER_MONTH * CPM_CAD) / 1000
  const valueFrom: ValueSource = input.monthlyRevenue !== undefined ? 'monthlyRevenue' : 'cpm'
  const monthly = round(finite(valueFrom === 'monthlyRevenue' ? input.monthlyRevenue! : mediaValue), 2)
  if (valueFrom === 'cpm')
    notes.push(
      `Monthly value is the media value of the impressions at a CPM of $${CPM_CAD.toFixed(2)} CAD, ` +
        `not revenue; pass monthlyRevenue for a revenue-based estimate.`,
    )
  else
    notes.push(
      `Monthly value is the monthlyRevenue you gave; the media value of the impressions would be $${round(mediaValue, 2).toFixed(2)}.`,
    )
  if (!input.signals)
    notes.push(
      "Impressions are inferred from overallScore alone; give an address or lat/lng to use the location's " +
        'traffic and pedestrian estimates.',
    )

  let paybackMonths: number | null = null
  if (monthly > 0) paybackMonths = round(finite(input.signCost / monthly), 2)
  else notes.push('Monthly value is 0, so the sign never pays back: paybackMonths is null and roiPercentage is -100.')
  const roiPercentage = round(finite(((12 * monthly - input.signCost) / input.signCost) * 100, -100), 1)

  return {
    estimatedDailyImpressions: impressions,
    estimatedMonthlyValue: monthly,
    paybackMonths,
    roiPercentage,
    assumptions: {
      modelVersion: ROI_MODEL_VERSION,
      vehicleTrafficPerDay: signals.vehicleTrafficPerDay,
      pedestriansPerDay: signals.pedestriansPerDay,
      vehicleOccupancy: VEHICLE_OCCUPANCY,
      vehicleLikelihoodToSee: modelled.streets.map((s) => s.likelihoodToSee),
      pedestrianLikelihoodToSee: modelled.pedestrianLikelihood,
      sign: modelled.sign,
      impressionsMethod: modelled.method,
      cpm: CPM_CAD,
      currency: 'CAD',
      daysPerMonth: DAYS_PER_MONTH,
      impressionsFrom: input.signals ? 'location' : 'overallScore',
      valueFrom,
      notes,
    },
  }
}

/** Sign cost used for the ROI snapshot in PDF reports: a mid-range on-premise sign (pylon / channel letters). */
export const TYPICAL_SIGN_COST_CAD = 10_000
