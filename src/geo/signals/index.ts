// Entry of the signal layer: the seven raw factor signals of a point (features.ts), the models that
// estimate them (model/) and their shared types. Imports geodata only (through its entry).

export { TRAFFIC_MODEL } from '../data/traffic-model.generated'
export { PEDESTRIAN_MODEL } from '../data/pedestrian-model.generated'
export { type FactorSignals, type FeatureInput, type FeatureOptions, featuresAt, type KnownStreet } from './features'
export { trafficArea } from './model/traffic'
export { COUNT_SNAP_M, type MeasuredCount } from './model/measured-counts'
export { COUNTED_STREET_RADIUS_M } from './model/counted-streets'
export type { Exposure, SightStreetInput } from './model/exposure'
export type { Confidence, RawSignal } from './types'
export { type FactorKey, SIGNAL_UNITS } from './units'
