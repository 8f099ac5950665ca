// Entry of the geodata layer: the bundled store (places, FSAs, stations, CMAs), the measured
// artefacts' readers and indexes (measured/), street-type and province vocabulary, text keys, the
// one geodesy module, and the result vocabulary (precision, warnings). Imports nothing above it.

export {
  ACCURACY_TERMS,
  type AccuracyTerm,
  accuracyOf,
  decodeRawTerm,
  localTermM,
  fsaAccuracyM,
  placeAccuracyM,
  populationDiscM,
  useRawAccuracyTerms,
} from './accuracy'
export { CANADA_BOUNDS, isInCanada, isInCanadaBounds, isInUnitedStates } from './border'
export { urbanContext, type UrbanContext } from './context'
export { bearingDeg, distanceKm, distanceM, localFrame, METRES_PER_DEGREE_LAT, metresPerDegreeLng } from './geodesy'
export {
  censusAt,
  type CensusSample,
  type CountedSection,
  countedSectionsNear,
  deepInPark,
  nearestDaPoints,
  type AreaDa,
  poisNear,
  type PoisNear,
  roadEvidenceWithin,
  SectionBands,
  type SectionFilter,
  type SpeedZone,
  speedZoneAt,
  tractAt,
  transitStopsAround,
} from './measured'
export { METRES_PER_DEGREE, type NearestPoint } from './measured/planar'
export { PointMemo } from './measured/point-memo'
export { GEOCODE_PRECISIONS, type GeocodePrecision } from './precision'
export { MAX_PROVINCE_WORDS, PROVINCE_CODES, PROVINCE_NAMES, type ProvinceCode, provinceFromText, provinceOfPostalCode } from './provinces'
export { DATA_SOURCES, DATA_VERSION, type DataSource, STORE_COUNT_EXTENTS, STORE_STREET_EXTENTS } from './sources'
export { type Fsa, geoStore, type Place, PLACE_MEAN_DENSITY } from './store'
export { cellOf, cellsAround, cellsInBox, COVERING_STREET_SOURCES, MAX_CELL_QUERY_M, ROAD_CLASS_SCALE } from './store-format'
export { classifyStreet, FRENCH_LEADING, LEADING_TYPES, type StreetClassification, TRAILING_TYPES } from './street-types'
export { bareToken, boxAround, normalizeName, titleCaseKey } from './text'
export { locatedOnStreetWarning, locationWarnings, type ScoreWarning, warning, WARNING_CODES, type WarningCode } from './warnings'
