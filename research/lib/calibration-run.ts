// One bundle for research/calibrate-geocoder.mjs: the in-memory store, the geocoder and the switch to
// raw accuracy terms must share one copy of src/geo/geodata/accuracy.ts (loadTs bundles each entry on its own).
export { memoryGeodata } from '../../scripts/lib/geodata-memory'
export { typed } from './validate-store'
export { decodeRawTerm, localTermM, useRawAccuracyTerms, populationDiscM, ACCURACY_TERMS } from '../../src/geo/geodata/accuracy'
export { findPlace } from '../../src/geo/geocode'
export { geoStore } from '../../src/geo/geodata/store'
export { distanceKm, normalizeName } from '../../src/geo/geodata/text'
export { streetKeyOfText } from '../../src/geo/geocode/street-key'
export * from '../../scripts/lib/geodata-store-build'
export * from './calibrate-accuracy'
export { csvRecords } from '../../scripts/lib/csv.mjs'
