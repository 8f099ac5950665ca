// How exactly an input was located: the vocabulary the geocoder writes and the signals and the score
// read, so it lives below both (the signals never import the geocoder).

/**
 * How exactly an input was located, most exact first. `address`: a civic address point;
 * `interpolated`: between the nearest civic numbers on the same side of the street; `street`: a point
 * of the named street; `intersection`: where two named streets cross; `postal_code`: the FSA's
 * position; `city`: the place's position. Only `postal_code` and `city` are area positions.
 */
export const GEOCODE_PRECISIONS = ['coordinates', 'address', 'interpolated', 'street', 'intersection', 'postal_code', 'city'] as const
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number]
