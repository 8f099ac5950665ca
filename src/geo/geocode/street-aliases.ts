// Second names a city gives a street that its data file under the first: Edmonton's Whyte Avenue is 82 Avenue
// (the City of Edmonton names it "82 Avenue (Whyte Avenue)"; its count sites and OpenStreetMap write 82 Avenue).
// A typed alias is read as the street too (an alternative reading, like "West Georgia" for W Georgia St), only in
// that city. Hand-stated, like the numbering origins; one row per alias. Pure.
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
]

/** The streets `street` also names in that city (its direction kept: "Whyte Ave NW" is 82 Ave NW). */
export function aliasesOf(cityKey: string | undefined, street: StreetKey): StreetKey[] {
  return STREET_ALIASES.filter(
    (a) => a.cityKey === cityKey && a.alias.nameKey === street.nameKey && (!street.typeKey || street.typeKey === a.alias.typeKey),
  ).map((a) => ({ ...a.street, dir: street.dir }))
}
