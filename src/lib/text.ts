// The one rule for text the API stores and shows to other people or terminals (docs/decisions.md §2, "Stored
// text"): project and location names, notes, addresses (also of reports), quotes, order messages, admin key
// names. Such text is REJECTED (400, naming the character and where it is), never silently stripped: a
// stored value is then exactly what the client sent. And the accent fold every text key uses (foldAccents). Pure.

/** Why a character is refused; the 400 message names it. */
export type UnsafeKind =
  | 'control character'
  | 'bidirectional control'
  | 'line or paragraph separator'
  | 'invisible tag character'
  | 'zero-width space'
  | 'byte order mark'
  | 'lone surrogate'
  | 'noncharacter'

export interface UnsafeCharacter {
  kind: UnsafeKind
  /** "U+202E" */
  codePoint: string
  /** 1-based position in code points. */
  position: number
}

const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/

function kindOf(ch: string, multiline: boolean): UnsafeKind | undefined {
  const cp = ch.codePointAt(0)!
  if (ch.length === 1 && cp >= 0xd800 && cp <= 0xdfff) return 'lone surrogate'
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f))
    return multiline && (cp === 0x09 || cp === 0x0a || cp === 0x0d) ? undefined : 'control character'
  if (BIDI_CONTROLS.test(ch)) return 'bidirectional control'
  if (cp === 0x2028 || cp === 0x2029) return 'line or paragraph separator'
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'invisible tag character'
  if (cp === 0x200b) return 'zero-width space'
  if (cp === 0xfeff) return 'byte order mark'
  if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe) return 'noncharacter'
  return undefined
}

/**
 * The first character stored text may not hold: C0 and C1 controls (NUL, ESC…; multi-line fields keep tab,
 * LF and CR), DEL, bidirectional marks, embeddings, overrides and isolates, U+2028/U+2029, tag characters
 * U+E0000–U+E007F, zero-width space, byte order mark, lone surrogates and noncharacters. Zero-width
 * joiner and non-joiner stay allowed (emoji sequences, Indic and Persian spelling).
 */
export function findUnsafeCharacter(value: string, options: { multiline?: boolean } = {}): UnsafeCharacter | undefined {
  let position = 0
  for (const ch of value) {
    position++
    const kind = kindOf(ch, options.multiline ?? false)
    if (kind) return { kind, position, codePoint: `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` }
  }
  return undefined
}

/**
 * Accents off: canonical decomposition (NFD), then the combining diacritical marks U+0300–U+036F dropped:
 * "Montréal" → "Montreal", "Côte-Saint-Luc" → "Cote-Saint-Luc". Case and every other character are kept. The
 * one accent fold of the repository: the geocoder's keys at run time and the builds that write keys for it
 * (scripts/, through loadTs) share it, so the two can never fold differently.
 */
export const foldAccents = (text: string): string => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')

/** "address must not contain U+202E (bidirectional control, character 2)". */
export const unsafeTextMessage = (field: string, found: UnsafeCharacter) =>
  `${field} must not contain ${found.codePoint} (${found.kind}, character ${found.position})`
