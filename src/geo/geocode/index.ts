// Entry of the geocoding layer: parse addresses and intersections, match them against the bundled
// places and FSAs or the stores' streets and address points, interpolate along street lines. Imports
// geodata only (through its entry).

export { formatStreet, parseAddress, type ParsedAddress, type ParsedStreet, parseStreetText } from './address'
export {
  type AddressLookup,
  type AddressPoint,
  gridPieceNameKeys,
  lookupNameKeys,
  nearBoxE5,
  pieceNameKeys,
  planAddressLookup,
  resolveAddressLookup,
} from './address-lookup'
export { type Corner, cornerOf } from './corners'
export { findPlace, geocodeOffline, type GeocodeResult, isKnownPlaceName } from './offline'
export type { StreetGeometrySource } from './street-geometry'
export { streetKeyOf } from './street-key'
export { CROSS_STREET_M, placeOfPoint, type PointStreets, STREET_NAME_M, streetsLabel, streetsOfPoint } from './point-name'
export { SIGHT_M, type SightStreet, streetsInSight, streetsNear } from './streets-in-sight'
export { CLASS_SOURCES, decodePiece, nearestStreet, type NearestStreet, streetOfPiece, type StreetPiece } from './street-pieces'
