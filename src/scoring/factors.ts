// The factor model in one table: each factor's key, label, default weight, raw unit and curve. The
// weight profile and result schemas (weights.ts, schema.ts), the curves (curves.ts), the signal type
// (geo/signals/features.ts FactorSignals) derive from it, so a new curve or weight touches this file only. The keys
// and units are the signals' own (geo/signals/units.ts): the one thing this table imports, so geo never imports scoring.
// Keys and order are fixed by the API contract (spec §2.1); weights: docs/decisions.md §4; knots:
// docs/methodology.md §2 explains the real-world anchor behind each one.

import { type FactorKey, SIGNAL_UNITS } from '../geo/signals'

/** Piecewise linear between knots (in log10 space for `log`), flat outside; knots ascend in value and score. */
export interface Curve {
  scale: 'log' | 'linear'
  knots: readonly (readonly [value: number, score: number])[]
}
export interface FactorDefinition {
  label: string
  /** default weight; the seven sum to 1 */
  weight: number
  /** unit of the raw value (RawSignal.unit) */
  unit: string
  curve: Curve
}

export const FACTORS = {
  // AADT: quiet local street 400 → 40; collector 3,000 → 62; arterial 20,000 → 88; 40,000 → 97.
  vehicleTraffic: {
    label: 'Vehicle traffic',
    weight: 0.25,
    unit: SIGNAL_UNITS.vehicleTraffic,
    curve: {
      scale: 'log',
      knots: [
        [50, 0],
        [400, 40],
        [3000, 62],
        [10000, 78],
        [20000, 88],
        [40000, 97],
        [80000, 100],
      ],
    },
  },
  // Ordinal class: local 1 → 48, collector 2 → 58, minor arterial 3 → 70, major arterial 4 → 85, highway 5 → 93.
  roadClass: {
    label: 'Road class',
    weight: 0.25,
    unit: SIGNAL_UNITS.roadClass,
    curve: {
      scale: 'linear',
      knots: [
        [1, 48],
        [2, 58],
        [3, 70],
        [4, 85],
        [5, 93],
        [6, 100],
      ],
    },
  },
  // persons/km² (Census 2016, 1 km): rural < 5 → 0; small town 1,000 → 60; median urban DA 2,500 → 72;
  // 90th percentile of urban DAs 6,500 → 88; 99th 12,000 → 100.
  populationDensity: {
    label: 'Population density',
    weight: 0.1,
    unit: SIGNAL_UNITS.populationDensity,
    curve: {
      scale: 'log',
      knots: [
        [5, 0],
        [100, 30],
        [1000, 60],
        [2500, 72],
        [6500, 88],
        [12000, 100],
      ],
    },
  },
  // Median household income (CAD): Canada's 2020 median ≈ 84,000 → 74.
  income: {
    label: 'Household income',
    weight: 0.1,
    unit: SIGNAL_UNITS.income,
    curve: {
      scale: 'linear',
      knots: [
        [40000, 0],
        [60000, 40],
        [80000, 70],
        [100000, 90],
        [120000, 100],
      ],
    },
  },
  // OSM POIs within 1 km (Can-ALE 2016), anchored on urban DAs: median 36 → 59; 90th percentile 136 → 77;
  // 99th 540 → 93; downtown cores 1,500+ → 100; a village with 10 → 38.
  poiDensity: {
    label: 'Nearby businesses',
    weight: 0.1,
    unit: SIGNAL_UNITS.poiDensity,
    curve: {
      scale: 'log',
      knots: [
        [1, 0],
        [10, 38],
        [36, 59],
        [136, 77],
        [540, 93],
        [1500, 100],
      ],
    },
  },
  // Pedestrians/day. 3.0 fitted the model's scale on Vancouver's counts (× 4.14 over 2.x); the knots moved
  // by the same factor so a factor score means what it meant. The corner-stops term (issue 22 item 3) moved
  // the scale again (× 0.735 at its reference, 2 stops within 200 m), and the knots with it; the stops
  // weighted by distance (e^(−d/100 m)) moved it × 0.934 at their reference (1, a stop pair ~70 m away, which
  // is also 2 stops within 200 m): quiet street 172 → 35; main street 2,800 → 60; busy downtown corner
  // 14,400 → 80; 85,000 → 100.
  pedestrian: {
    label: 'Pedestrian activity',
    weight: 0.1,
    unit: SIGNAL_UNITS.pedestrian,
    curve: {
      scale: 'log',
      knots: [
        [14, 0],
        [172, 35],
        [2800, 60],
        [14400, 80],
        [85000, 100],
      ],
    },
  },
  // Transit commute share (%) expected of the stops within a walk and the density (geo/model/activity.ts
  // transitShareOf). Knots from research/fit-transit.mjs (TRANSIT_MODEL.curveKnots, a test keeps them equal):
  // 2.x's stop-equivalent knots moved to the share of the urban DA at the same rank, so no stop at 100
  // persons/km² → 0; median urban DA → 59; 90th percentile → 72; downtown with rapid transit → 100.
  transit: {
    label: 'Transit access',
    weight: 0.1,
    unit: SIGNAL_UNITS.transit,
    curve: {
      scale: 'linear',
      knots: [
        [0.3, 0],
        [2.1, 22],
        [4.65, 44],
        [8.91, 59],
        [18.12, 72],
        [34.71, 86],
        [52.24, 100],
      ],
    },
  },
} as const satisfies Record<FactorKey, FactorDefinition>

export type { FactorKey }
/** The keys in the contract's order. */
export const FACTOR_KEYS = Object.keys(FACTORS) as readonly FactorKey[] as readonly [FactorKey, ...FactorKey[]]
/** One value per factor, built from the table (the schemas and defaults below use it). */
export function perFactor<T>(value: (key: FactorKey, factor: FactorDefinition) => T): Record<FactorKey, T> {
  const out = {} as Record<FactorKey, T>
  for (const key of FACTOR_KEYS) out[key] = value(key, FACTORS[key])
  return out
}
