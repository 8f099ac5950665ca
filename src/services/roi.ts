// ROI for a sign (spec §4.6, docs/decisions.md §8): the pure model of src/roi, driven by a location's traffic and
// pedestrian estimates when one is given (it is scored first), else by the overallScore the caller gave.
import type { LocationInput } from '../scoring/location'
import type { SignInput } from '../scoring'
import { estimateRoi, signalsOf, type RoiEstimate } from '../roi'
import { DEFAULT_WEIGHTS } from '../scoring'
import { scoreLocation } from './scoring'

export interface RoiRequest extends Partial<LocationInput> {
  overallScore: number
  signCost: number
  monthlyRevenue?: number
  sign?: SignInput
}

export interface LocatedRoiEstimate extends RoiEstimate {
  assumptions: RoiEstimate['assumptions'] & {
    location: { address: string; lat: number; lng: number; overallScore: number } | null
  }
}

/** Notes the caller when the location's own score is far (≥ 5 points) from the overallScore they gave. */
const SCORE_GAP_NOTE_POINTS = 5

export async function roiFor(env: Parameters<typeof scoreLocation>[0], input: RoiRequest): Promise<LocatedRoiEstimate> {
  const hasLocation = input.address !== undefined || input.lat !== undefined
  const located = hasLocation
    ? await scoreLocation(env, { address: input.address, lat: input.lat, lng: input.lng }, DEFAULT_WEIGHTS, { sign: input.sign })
    : undefined
  const estimate = estimateRoi({
    overallScore: input.overallScore,
    signCost: input.signCost,
    monthlyRevenue: input.monthlyRevenue,
    signals: located ? signalsOf(located) : undefined,
    impressions: located?.audience.impressions ?? undefined,
    sign: input.sign,
  })
  const location = located && { address: located.address, lat: located.lat, lng: located.lng, overallScore: located.overallScore }
  const notes =
    located && Math.abs(located.overallScore - input.overallScore) >= SCORE_GAP_NOTE_POINTS
      ? [
          ...estimate.assumptions.notes,
          `The location scores ${located.overallScore}, not the overallScore ${input.overallScore} you ` +
            `gave; its traffic and pedestrian estimates were used.`,
        ]
      : estimate.assumptions.notes
  return { ...estimate, assumptions: { ...estimate.assumptions, notes, location: location || null } }
}
