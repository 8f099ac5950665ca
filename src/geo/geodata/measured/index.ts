// Measured open data for the scoring model, bundled with the worker as compact binary artefacts
// (src/geo/data/*.bin, built by `npm run build:geodata`; formats in docs/data-pipeline.md). Pure:
// every table is decoded lazily, once per isolate; all distances are in metres.
export type { LookupOptions, MemoOptions } from './options'
export { censusAt, nearestDaPoints, type AreaDa, type CensusSample } from './census'
export { transitStopsNear, transitStopPointsNear, transitStopsAround } from './stops'
export { tractAt } from './tracts'
export { countedSectionsNear, type CountedSection, type SectionFilter, type SectionQuery } from './traffic'
export { SectionBands } from './section-bands'
export { speedZoneAt, type SpeedZone } from './speed-zones'
export { roadEvidenceWithin } from './road-mask'
export { deepInPark } from './parks'
export { poisNear, type PoisNear } from './pois'
