// Public surface of the pure geodata layer (no I/O, no clock, no env).
export { parseAddress, formatStreet, type ParsedAddress, type ParsedStreet } from './address'
export { geocodeOffline, findPlace, type GeocodeResult } from './geocode'
export { GEOCODE_PRECISIONS, type GeocodePrecision } from './precision'
export {
  featuresAt,
  type FactorSignals,
  type FeatureInput,
  type FeatureOptions,
  type KnownStreet,
} from './features'
export type { Confidence, RawSignal } from './signal-types'
export { trafficArea } from './model/traffic'
export { PEDESTRIAN_MODEL, TRAFFIC_MODEL } from './data/traffic-model.generated'
export { urbanContext, type UrbanContext } from './context'
export { classifyStreet, type StreetClassification } from './roads'
export { PROVINCE_CODES, PROVINCE_NAMES, provinceFromText, type ProvinceCode } from './provinces'
export { DATA_SOURCES, DATA_VERSION, type DataSource } from './sources'
export { geoStore } from './store'
export { CANADA_BOUNDS, isInCanada, isInCanadaBounds, isInUnitedStates } from './border'
export { WARNING_CODES, type WarningCode, type ScoreWarning } from './warnings'
