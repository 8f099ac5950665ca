// Built-in /ai/weights: business description → taxonomy type → weight profile (+ setting modifiers),
// with a 2–3 sentence rationale that names the weights. Pure.
import { FACTOR_KEYS, FACTOR_LABELS, type FactorKey, type WeightProfile } from '../../../scoring'
import { clip, FACTOR_LABELS_FR, say } from './explain'
import { type Language, languageOf } from './intent'
import {
  applyModifiers,
  DEFAULT_PROFILE,
  type Modifier,
  modifierWhyFr,
  type Profile,
  type ProfileId,
  profileFr,
  profileOf,
} from './profiles'
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** "vehicle traffic (0.40) and road class (0.25)": the k heaviest (or lightest) factors. */
function factorsByWeight(weights: WeightProfile, k: number, heaviest: boolean, lang: Language): string {
  const keys = [...FACTOR_KEYS].sort((a, b) => (heaviest ? weights[b] - weights[a] : weights[a] - weights[b])).slice(0, k)
  const label = (key: FactorKey) => (lang === 'fr' ? FACTOR_LABELS_FR[key] : FACTOR_LABELS[key].toLowerCase())
  const weight = (key: FactorKey) => (lang === 'fr' ? weights[key].toFixed(2).replace('.', ',') : weights[key].toFixed(2))
  const parts = keys.map((key) => `${label(key)} (${weight(key)})`)
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} ${say(lang, 'and', 'et')} ${parts.at(-1)}` : parts[0]
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
  const lang = languageOf(description)
  if (!business && !driveThrough) {
    return {
      weights: { ...DEFAULT_PROFILE.weights },
      profileName: say(lang, 'Default (no business type recognised)', 'Par défaut (aucun type de commerce reconnu)'),
      explanation: say(
        lang,
        `No business type in the built-in taxonomy (${BUSINESS_TYPES.length} types, English and French) matched this ` +
          `description, so these are the scoring engine's default weights, which favour no kind of customer. ` +
          `Name the kind of business in a word or two (for example "bakery", "car wash" or "dentiste") for a tailored profile.`,
        `Aucun type de la taxonomie intégrée (${BUSINESS_TYPES.length} types, en anglais et en français) ne correspond à ` +
          `cette description : ce sont donc les pondérations par défaut du moteur, qui ne favorisent aucune clientèle. ` +
          `Nommez le type de commerce en un ou deux mots (p. ex. « boulangerie », « lave-auto » ou « dentiste ») pour un profil adapté.`,
      ),
      business: null,
      profile: DEFAULT_PROFILE,
      modifiers: [],
      driveThrough: false,
    }
  }
  const profile = profileOf(driveThrough ? 'driveThrough' : business!.type.profile)
  const modifiers = modifiersIn(description).filter((m) => !(driveThrough && m.id === 'downtown'))
  const weights = applyModifiers(profile.weights, modifiers)
  const fr = profileFr(profile.id as ProfileId)
  const what = business
    ? say(
        lang,
        `a ${business.type.label}${driveThrough ? ' with a drive-through' : ''}`,
        `${business.type.labelFr}${driveThrough ? ' avec service au volant' : ''}`,
      )
    : say(lang, 'a drive-through business', 'un commerce avec service au volant')
  const matched = business ? say(lang, ` (matched "${business.term}")`, ` (mots reconnus : « ${business.term} »)`) : ''
  const heaviest = capitalise(factorsByWeight(weights, 2, true, lang))
  const lightest = factorsByWeight(weights, 2, false, lang)
  const sentences = [
    say(
      lang,
      `Read as ${what}${matched}: the ${profile.name.toLowerCase()} profile applies, because ${profile.why}.`,
      `Lu comme ${what}${matched} : le profil « ${fr.name} » s’applique, car ${fr.why}.`,
    ),
    say(lang, `${heaviest} carry the most weight; ${lightest} the least.`, `${heaviest} pèsent le plus; ${lightest} le moins.`),
  ]
  if (modifiers.length) {
    const whys = modifiers.map((m) => (lang === 'fr' ? modifierWhyFr(m.id) : m.why))
    sentences.push(`${capitalise(whys.join('; '))}.`)
  }
  const label = business ? (lang === 'fr' ? business.type.labelFr : business.type.label) : say(lang, 'Drive-through', 'Service au volant')
  const name = business && driveThrough ? `${capitalise(label)} (${say(lang, 'drive-through', 'service au volant')})` : capitalise(label)
  return {
    weights,
    profileName: name.slice(0, 60),
    explanation: clip(sentences.join(' '), 800),
    business,
    profile,
    modifiers,
    driveThrough,
  }
}
