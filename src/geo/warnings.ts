// Machine-readable notes on a result that is less exact than it looks (docs/decisions.md §4): a
// location known only to a city or postal area, a street the data does not have, a point with no
// road nearby, in a park or on water. Every score result carries them (an empty list when none).

/** Every code a warning can carry. Clients switch on the code; the message is for people. */
export const WARNING_CODES = [
  'LOCATED_AT_CITY',
  'LOCATED_AT_POSTAL_AREA',
  'LOCATED_AT_STREET',
  'STREET_NOT_FOUND',
  'NO_ROAD_NEARBY',
  'IN_PARK',
  'ON_WATER',
] as const
export type WarningCode = (typeof WARNING_CODES)[number]

export interface ScoreWarning {
  code: WarningCode
  message: string
}
