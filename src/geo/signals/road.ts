// The road class of the point's own street: a network's class, the street's type and name, or the
// coordinates' evidence (methodology §2.2, §2.3).
import type { SpeedZone } from '../geodata'
import { busRouteOffsetM, roadClassFromCoordinates, type RoadClassEstimate, type StopPoint } from './model/road-class'
import type { StreetClassification } from '../geodata'
import { clamp01 } from '../../lib/math'

import type { Measured, FeatureInput, FeatureOptions, KnownStreet } from './inputs'
import { fitMethod } from './method-text'
export function roadClassAt(
  input: FeatureInput,
  known: StreetClassification | undefined,
  measured: Measured,
  stops: readonly StopPoint[] | undefined,
  exact: boolean,
  options: FeatureOptions,
  speedZone: SpeedZone | undefined,
): RoadClassEstimate {
  const network = input.street?.roadClass
  if (network !== undefined && network >= 1 && network <= 6) {
    // A street network's class (the caller's geodata store) beats any inference from the name.
    return {
      roadClass: network,
      method: `measured: street network (${input.street?.classSource ?? 'class given with the street'}, ${input.street?.name})`,
      confidence: 'high',
    }
  }
  const offAddress = exact && stops !== undefined && known !== undefined && offAddressPoint(input.street, known)
  if (known && stops && offAddress && atCornerOfAddresses(input.street)) {
    // A coordinate off any address point between two streets' addresses (a corner) is given the nearest
    // address's street, as often the cross street: a generic type or a listed name then says less of the road
    // at the point than the point's own evidence (the coordinates path: the bus-route test, §2.3). A specific
    // type (Blvd, Trail, Cres) keeps its class, never below the point's evidence.
    const atPoint = roadClassFromCoordinates(input.lat, input.lng, stops, measured.popDensity, {
      excludeSections: options.excludeSections,
      speedZone,
    })
    const specific = known.basis === 'type' && (known.roadClass < 1.8 || known.roadClass >= 3)
    if (specific && known.roadClass > atPoint.roadClass) return { roadClass: known.roadClass, method: 'street-type', confidence: 'medium' }
    return { ...atPoint, method: fitMethod(`${atPoint.method}; nearest address on ${input.street?.name}`) }
  }
  if (known) {
    // Downtown grids are busy on every street: a plain "St"/"rue" among hundreds of businesses or
    // at a transit hub acts as an arterial (prairie downtowns have few OSM POIs but dense transit).
    const downtown = Math.max(clamp01((Math.log10(Math.max(measured.poiCount1km, 1)) - 2) / 0.6), clamp01((measured.transit - 40) / 60))
    // A generic type ("St", "Ave", "Rd") says little of the street's role: buses running along it at the
    // point (the bus-route proxy, §2.2) make it at least a minor arterial.
    const generic = known.basis === 'type' && known.roadClass >= 1.8 && known.roadClass < 3
    const routeOffsetM = (generic && exact) || offAddress ? busRouteOffsetM(input.lat, input.lng, stops ?? []) : Infinity
    const onBusRoute = generic && exact && stops !== undefined && routeOffsetM < 4
    // Off an address point the located street is a guess: downtown, it is lifted only where buses pass the point.
    const liftable = !offAddress || routeOffsetM < 10
    const downtownLift = liftable && known.roadClass >= 1.8 && known.roadClass < 4 ? 1.2 * downtown : 0
    const base = onBusRoute ? 3 : known.roadClass
    return {
      roadClass: Math.min(4, Math.max(base, known.roadClass + downtownLift)),
      method: `street-${known.basis}${onBusRoute ? '+bus route' : ''}${downtownLift > 0.05 ? '+downtown' : ''}`,
      confidence: known.basis === 'type' ? 'medium' : 'high',
    }
  }
  if (!exact)
    return {
      roadClass: 1.5,
      method: 'unknown street at an area position: between local and collector',
      confidence: 'low',
    }
  return roadClassFromCoordinates(input.lat, input.lng, stops, measured.popDensity, {
    excludeSections: options.excludeSections,
    speedZone,
  })
}

/** A coordinate this close to a civic address point stands at that address: its street's class is the address's. */
export const AT_ADDRESS_POINT_M = 15

/** Another street's address point less than this many times as far as the nearest: the point is at a corner. */
export const CORNER_RATIO = 1.5

/** The store named the street from a civic address point the coordinate is not at, and no network gives its class. */
function offAddressPoint(street: KnownStreet | undefined, known: StreetClassification): boolean {
  return street?.addressPointM !== undefined && street.addressPointM > AT_ADDRESS_POINT_M && street.roadClass === undefined && !known.rural
}

/** Between two streets' addresses: either street may be the road at the point. */
function atCornerOfAddresses(street: KnownStreet | undefined): boolean {
  return (
    street?.otherStreetM !== undefined && street.addressPointM !== undefined && street.otherStreetM < CORNER_RATIO * street.addressPointM
  )
}
