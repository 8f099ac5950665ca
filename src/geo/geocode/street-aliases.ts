// Other names of a street than the one its data file it under. A second name a city gives it: Edmonton's Whyte Avenue
// is 82 Avenue (the City names it "82 Avenue (Whyte Avenue)"; its count sites and OpenStreetMap write 82 Avenue),
// Calgary's Stephen Avenue is 8 Ave SW downtown. A number with or without its ordinal: Calgary files "17 Ave SW" where
// users write "17th Ave SW", Vancouver "W 4th Av" where some write "W 4 Ave". Each is read as the street too (an
// alternative reading, like "West Georgia" for W Georgia St); an alias only in its city. Hand-stated, like the
// numbering origins; one row per alias. Pure.
import type { ParsedStreet } from './address'
import { typeKeyOf, type StreetKey } from './street-key'
import { normalizeName } from '../geodata'

/** Types that are never the last word of a street's name; others ("Park", "Hill", "Ridge", "Gate") may be. */
const STREET_TYPES = new Set('st ave rd blvd dr cres crt pl hwy pkwy expy lane trail terr'.split(' '))

interface StreetAlias {
  /** normalizeName of the municipality as written. */
  cityKey: string
  /** The alias's name and type keys ("whyte", "ave"); a type left out matches too. */
  alias: { nameKey: string; typeKey: string }
  /** The street the city's data file it under. */
  street: { nameKey: string; typeKey: string }
}

const STREET_ALIASES: readonly StreetAlias[] = [
  { cityKey: 'edmonton', alias: { nameKey: 'whyte', typeKey: 'ave' }, street: { nameKey: '82', typeKey: 'ave' } },
  { cityKey: 'calgary', alias: { nameKey: 'stephen', typeKey: 'ave' }, street: { nameKey: '8', typeKey: 'ave' } },
]

/** The streets `street` also names in that city (its direction kept: "Whyte Ave NW" is 82 Ave NW). */
export function aliasesOf(cityKey: string | undefined, street: StreetKey): StreetKey[] {
  return STREET_ALIASES.filter(
    (a) => a.cityKey === cityKey && a.alias.nameKey === street.nameKey && (!street.typeKey || street.typeKey === a.alias.typeKey),
  ).map((a) => ({ ...a.street, dir: street.dir }))
}

/**
 * "West Georgia Street", "East 12th Avenue", "West Broadway": the City's W Georgia St, E 12th Av and W Broadway (a
 * direction it files as the street's, or as the first word of an untyped name), for a civic address's street too.
 */
export function spelledDirection(s: StreetKey): StreetKey[] {
  const lead = /^(east|west|north|south) (.+)$/.exec(s.nameKey)
  if (!lead || s.dir) return []
  const letter = lead[1][0]
  return [
    { nameKey: lead[2], typeKey: s.typeKey, dir: letter.toUpperCase() },
    { nameKey: `${letter} ${lead[2]}`, typeKey: s.typeKey, dir: '' },
  ]
}

/** "17th" ↔ "17", "1st" ↔ "1", "22nd" ↔ "22": the same numbered street written with its ordinal or without. */
export function numberedReadings(street: StreetKey): StreetKey[] {
  const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(street.nameKey)
  if (ordinal) return [{ ...street, nameKey: ordinal[1] }]
  if (!/^\d+$/.test(street.nameKey)) return []
  return [{ ...street, nameKey: ordinalOf(Number(street.nameKey)) }]
}

/** 1 → "1st", 12 → "12th", 22 → "22nd": a number as its ordinal street name key. */
export function ordinalOf(n: number): string {
  return `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`
}

/**
 * Montréal's streets in English: "St Catherine St W" is rue Sainte-Catherine O ("Saint" and "Sainte" are one to a
 * speaker of English, and "Street" is the French "rue").
 */
export function englishReadings(street: StreetKey): StreetKey[] {
  const swapped = street.nameKey.replace(/^saint(e?) /, (_, e: string) => (e ? 'saint ' : 'sainte '))
  const names = swapped === street.nameKey ? [] : [swapped]
  const rue = street.typeKey === 'st' ? [street.nameKey, ...names].map((nameKey) => ({ ...street, nameKey, typeKey: 'rue' })) : []
  return [...names.map((nameKey) => ({ ...street, nameKey })), ...rue]
}

/** Every other reading of `street` in that city: its aliases, its number's other spelling, a direction spelled out, English. */
export const otherNamesOf = (cityKey: string | undefined, street: StreetKey): StreetKey[] => [
  ...aliasesOf(cityKey, street),
  ...numberedReadings(street),
  ...spelledDirection(street),
  ...englishReadings(street),
  ...withFrenchArticle(street),
]

/**
 * Other ways the store may key a street typed in an intersection: a leading direction spelled out ("West
 * Georgia Street": W Georgia St), "Clanton Park", "Silas Hill" (a type word that may end the name: Clanton
 * Park Rd), and a bare name that a city files with a leading direction
 * ("Broadway": Vancouver's "W Broadway" and "E Broadway").
 */
export function otherReadings(s: StreetKey & { display: ParsedStreet }): StreetKey[] {
  const lead = spelledDirection(s)
  if (lead.length) return lead
  const type = s.display.type && !s.display.typeFirst ? typeKeyOf(s.display.type) : ''
  if (type && !STREET_TYPES.has(type)) return [{ nameKey: normalizeName(`${s.display.name} ${s.display.type}`), typeKey: '', dir: s.dir }]
  if (type || s.dir || s.display.type) return []
  const directions = ['n', 's', 'e', 'w'].map((d) => ({ nameKey: `${d} ${s.nameKey}`, typeKey: '', dir: '' }))
  return [...directions, ...withFrenchArticle(s)]
}

/**
 * "Côte-des-Neiges", "Parc": a French street written without its type drops the article the key keeps (Chemin de la
 * Côte-des-Neiges: "de la cote des neiges"; Avenue du Parc: "du parc"). For a civic address too.
 */
export function withFrenchArticle(s: StreetKey): StreetKey[] {
  if (s.typeKey || s.dir || FRENCH_ARTICLE.test(s.nameKey)) return []
  return FRENCH_ARTICLES.map((a) => ({ nameKey: `${a} ${s.nameKey}`, typeKey: '', dir: '' }))
}
const FRENCH_ARTICLES = ['de la', 'de l', 'du', 'des', 'de']
const FRENCH_ARTICLE = /^(?:de la|de l|du|des|de|la|le|les) /
