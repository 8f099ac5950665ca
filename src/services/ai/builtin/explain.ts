// Sentences of the built-in provider's answers, in English or French, citing the factor values the
// engine used. Pure. It says plainly that rules, not a language model, wrote them.
import { FACTOR_KEYS, FACTOR_LABELS, type FactorKey, type ScoreResult, type WeightProfile } from '../../../scoring'
import type { Intent, Language } from './intent'

export const FACTOR_LABELS_FR: Record<FactorKey, string> = {
  vehicleTraffic: 'circulation automobile',
  roadClass: 'classe de route',
  populationDensity: 'densité de population',
  income: 'revenu des ménages',
  poiDensity: 'commerces à proximité',
  pedestrian: 'activité piétonne',
  transit: 'accès au transport en commun',
}
const INTENT_WORDS: Record<Intent, Record<Language, string>> = {
  find_locations: { en: 'a search for sign locations', fr: 'une recherche d’emplacements' },
  score_location: { en: 'a question about how good a place is', fr: 'une question sur la qualité d’un emplacement' },
  compare: { en: 'a comparison of places', fr: 'une comparaison d’emplacements' },
  general_question: { en: 'a general question', fr: 'une question générale' },
}

export const say = (lang: Language, en: string, fr: string) => (lang === 'fr' ? fr : en)

/** Cut to `max` characters at the end of a sentence (a word when no sentence ends early enough). */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('.) '))
  return end > max / 2 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`
}

const number = (n: number, lang: Language) => n.toLocaleString(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 })

/** "pedestrian activity 80/100 (4,900 pedestrians/day (est.))" for the k factors that weigh most here. */
export function citeFactors(result: ScoreResult, weights: WeightProfile, lang: Language, k = 3): string {
  const keys = [...FACTOR_KEYS].sort((a, b) => weights[b] - weights[a]).slice(0, k)
  return keys
    .map((key) => {
      const f = result.factorScores[key]
      const name = lang === 'fr' ? FACTOR_LABELS_FR[key] : FACTOR_LABELS[key].toLowerCase()
      // Road class's raw value is the class itself ("class 1 local … 6 freeway").
      const raw = key === 'roadClass' ? `${say(lang, 'class', 'classe')} ${f.raw.value}/6` : `${number(f.raw.value, lang)} ${f.raw.unit}`
      return `${name} ${Math.round(f.score)}/100 (${raw})`
    })
    .join(', ')
}

export interface LeadParts {
  lang: Language
  intent: Intent
  business?: string
  profileName?: string
  place?: string
}

/** First sentence: who answers (rules), what the question was read as, for which business and place. */
export function lead({ lang, intent, business, profileName, place }: LeadParts): string {
  const what = INTENT_WORDS[intent][lang]
  const forWhom = business ? say(lang, ` for a ${business} (${profileName} weights)`, ` pour : ${business}`) : ''
  const searching = intent === 'find_locations'
  const where = place ? (searching ? say(lang, ` around ${place}`, ` autour de ${place}`) : say(lang, ` at ${place}`, ` à ${place}`)) : ''
  return say(
    lang,
    `Built-in rules (no language model) read this as ${what}${forWhom}${where}.`,
    `Les règles intégrées (sans modèle de langue) lisent cette question comme ${what}${forWhom}${where}.`,
  )
}

/** One located place in a sentence: its score, grade and the factors that weigh most. */
export function describeResult(label: string, result: ScoreResult, weights: WeightProfile, lang: Language): string {
  return say(
    lang,
    `${label} scores ${result.overallScore} (${result.grade}): ${citeFactors(result, weights, lang)}.`,
    `${label} obtient ${number(result.overallScore, lang)} (${result.grade}) : ${citeFactors(result, weights, lang)}.`,
  )
}

export const GENERAL_ANSWER: Record<Language, string> = {
  en:
    'Built-in rules (no language model) answer questions about places: where to put a sign, how good an address or ' +
    'intersection is, and which of several places is better, for a named business and city. This looks like a general ' +
    'question, so no places were suggested; the API documentation covers sign types, scores and limits, and an external ' +
    'AI provider (AI_PROVIDER) can answer free-form questions.',
  fr:
    'Les règles intégrées (sans modèle de langue) répondent aux questions sur des lieux : où mettre une enseigne, la qualité ' +
    'd’une adresse ou d’une intersection, et lequel de plusieurs emplacements est le meilleur, pour un commerce et une ville ' +
    'donnés. Ceci ressemble à une question générale : aucun emplacement n’est proposé. La documentation de l’API couvre les ' +
    'types d’enseignes, les scores et les limites; un fournisseur d’IA externe (AI_PROVIDER) peut répondre aux questions libres.',
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']
const COMPASS_FR = ['au nord', 'au nord-est', 'à l’est', 'au sud-est', 'au sud', 'au sud-ouest', 'à l’ouest', 'au nord-ouest']
/** "240 m NE of Marché Jean-Talon" / "à 240 m au nord-est de Marché Jean-Talon"; "at Marché Jean-Talon" at 0 m. */
export function relativeTo(place: string, distanceM: number, bearingDeg: number, lang: Language): string {
  if (distanceM < 15) return say(lang, `at ${place}`, `à ${place}`)
  const i = Math.round(bearingDeg / 45) % 8
  return say(lang, `${distanceM} m ${COMPASS[i]} of ${place}`, `à ${distanceM} m ${COMPASS_FR[i]} de ${place}`)
}
