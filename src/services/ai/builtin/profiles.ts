// Weight profiles of the built-in AI provider: a few kinds of business, each with the seven factor
// weights it leans on, and modifiers a description can add ("drive-through", "downtown"). Pure.
// The numbers are judgement, written once from how each kind of customer arrives (by car, on foot,
// from the neighbourhood, by transit), not fitted to any test: docs/ai.md "Built-in provider".
import { DEFAULT_WEIGHTS, FACTOR_KEYS, type FactorKey, type WeightProfile } from '../../../scoring'
import { renormaliseWeights } from '../normalise'

export interface Profile {
  id: string
  name: string
  /** Why these weights, one sentence: which customers, arriving how. */
  why: string
  weights: WeightProfile
}

// vehicleTraffic, roadClass, populationDensity, income, poiDensity, pedestrian, transit
const w = (...v: number[]): WeightProfile => Object.fromEntries(FACTOR_KEYS.map((k, i) => [k, v[i]])) as WeightProfile

export const PROFILES = {
  walkInFood: {
    name: 'Walk-in food and drink',
    why: 'customers mostly arrive on foot from homes, offices and shops nearby',
    weights: w(0.1, 0.05, 0.2, 0.1, 0.2, 0.25, 0.1),
  },
  restaurant: {
    name: 'Sit-down restaurant',
    why: 'diners come from both the surrounding streets and further away by car and transit',
    weights: w(0.15, 0.1, 0.15, 0.15, 0.2, 0.15, 0.1),
  },
  quickService: {
    name: 'Quick-service food',
    why: 'many customers decide on impulse while passing by car',
    weights: w(0.3, 0.2, 0.1, 0.05, 0.15, 0.1, 0.1),
  },
  nightlife: {
    name: 'Nightlife and entertainment',
    why: 'visitors come to busy destination streets, on foot and by transit',
    weights: w(0.1, 0.05, 0.15, 0.1, 0.3, 0.2, 0.1),
  },
  pedestrianRetail: {
    name: 'Street-front retail',
    why: 'shoppers browse on foot along commercial streets',
    weights: w(0.1, 0.05, 0.15, 0.1, 0.25, 0.25, 0.1),
  },
  upscale: {
    name: 'Premium retail and services',
    why: 'spending depends on local household income and a strong commercial setting',
    weights: w(0.1, 0.05, 0.1, 0.3, 0.2, 0.15, 0.1),
  },
  neighbourhood: {
    name: 'Neighbourhood service',
    why: 'regular customers live close by, so residents matter more than passing traffic',
    weights: w(0.15, 0.05, 0.3, 0.1, 0.15, 0.15, 0.1),
  },
  professional: {
    name: 'Professional office',
    why: 'clients choose deliberately and the sign mostly helps them find and remember the office',
    weights: w(0.2, 0.1, 0.2, 0.2, 0.1, 0.1, 0.1),
  },
  bigBox: {
    name: 'Destination store',
    why: 'customers drive in for planned, larger purchases',
    weights: w(0.3, 0.2, 0.2, 0.1, 0.1, 0.05, 0.05),
  },
  automotive: {
    name: 'Automotive',
    why: 'every customer arrives by car, so the sign must be seen from a busy road',
    weights: w(0.35, 0.25, 0.1, 0.1, 0.1, 0.05, 0.05),
  },
  driveThrough: {
    name: 'Drive-through',
    why: 'customers never leave their car, so passing vehicles and a major road are what count',
    weights: w(0.4, 0.25, 0.1, 0.05, 0.1, 0.05, 0.05),
  },
  transitOriented: {
    name: 'Transit-oriented',
    why: 'members and students come on regular trips, often by transit',
    weights: w(0.1, 0.05, 0.2, 0.1, 0.15, 0.15, 0.25),
  },
  hospitality: {
    name: 'Hospitality',
    why: 'guests arrive by car and from busy destination areas',
    weights: w(0.2, 0.15, 0.1, 0.15, 0.2, 0.1, 0.1),
  },
  industrial: {
    name: 'Trades and industrial',
    why: 'customers are drivers and trades who need to spot the business from an arterial road',
    weights: w(0.35, 0.3, 0.1, 0.1, 0.05, 0.05, 0.05),
  },
} as const satisfies Record<string, Omit<Profile, 'id'>>

export type ProfileId = keyof typeof PROFILES

export const profileOf = (id: ProfileId): Profile => ({ id, ...PROFILES[id] })

export const DEFAULT_PROFILE: Profile = {
  id: 'default',
  name: 'Default (general purpose)',
  why: 'the general-purpose weights of the scoring engine',
  weights: { ...DEFAULT_WEIGHTS },
}

/** A setting in the description that shifts weight between factors (added, then renormalised). */
export interface Modifier {
  id: 'downtown' | 'roadside'
  /** Folded words (see fold() in taxonomy.ts) that turn it on. */
  terms: string[]
  shift: Partial<Record<FactorKey, number>>
  why: string
}

export const MODIFIERS: Modifier[] = [
  {
    id: 'downtown',
    terms: ['downtown', 'centre ville', 'center ville', 'city centre', 'city center', 'main street', 'rue principale'],
    shift: { pedestrian: 0.05, transit: 0.05, vehicleTraffic: -0.05, roadClass: -0.05 },
    why: 'a downtown setting adds weight to pedestrians and transit',
  },
  {
    id: 'roadside',
    terms: ['highway', 'autoroute', 'commuter route', 'roadside', 'bord de la route', 'route nationale', 'arterial'],
    shift: { vehicleTraffic: 0.1, pedestrian: -0.05, transit: -0.05 },
    why: 'a roadside or highway setting adds weight to passing vehicles',
  },
]

/** The profile's weights with the modifiers' shifts, floored at 0 and renormalised to sum 1.000. */
export function applyModifiers(weights: WeightProfile, modifiers: readonly Modifier[]): WeightProfile {
  if (!modifiers.length) return { ...weights }
  const shifted = { ...weights }
  for (const m of modifiers)
    for (const [k, d] of Object.entries(m.shift)) shifted[k as FactorKey] = Math.max(0, shifted[k as FactorKey] + d)
  return renormaliseWeights(shifted) ?? { ...weights }
}
