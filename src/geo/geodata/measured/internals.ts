// The decoded tables behind the measured lookups, for the data-pipeline tests and benchmarks
// (round-trips against the raw files, cold-decode timing). Not for the scoring model.
export { censusTable } from './census'
export { stopTable } from './stops'
export { tractTable, formatCtuid } from './tracts'
export { trafficTable } from './traffic'
export { speedZoneTable } from './speed-zones'
