// Weight profiles of the built-in AI provider: a few kinds of business, each with the seven factor
// weights it leans on, and modifiers a description can add ("drive-through", "downtown"). Pure.
// The profiles and modifiers are data (geodata/curated/ai-profiles.csv, ai-modifiers.csv, compiled into
// tables.generated.ts). The numbers are judgement, written once from how each kind of customer arrives (by
// car, on foot, from the neighbourhood, by transit), not fitted to any test: docs/ai.md "Built-in provider".
import { DEFAULT_WEIGHTS, type FactorKey, type WeightProfile } from '../../../scoring'
import { renormaliseWeights } from '../normalise'
import { MODIFIER_ENTRIES, type ModifierId, PROFILE_ENTRIES, type ProfileId } from './tables.generated'

export type { ProfileId }

export interface Profile {
  id: string
  name: string
  /** Why these weights, one sentence: which customers, arriving how. */
  why: string
  weights: WeightProfile
}

export const profileOf = (id: ProfileId): Profile => {
  const { name, why, weights } = PROFILE_ENTRIES[id]
  return { id, name, why, weights }
}

export const DEFAULT_PROFILE: Profile = {
  id: 'default',
  name: 'Default (general purpose)',
  why: 'the general-purpose weights of the scoring engine',
  weights: { ...DEFAULT_WEIGHTS },
}

/** A setting in the description that shifts weight between factors (added, then renormalised). */
export interface Modifier {
  id: ModifierId
  /** Folded words (see fold() in taxonomy.ts) that turn it on. */
  terms: string[]
  shift: Partial<Record<FactorKey, number>>
  why: string
}

export const MODIFIERS: readonly Modifier[] = MODIFIER_ENTRIES.map(({ id, terms, shift, why }) => ({ id, terms, shift, why }))

/** French wording of a profile (its name and reason) and of a modifier's reason, for the /ai/weights rationale. */
export const profileFr = (id: ProfileId) => ({ name: PROFILE_ENTRIES[id].nameFr, why: PROFILE_ENTRIES[id].whyFr })
export const modifierWhyFr = (id: ModifierId) => MODIFIER_ENTRIES.find((m) => m.id === id)!.whyFr

/** The profile's weights with the modifiers' shifts, floored at 0 and renormalised to sum 1.000. */
export function applyModifiers(weights: WeightProfile, modifiers: readonly Modifier[]): WeightProfile {
  if (!modifiers.length) return { ...weights }
  const shifted = { ...weights }
  for (const m of modifiers)
    for (const [k, d] of Object.entries(m.shift)) shifted[k as FactorKey] = Math.max(0, shifted[k as FactorKey] + d)
  return renormaliseWeights(shifted) ?? { ...weights }
}
