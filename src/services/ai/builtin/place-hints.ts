// Two more things a question can say about where: a postal code ("near M5V 2T6", "dans H2X") and how far
// to look ("within 800 m", "dans un rayon de 1 km"). Pure: the postal code is checked against the bundled
// FSA table only; query.ts gives it to the geocoder.
import { geoStore } from '../../../geo/geodata'
import type { Span, Target } from './places-in-text'

// Canada Post: no D, F, I, O, Q or U; no W or Z as the first letter. Upper case, as people write codes
// (a lower-case "m5v" is too easily a word fragment), or a full lower-case code, which is not.
const LETTER_1 = '[ABCEGHJ-NPRSTVXY]'
const LETTER = '[ABCEGHJ-NPRSTV-Z]'
const POSTAL = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${LETTER_1}\d${LETTER})(?:[ -]?(\d${LETTER}\d))?(?![\p{L}\p{N}])` +
    String.raw`|(?<![\p{L}\p{N}])(${LETTER_1.toLowerCase()}\d${LETTER.toLowerCase()})[ -]?(\d${LETTER.toLowerCase()}\d)(?![\p{L}\p{N}])`,
  'gu',
)

/** Postal codes and forward sortation areas written outside `taken` spans, when the FSA is a real one. */
export function postalCodesIn(text: string, taken: Span[]): Target[] {
  const found: Target[] = []
  for (const m of text.matchAll(POSTAL)) {
    const start = m.index ?? 0
    const end = start + m[0].length
    if (taken.some((s) => start < s.end && end > s.start)) continue
    const fsa = (m[1] ?? m[3]).toUpperCase()
    const ldu = (m[2] ?? m[4])?.toUpperCase()
    if (!geoStore().fsaByCode.has(fsa)) continue
    found.push({ kind: 'postal', text: ldu ? `${fsa} ${ldu}` : fsa, start, end })
  }
  return found
}

/** The site finder's own bounds (services/nearby.ts NEARBY): a radius the question asks for is kept inside them. */
export const QUERY_RADIUS_M = { min: 50, max: 2000 } as const

const RADIUS = new RegExp(
  String.raw`(?<![\p{L}])(?:within|inside|in\s+a\s+radius\s+of|dans\s+un\s+rayon\s+de|[àa]\s+moins\s+de|rayon\s+de)\s+` +
    String.raw`(\d+(?:[.,]\d+)?)\s*(km|kilom[eè]tres?|kilometers?|kilometres?|m|m[eè]tres?|meters?)(?![\p{L}])`,
  'iu',
)

/** How far around the place the question asks to look ("within 500 m" → 500), clamped to the site finder's bounds. */
export function radiusIn(text: string): { radiusM: number; span: Span } | undefined {
  const m = RADIUS.exec(text)
  if (!m) return undefined
  const value = Number(m[1].replace(',', '.'))
  const metres = /^k/i.test(m[2]) ? value * 1000 : value
  if (!Number.isFinite(metres) || metres <= 0) return undefined
  const radiusM = Math.round(Math.min(QUERY_RADIUS_M.max, Math.max(QUERY_RADIUS_M.min, metres)))
  return { radiusM, span: { start: m.index, end: m.index + m[0].length } }
}
