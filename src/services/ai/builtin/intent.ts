// Language and intent of a sign-placement question, by rules over words (English and French). Pure.
// The rules are general cue words, checked in a fixed order (compare → score → find → general); the
// evaluation set (test/ai/fixtures/query-eval.json) measures them, it did not shape them one by one.
import { fold } from './taxonomy'

export const INTENTS = ['find_locations', 'score_location', 'compare', 'general_question'] as const
export type Intent = (typeof INTENTS)[number]
export type Language = 'en' | 'fr'

const FRENCH_WORDS = [
  'ou',
  'le',
  'la',
  'les',
  'un',
  'une',
  'des',
  'du',
  'pour',
  'mon',
  'ma',
  'mes',
  'est',
  'quel',
  'quelle',
  'quels',
  'enseigne',
  'je',
  'dans',
  'pres',
  'coin',
  'meilleur',
  'meilleurs',
  'endroit',
  'emplacement',
  'faut',
  'qu',
  'c',
  'd',
  'l',
  'au',
  'aux',
  'et',
  'mettre',
]
const ENGLISH_WORDS = [
  'the',
  'a',
  'an',
  'for',
  'my',
  'is',
  'where',
  'sign',
  'in',
  'should',
  'what',
  'how',
  'of',
  'near',
  'best',
  'and',
  'put',
  'to',
  'which',
  'we',
  'i',
  'can',
  'do',
  'does',
  'good',
  'place',
  'spots',
]

/** French when more of its words are French cue words than English ones (accents count for French). */
export function languageOf(text: string): Language {
  const words = fold(text).split(' ')
  const fr = words.filter((w) => FRENCH_WORDS.includes(w)).length + (/[àâçéèêëîïôûù]/i.test(text) ? 1 : 0)
  const en = words.filter((w) => ENGLISH_WORDS.includes(w)).length
  return fr > en ? 'fr' : 'en'
}

const COMPARE = [
  'compare',
  'comparer',
  'comparez',
  'comparaison',
  'versus',
  'vs',
  'which is better',
  'which one is better',
  'which is best',
  'which location is better',
  'lequel',
  'laquelle',
  'lesquels',
  'mieux entre',
  'better option',
]
const SCORE = [
  'how good',
  'how well',
  'rate',
  'score',
  'evaluate',
  'assess',
  'evalue',
  'evaluer',
  'evaluez',
  'quel score',
  'quelle note',
  'good location',
  'good spot',
  'good place',
  'good street',
  'good site',
  'good corner',
  'good for',
  'good enough',
  'worth it',
  'bon endroit',
  'bon emplacement',
  'bonne place',
  'bonne adresse',
  'bon coin',
  'bonne rue',
  'bon choix',
  'bon pour',
  'bonne pour',
]
const FIND = [
  'where',
  'best spot',
  'best spots',
  'best place',
  'best places',
  'best location',
  'best locations',
  'find',
  'suggest',
  'recommend',
  'location',
  'locations',
  'spot',
  'spots',
  'places for',
  'put',
  'place a',
  'place my',
  'advertise',
  'most eyes',
  'trouve',
  'trouver',
  'cherche',
  'chercher',
  'emplacement',
  'emplacements',
  'endroit',
  'endroits',
  'meilleur',
  'meilleurs',
  'meilleure',
  'installer',
  'placer',
  'mettre',
  'poser',
  'afficher',
  'suggere',
  'recommande',
]
const GENERAL = [
  'what',
  'what is',
  'what are',
  'how much',
  'how many',
  'how does',
  'how is',
  'how bright',
  'how big',
  'cost',
  'costs',
  'price',
  'permit',
  'permits',
  'bylaw',
  'bylaws',
  'by law',
  'regulation',
  'regulations',
  'explain',
  'difference',
  'why',
  'qu est ce',
  'c est quoi',
  'combien',
  'coute',
  'prix',
  'permis',
  'reglement',
  'reglementation',
  'difference',
  'pourquoi',
  'faut il',
  'expliquer',
]

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
