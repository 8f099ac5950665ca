// Other names of a street than the one its data file it under. A second name a city gives it: Edmonton's Whyte Avenue
// is 82 Avenue (the City names it "82 Avenue (Whyte Avenue)"; its count sites and OpenStreetMap write 82 Avenue),
// Calgary's Stephen Avenue is 8 Ave SW downtown. A number with or without its ordinal: Calgary files "17 Ave SW" where
// users write "17th Ave SW", Vancouver "W 4th Av" where some write "W 4 Ave". Each is read as the street too (an
// alternative reading, like "West Georgia" for W Georgia St); an alias only in its city. Hand-stated, like the
// numbering origins; one row per alias. Pure.
import type { StreetKey } from './street-key'

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

/** "17th" ↔ "17", "1st" ↔ "1", "22nd" ↔ "22": the same numbered street written with its ordinal or without. */
export function numberedReadings(street: StreetKey): StreetKey[] {
  const ordinal = /^(\d+)(?:st|nd|rd|th)$/.exec(street.nameKey)
  if (ordinal) return [{ ...street, nameKey: ordinal[1] }]
  if (!/^\d+$/.test(street.nameKey)) return []
  const n = Number(street.nameKey)
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return [{ ...street, nameKey: `${street.nameKey}${suffix}` }]
}

/** Every other reading of `street` in that city: its aliases and its number's other spelling. */
export const otherNamesOf = (cityKey: string | undefined, street: StreetKey): StreetKey[] => [
  ...aliasesOf(cityKey, street),
  ...numberedReadings(street),
]
