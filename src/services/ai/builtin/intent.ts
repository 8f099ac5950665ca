// Language and intent of a sign-placement question, by rules over words (English and French). Pure.
// The rules are general cue words (geodata/curated/ai-cue-words.csv, compiled into tables.generated.ts),
// checked in a fixed order (compare → score → find → general); the evaluation set
// (test/ai/fixtures/query-eval.json) measures them, it did not shape them one by one.
import { CUE_WORDS } from './tables.generated'
import { fold } from './taxonomy'

export const INTENTS = ['find_locations', 'score_location', 'compare', 'general_question'] as const
export type Intent = (typeof INTENTS)[number]
export type Language = 'en' | 'fr'

const FRENCH_WORDS = CUE_WORDS.french
const ENGLISH_WORDS = CUE_WORDS.english

/** French when more of its words are French cue words than English ones (accents count for French). */
export function languageOf(text: string): Language {
  const words = fold(text).split(' ')
  const fr = words.filter((w) => FRENCH_WORDS.includes(w)).length + (/[àâçéèêëîïôûù]/i.test(text) ? 1 : 0)
  const en = words.filter((w) => ENGLISH_WORDS.includes(w)).length
  return fr > en ? 'fr' : 'en'
}

const COMPARE = CUE_WORDS.compare
const SCORE = CUE_WORDS.score
const FIND = CUE_WORDS.find
const GENERAL = CUE_WORDS.general

const has = (padded: string, terms: readonly string[]) => terms.some((t) => padded.includes(` ${t} `))

export interface IntentCues {
  /** Explicit places in the question: civic addresses and intersections. */
  targets: number
  /** A city, neighbourhood, landmark or street was recognised. */
  place: boolean
  business: boolean
}

/**
 * compare: a comparison word, or two explicit places and "which"; score_location: an evaluation word
 * about something placed; find_locations: a "where / best spot / trouver" word, or a business and a
 * place with no other cue; general_question: anything else (what, how much, permits…).
 */
export function intentOf(text: string, cues: IntentCues): Intent {
  // "Où" (where) folds to "ou" (or): read it before folding.
  const where = /(^|[^\p{L}])où([^\p{L}]|$)/iu.test(text)
  const padded = ` ${fold(text)} `
  const somethingPlaced = cues.targets > 0 || cues.place
  if (has(padded, COMPARE) && (cues.targets >= 2 || somethingPlaced)) return 'compare'
  if (cues.targets >= 2 && has(padded, ['which', 'lequel', 'laquelle', 'or', 'ou'])) return 'compare'
  if (has(padded, SCORE) && (somethingPlaced || cues.business)) return 'score_location'
  const general = has(padded, GENERAL)
  if (where || has(padded, FIND)) {
    // "Do I need a permit to put up a sign?" asks about rules, not places.
    if (general && !cues.business && !where) return 'general_question'
    return 'find_locations'
  }
  if (general) return 'general_question'
  return cues.business && somethingPlaced ? 'find_locations' : 'general_question'
}
