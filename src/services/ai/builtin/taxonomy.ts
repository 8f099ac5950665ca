// Business taxonomy of the built-in AI provider: which business type and which setting modifiers (profiles.ts)
// a text names, in English or French. Pure. The words are data: geodata/curated/ai-business-types.csv and
// ai-cue-words.csv, compiled into tables.generated.ts (`npm run build:curated`). The longest matching words
// win, so a table gains specific phrases ("dental clinic") rather than exceptions.
import { foldAccents } from '../../../lib/text'
import { MODIFIERS, type Modifier } from './profiles'
import { BUSINESS_TYPES, type BusinessType, CUE_WORDS } from './tables.generated'

export { BUSINESS_TYPES, type BusinessType }

/** Lower case, accents and punctuation removed, single spaces: "L'Épicerie du Coin!" → "l epicerie du coin". */
export function fold(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

export interface BusinessMatch {
  type: BusinessType
  /** The words that matched, folded. */
  term: string
}

const byTerm = BUSINESS_TYPES.flatMap((type) => type.terms.map((term) => ({ type, term })))

/** Where `term` (or its plural in -s/-x) occurs as whole words in ` folded `; -1 when it does not. */
function wordIndex(padded: string, term: string): number {
  for (const form of [term, `${term}s`, `${term}x`]) {
    const at = padded.indexOf(` ${form} `)
    if (at >= 0) return at
  }
  return -1
}

/**
 * The business a text names: the longest matching term wins (so "dental clinic" beats "clinic" and
 * "bar laitier" beats "bar"), the earliest on a tie. Null when no term matches.
 */
export function matchBusiness(text: string): BusinessMatch | null {
  const padded = ` ${fold(text)} `
  let best: (BusinessMatch & { at: number }) | null = null
  for (const { type, term } of byTerm) {
    const at = wordIndex(padded, term)
    if (at < 0) continue
    if (!best || term.length > best.term.length || (term.length === best.term.length && at < best.at)) best = { type, term, at }
  }
  return best && { type: best.type, term: best.term }
}

const DRIVE_THROUGH = CUE_WORDS['drive-through']

/** Whether the text describes a drive-through (the drive-through profile then wins over the type's). */
export const isDriveThrough = (text: string) => DRIVE_THROUGH.some((term) => wordIndex(` ${fold(text)} `, term) >= 0)

/** The setting modifiers a text turns on (profiles.ts MODIFIERS). */
export const modifiersIn = (text: string): Modifier[] => {
  const padded = ` ${fold(text)} `
  return MODIFIERS.filter((m) => m.terms.some((term) => wordIndex(padded, term) >= 0))
}
