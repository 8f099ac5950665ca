// Two streets typed as a crossing: "Yonge & Bloor", "King St and Bay St", "Queen / Spadina", "King at
// Bay", "Main x 1st", "coin Sainte-Catherine et Peel", "Sainte-Catherine et Peel". Pure; the geocoder (address-lookup.ts) and any
// caller that wants the two street texts (an assistant reading a user's request) use it.
import { isKnownPlaceName } from './offline'
import { bareToken, LEADING_TYPES, normalizeName, provinceFromText, TRAILING_TYPES } from '../geodata'

// "Yonge & Dundas", "King St and Bay St", "Queen / Spadina", "King at Bay", "Main x 1st", "coin Peel et Sainte-Catherine",
// "à l'angle de Peel et Sainte-Catherine", "Sainte-Catherine et Peel" (a name with " et " between spaces is rare in
// Québec, where compound names are hyphenated: Saint-Pierre-et-Miquelon).
const INTERSECTION_FORMS = [
  /^coin\s+(.+?)\s+et\s+(.+)$/i,
  /^(?:à\s+l['’]\s*)?angle\s+(.+?)\s+et\s+(.+)$/i,
  /^(.+?)\s*&\s*(.+)$/,
  /^(.+?)\s+and\s+(.+)$/i,
  /^(.+?)\s+et\s+(.+)$/i,
  /^(.+?)\s*\/\s*(.+)$/,
  /^(.+?)\s+at\s+(.+)$/i,
  /^(.+?)\s+x\s+(.+)$/i,
]

/** "corner of", "at the corner of", "the intersection of" before two streets: words about them, not their names. */
const LEAD_IN = /^(?:at\s+)?(?:the\s+)?(?:corner|intersection)\s+of\s+/i

export function parseIntersection(text: string): { a: string; b: string; rest: string } | undefined {
  const [written, ...tail] = text.replace(/\s+/g, ' ').trim().split(',')
  const head = written?.replace(LEAD_IN, '')
  // A civic number or a unit first ("Unit 5 / 100 Main St") is an address, not two streets; a numbered
  // street ("12 Avenue SE & Macleod Trail", "4 St NW / Centre St", "58e & de Montigny") is not a civic number.
  // "Ste 5" is a suite, "Ste-Catherine" and "Ste Catherine" are Sainte-Catherine: a unit word is followed by its number.
  if (!head || /^\s*(?:#|(?:unit|suite|ste|apt|app|appt|bureau|local)\.?\s*(?:#\s*)?(?:\d|[a-z]\b))/i.test(head)) return undefined
  for (const form of INTERSECTION_FORMS) {
    const m = head.trim().match(form)
    if (!m || (/^\d/.test(m[1]) && !isNumberedStreet(m[1]))) continue
    const a = withoutArticle(m[1].trim())
    let b = withoutArticle(m[2].trim())
    let rest = tail.join(',').trim()
    if (!rest) {
      // No comma before the city: "Yonge and Dundas Toronto", "Robson & Thurlow Vancouver BC" (a province after it).
      let words = b.split(' ')
      const province = words.length > 2 && provinceFromText(words.at(-1)!) ? words.at(-1)! : ''
      if (province) words = words.slice(0, -1)
      for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
        if (isKnownPlaceName(normalizeName(words.slice(-k).join(' ')))) {
          rest = [words.slice(-k).join(' '), province].filter(Boolean).join(', ')
          b = words.slice(0, -k).join(' ')
          break
        }
      }
    }
    if (a && b) return { a, b, rest }
  }
  return undefined
}

const DIRECTION_WORDS = new Set('n s e w o ne nw se sw no so north south east west est ouest'.split(' '))
/**
 * The whole first street is a numbered one: "12 Avenue SE", "4 St NW", "16th", "3e Rue", "58e"; "350 Rue Saint George" and
 * "100 Main St" start with a civic number instead.
 */
function isNumberedStreet(text: string): boolean {
  const [number, ...rest] = text.trim().split(/\s+/)
  const ordinal = /^\d+(?:st|nd|rd|th|e|er|re|ère|eme|ème)$/i.test(number)
  // "128A Avenue" (Edmonton): a lettered number is a street only with its type.
  if (!ordinal && !/^\d+[a-z]?$/i.test(number)) return false
  const words = rest.map(bareToken)
  if (words.length && DIRECTION_WORDS.has(words[words.length - 1])) words.pop()
  if (!words.length) return ordinal
  // "3e Rue", "5e Croissant": after an ordinal even a French type comes second.
  return words.length === 1 && (words[0] in TRAILING_TYPES || (ordinal && words[0] in LEADING_TYPES))
}
/** "de la rue Peel" → "rue Peel" (after "coin" or "angle"); an article that is part of the name ("du Parc", "Du Sommet") stays. */
function withoutArticle(part: string): string {
  const m = part.match(/^(?:de\s+la|du|des|de|de\s+l['’])\s*(\S+)(.*)$/i)
  return m && bareToken(m[1]) in LEADING_TYPES ? `${m[1]}${m[2]}` : part
}
