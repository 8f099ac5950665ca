// Two streets typed as a crossing: "Yonge & Bloor", "King St and Bay St", "Queen / Spadina", "King at
// Bay", "Main x 1st", "coin Sainte-Catherine et Peel". Pure; the geocoder (address-lookup.ts) and any
// caller that wants the two street texts (an assistant reading a user's request) use it.
import { isKnownPlaceName } from './offline'
import { normalizeName } from '../geodata'

// "Yonge & Dundas", "King St and Bay St", "Queen / Spadina", "King at Bay", "Main x 1st", "coin Peel et Sainte-Catherine".
const INTERSECTION_FORMS = [
  /^coin\s+(?:(?:de\s+la|du|des|de)\s+)?(.+?)\s+et\s+(?:(?:de\s+la|du|des|de)\s+)?(.+)$/i,
  /^(.+?)\s*&\s*(.+)$/,
  /^(.+?)\s+and\s+(.+)$/i,
  /^(.+?)\s*\/\s*(.+)$/,
  /^(.+?)\s+at\s+(.+)$/i,
  /^(.+?)\s+x\s+(.+)$/i,
]

export function parseIntersection(text: string): { a: string; b: string; rest: string } | undefined {
  const [head, ...tail] = text.replace(/\s+/g, ' ').trim().split(',')
  // A civic number or a unit first ("Unit 5 / 100 Main St") is an address, not two streets.
  if (!head || /^\s*#?\d/.test(head) || /^\s*(?:unit|suite|ste|apt|app|appt|bureau|local)\b/i.test(head)) return undefined
  for (const form of INTERSECTION_FORMS) {
    const m = head.trim().match(form)
    if (!m) continue
    let b = m[2].trim()
    let rest = tail.join(',').trim()
    if (!rest) {
      // No comma before the city: "Yonge and Dundas Toronto".
      const words = b.split(' ')
      for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
        if (isKnownPlaceName(normalizeName(words.slice(-k).join(' ')))) {
          rest = words.slice(-k).join(' ')
          b = words.slice(0, -k).join(' ')
          break
        }
      }
    }
    if (m[1].trim() && b) return { a: m[1].trim(), b, rest }
  }
  return undefined
}
