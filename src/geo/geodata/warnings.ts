// Machine-readable notes on a result that is less exact than it looks (docs/decisions.md §4): a
// location known only to a city or postal area, a street the data does not have, a point with no
// road nearby, in a park or on water. Every score result carries them (an empty list when none).

/** Every code a warning can carry. Clients switch on the code; the message is for people. */
export const WARNING_CODES = [
  'LOCATED_AT_CITY',
  'LOCATED_AT_POSTAL_AREA',
  'LOCATED_AT_STREET',
  'STREET_NOT_FOUND',
  'INTERSECTION_NOT_FOUND',
  'NO_ROAD_NEARBY',
  'IN_PARK',
  'ON_WATER',
  // No score distribution for the point's CMA (not covered, or no CMA): percentiles.cma is absent.
  'CMA_NOT_COVERED',
] as const
export type WarningCode = (typeof WARNING_CODES)[number]

export interface ScoreWarning {
  code: WarningCode
  message: string
}

export function warning(code: WarningCode, message: string): ScoreWarning {
  return { code, message }
}

const distanceText = (m: number) => (m >= 1000 ? `±${Math.round(m / 1000)} km` : `±${Math.round(m)} m`)

/** A position somewhere on a street, and why no closer one: `why` ends the message. */
export function locatedOnStreetWarning(street: string, accuracyM: number, why: string): ScoreWarning {
  return warning('LOCATED_AT_STREET', `located on ${street}, ${distanceText(accuracyM)}: ${why}`)
}

/**
 * The warnings a location's precision calls for: a city or postal-area position (factor values are
 * that area's averages), or a point somewhere on the named street. Exact positions get none, and a code
 * the geocoder already gave (with its own reason: an intersection located on one of its streets) is not repeated.
 */
export function locationWarnings(located: {
  precision: string
  accuracyM: number
  address: string
  city?: string
  postalCode?: string
  street?: { name: string; type?: string }
  warnings?: readonly ScoreWarning[]
}): ScoreWarning[] {
  const given = new Set(located.warnings?.map((w) => w.code))
  return precisionWarnings(located).filter((w) => !given.has(w.code))
}

function precisionWarnings(located: Parameters<typeof locationWarnings>[0]): ScoreWarning[] {
  const radius = distanceText(located.accuracyM)
  if (located.precision === 'city')
    return [
      warning('LOCATED_AT_CITY', `located at the centre of ${located.city ?? located.address}, ${radius}; factor values are city averages`),
    ]
  if (located.precision === 'postal_code') {
    const area = located.postalCode ? located.postalCode.slice(0, 3) : located.address
    return [warning('LOCATED_AT_POSTAL_AREA', `located at the centre of postal area ${area}, ${radius}; factor values are area averages`)]
  }
  if (located.precision === 'street') {
    const street = located.street ? [located.street.name, located.street.type].filter(Boolean).join(' ') : 'the street'
    return [locatedOnStreetWarning(street, located.accuracyM, 'the civic number is not in the address data')]
  }
  return []
}
