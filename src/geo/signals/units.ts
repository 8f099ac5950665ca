// The seven factor signals by key, with the unit each raw value carries (RawSignal.unit). The signals'
// own vocabulary, so it lives with them: the factor table (src/scoring/factors.ts) is keyed by these keys and
// takes these units, and the signals import nothing of scoring. Keys and order: the API contract (spec §2.1).
export const SIGNAL_UNITS = {
  vehicleTraffic: 'vehicles/day (AADT)',
  roadClass: 'class 1 local … 6 freeway',
  populationDensity: 'persons/km²',
  income: 'CAD/year',
  poiDensity: 'OpenStreetMap POIs within 1 km',
  pedestrian: 'pedestrians/day (est.)',
  transit: '% of commuters by transit (modelled)',
} as const

/** A factor's key: one of the seven signals. */
export type FactorKey = keyof typeof SIGNAL_UNITS
