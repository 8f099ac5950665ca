// Built-in /ai/weights: business description → taxonomy type → weight profile (+ setting modifiers),
// with a 2–3 sentence rationale that names the weights. Pure.
import { FACTOR_KEYS, FACTOR_LABELS, type FactorKey, type WeightProfile } from '../../../scoring'
import { applyModifiers, DEFAULT_PROFILE, type Modifier, type Profile, profileOf } from './profiles'
import { BUSINESS_TYPES, type BusinessMatch, isDriveThrough, matchBusiness, modifiersIn } from './taxonomy'

export interface BuiltinProfile {
  weights: WeightProfile
  profileName: string
  explanation: string
  business: BusinessMatch | null
  profile: Profile
  modifiers: Modifier[]
  driveThrough: boolean
}

const pct = (w: number) => w.toFixed(2)
const label = (k: FactorKey) => FACTOR_LABELS[k].toLowerCase()
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "vehicle traffic (0.40) and road class (0.25)": the k heaviest (or lightest) factors. */
function factorsByWeight(weights: WeightProfile, k: number, heaviest: boolean): string {
  const keys = [...FACTOR_KEYS].sort((a, b) => (heaviest ? weights[b] - weights[a] : weights[a] - weights[b])).slice(0, k)
  const parts = keys.map((key) => `${label(key)} (${pct(weights[key])})`)
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
}

/**
 * The weight profile a description implies; the defaults, said so, when no taxonomy type matches.
 * `found`: the business already read from the text (the query parser reads it outside place names).
 */
export function builtinProfile(
  description: string,
  found: { business: BusinessMatch | null; driveThrough: boolean } = {
    business: matchBusiness(description),
    driveThrough: isDriveThrough(description),
  },
): BuiltinProfile {
  const { business, driveThrough } = found
  if (!business && !driveThrough) {
    return {
      weights: { ...DEFAULT_PROFILE.weights },
      profileName: 'Default (no business type recognised)',
      explanation:
        `No business type in the built-in taxonomy (${BUSINESS_TYPES.length} types, English and French) matched this ` +
        `description, so these are the scoring engine's default weights, which favour no kind of customer. ` +
        `Name the kind of business in a word or two (for example "bakery", "car wash" or "dentiste") for a tailored profile.`,
      business: null,
      profile: DEFAULT_PROFILE,
      modifiers: [],
      driveThrough: false,
    }
  }
  const profile = profileOf(driveThrough ? 'driveThrough' : business!.type.profile)
  const modifiers = modifiersIn(description).filter((m) => !(driveThrough && m.id === 'downtown'))
  const weights = applyModifiers(profile.weights, modifiers)
  const what = business ? `${business.type.label}${driveThrough ? ' with a drive-through' : ''}` : 'drive-through business'
  const matched = business ? ` (matched "${business.term}")` : ''
  const sentences = [
    `Read as a ${what}${matched}: the ${profile.name.toLowerCase()} profile applies, because ${profile.why}.`,
    `${capitalise(factorsByWeight(weights, 2, true))} carry the most weight; ${factorsByWeight(weights, 2, false)} the least.`,
  ]
  if (modifiers.length) sentences.push(`${capitalise(modifiers.map((m) => m.why).join('; '))}.`)
  const name = business ? `${capitalise(business.type.label)}${driveThrough ? ' (drive-through)' : ''}` : 'Drive-through'
  return {
    weights,
    profileName: name.slice(0, 60),
    explanation: sentences.join(' ').slice(0, 800),
    business,
    profile,
    modifiers,
    driveThrough,
  }
}
