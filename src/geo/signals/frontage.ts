// Is there a road at the point at all? Water, wilderness, a park interior (methodology §2.5).
import { deepInPark, roadEvidenceWithin } from '../geodata'
import type { ScoreWarning } from '../geodata'

import type { FeatureInput } from './inputs'
/**
 * No cell of the road mask within this many cells (≈ 1.0–1.7 km; measured/road-mask.ts): no road,
 * address, stop or census point is known near the point. Validation (`npm run validate:road-mask`,
 * docs/methodology.md §2.5): of real roads left out of the mask, 4.0 % of Ottawa's road segments (mostly
 * rural) and 1.2 % of Edmonton's count sites are that far; Lake Ontario, Lake Winnipeg and mid-Lac
 * Saint-Louis are.
 */
const NO_ROAD_CELLS = 3
/** A point this far inside a park on every side is not at a street frontage. */
const PARK_INSIDE_M = 40
/** A caller's street farther than this from the point does not show that a road is there. */
const STREET_NEAR_M = 150
/**
 * Where a street network holds streets around a point, none within this distance means no road at the point
 * (water, a park interior, a rail yard). The GTA file lost every straight stretch of over 250 m between two nodes
 * (a point mid-gap is ≤ 125 m from what remains, plus half the road's width), and a freeway's right-of-way is
 * 100–170 m wide; on 2,062 Toronto signals, all on roads, the farthest nearest piece is (methodology §2.5)
 * well inside it.
 */
export const NO_STREET_M = 300

/**
 * A street network holds streets around the point, none within NO_STREET_M. Farther than a kilometre from its
 * nearest street (the network's edge may be near: a municipality the source left out), the road mask must
 * also show nothing within one cell (≈ 0.3–0.55 km): no address, stop or census point.
 */
function networkShowsNoStreet(input: FeatureInput): boolean {
  const nearestM = input.networkNearestM
  if (nearestM === undefined || nearestM <= NO_STREET_M) return false
  return nearestM <= 1000 || !roadEvidenceWithin(input.lat, input.lng, 1)
}

export type Frontage = { kind: 'none' } | { kind: 'noRoad' | 'park'; warning: ScoreWarning }
/** The usual answer, one object for every score. */
export const AT_A_ROAD: Frontage = Object.freeze({ kind: 'none' })

/**
 * Coordinates with no known street: is there a road at all? (water, wilderness, a park interior)
 * `nearEvidence`: a DA point within 300 m or a stop within 400 m already puts road evidence within
 * one mask cell, so the mask is not read (the same answer, cheaper).
 */
export function frontageAt(input: FeatureInput, exact: boolean, nearEvidence: boolean): Frontage {
  if (!exact) return AT_A_ROAD
  const street = input.street
  if (street?.name && (street.offsetM === undefined || street.offsetM <= STREET_NEAR_M)) return AT_A_ROAD
  if (!nearEvidence && networkShowsNoStreet(input))
    return {
      kind: 'noRoad',
      warning: {
        code: 'NO_ROAD_NEARBY',
        message:
          `The street network around the point has no street within ${NO_STREET_M} m (the nearest is ${input.networkNearestM} m away) ` +
          'and no census point or transit stop is near (water, a park interior, or land without streets): vehicle traffic and ' +
          'pedestrians are taken as none. Give the street address if a road is there.',
      },
    }
  if (!nearEvidence && !roadEvidenceWithin(input.lat, input.lng, NO_ROAD_CELLS))
    return {
      kind: 'noRoad',
      warning: {
        code: 'NO_ROAD_NEARBY',
        message:
          'No road, address, transit stop or census point is known within about 1–1.5 km (water, wilderness, or a road our data ' +
          'lacks): vehicle traffic and pedestrians are taken as none. Give the street address if a road is there.',
      },
    }
  if (deepInPark(input.lat, input.lng, PARK_INSIDE_M))
    return {
      kind: 'park',
      warning: {
        code: 'IN_PARK',
        message: `The point lies more than ${PARK_INSIDE_M} m inside a park (City of Toronto green spaces): no vehicle traffic passes it.`,
      },
    }
  return AT_A_ROAD
}
