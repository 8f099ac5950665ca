// Normalised keys that make a street written by a user and the same street in an address file
// compare equal: "Boul. René-Lévesque O" and "BOUL RENE LEVESQUE W", "King Street North" and
// "KING ST N". Built on the parser's own type tables (roads.ts) so there is one list of types.
import { parseStreetText, type ParsedStreet } from './address'
import { LEADING_TYPES, TRAILING_TYPES } from '../geodata'
import { bareToken, normalizeName } from '../geodata'

export interface StreetKey {
  /** normalizeName(name): "king", "sainte catherine", "rene levesque". */
  nameKey: string
  /** Canonical type, one key for the English and French spellings ("ave" for Avenue/av.), '' when none. */
  typeKey: string
  /** N, S, E, W, NE, NW, SE, SW; French O/NO/SO become W/NW/SW; '' when none. */
  dir: string
}

const bare = (token: string) => bareToken(token).trim()
// French and English canonical types that name the same thing (roads.ts keeps them apart for display).
const SAME_TYPE: Record<string, string> = { av: 'ave', boul: 'blvd', place: 'pl', croissant: 'cres', impasse: 'crt', terrasse: 'terr' }
const SAME_DIRECTION: Record<string, string> = { O: 'W', NO: 'NW', SO: 'SW' }

export function typeKeyOf(type: string | undefined): string {
  if (!type) return ''
  const key = bare(type)
  const info = TRAILING_TYPES[key] ?? LEADING_TYPES[key]
  const canonical = info ? bare(info.canonical).replace(/\s+/g, ' ') : key
  return SAME_TYPE[canonical] ?? canonical
}

export function streetKeyOf(street: ParsedStreet): StreetKey {
  const dir = (street.direction ?? '').toUpperCase()
  return { nameKey: normalizeName(street.name), typeKey: typeKeyOf(street.type), dir: SAME_DIRECTION[dir] ?? dir }
}

/** Key of a street written alone, as address files store it ("KING ST N"); undefined when empty. */
export function streetKeyOfText(text: string): StreetKey | undefined {
  const street = parseStreetText(text)
  if (!street?.name) return undefined
  const key = streetKeyOf(street)
  return key.nameKey ? key : undefined
}

/** "43A" → 43 + "A"; "1/2", "" or a number beyond 7 digits → undefined. */
export function parseCivicNumber(text: string | undefined): { number: number; suffix: string } | undefined {
  const match = text?.trim().match(/^(\d{1,7})\s*([a-z]?)$/i)
  return match ? { number: Number(match[1]), suffix: match[2].toUpperCase() } : undefined
}

/**
 * Whether a user's street and a stored street can be the same: a part given on both sides must agree. A typed
 * half of a quadrant names either quadrant of it ("16 Ave N" in Calgary is 16 Ave NE or NW).
 */
export function streetsCompatible(wanted: StreetKey, stored: StreetKey): boolean {
  if (wanted.nameKey !== stored.nameKey) return false
  if (wanted.typeKey && stored.typeKey && wanted.typeKey !== stored.typeKey) return false
  if (wanted.dir && stored.dir && wanted.dir !== stored.dir && !(wanted.dir.length === 1 && stored.dir.includes(wanted.dir))) return false
  return true
}
