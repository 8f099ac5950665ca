// Curves from each factor's raw signal to a 0–100 score. Piecewise linear between knots (in log10
// space for signals that span orders of magnitude), flat outside; knots ascend in both value and
// score, so every curve is monotone non-decreasing by construction. The knots are the calibration:
// docs/methodology.md explains the real-world anchor behind each one.
import type { FactorKey } from './weights'

export interface Curve {
  scale: 'log' | 'linear'
  knots: readonly (readonly [value: number, score: number])[]
}

export const CURVES: Readonly<Record<FactorKey, Curve>> = {
  // AADT: quiet local street 400 → 40; collector 3,000 → 62; arterial 20,000 → 88; 40,000 → 97.
  vehicleTraffic: {
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
  // Ordinal class: local 1 → 48, collector 2 → 58, minor arterial 3 → 70, major arterial 4 → 85, highway 5 → 93.
  roadClass: {
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
  // persons/km² (Census 2016, 1 km): rural < 5 → 0; small town 1,000 → 60; median urban DA 2,500 → 72;
  // 90th percentile of urban DAs 6,500 → 88; 99th 12,000 → 100.
  populationDensity: {
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
  // Median household income (CAD): Canada's 2020 median ≈ 84,000 → 74.
  income: {
    scale: 'linear',
    knots: [
      [40000, 0],
      [60000, 40],
      [80000, 70],
      [100000, 90],
      [120000, 100],
    ],
  },
  // OSM POIs within 1 km (Can-ALE 2016), anchored on urban DAs: median 36 → 59; 90th percentile 136 → 77;
  // 99th 540 → 93; downtown cores 1,500+ → 100; a village with 10 → 38.
  poiDensity: {
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
  // Pedestrians/day. 3.0 fitted the model's scale on Vancouver's counts (× 4.14 over 2.x); the knots moved
  // by the same factor so a factor score means what it meant: quiet street 250 → 35; main street 4,100 →
  // 60; busy downtown corner 21,000 → 80; the busiest counted corners (Vancouver's top 1 %, 50,000+) → 95+.
  pedestrian: {
    scale: 'log',
    knots: [
      [21, 0],
      [250, 35],
      [4100, 60],
      [21000, 80],
      [124000, 100],
    ],
  },
  // Walk-weighted stop equivalents within 800 m: none → 0; median urban DA ≈ 16 → 59; 90th percentile
  // ≈ 33 → 72; downtown with rapid transit 150+ → 100.
  transit: {
    scale: 'linear',
    knots: [
      [0, 0],
      [3, 22],
      [8, 44],
      [16, 59],
      [33, 72],
      [70, 86],
      [150, 100],
    ],
  },
}

/** Each curve's knot positions on its own scale (log10 of the value for log curves), computed once. */
const knotPositions = new WeakMap<Curve, readonly number[]>()
function positionsOf(curve: Curve): readonly number[] {
  let positions = knotPositions.get(curve)
  if (!positions) {
    positions = curve.knots.map(([value]) => (curve.scale === 'log' ? Math.log10(value) : value))
    knotPositions.set(curve, positions)
  }
  return positions
}

export function applyCurve(curve: Curve, value: number): number {
  if (!Number.isFinite(value)) return value > 0 ? curve.knots[curve.knots.length - 1][1] : curve.knots[0][1]
  const x = curve.scale === 'log' ? Math.log10(Math.max(value, 1e-9)) : value
  const k = curve.knots
  const kx = positionsOf(curve)
  if (x <= kx[0]) return k[0][1]
  for (let i = 1; i < k.length; i++) {
    if (x <= kx[i]) return k[i - 1][1] + ((k[i][1] - k[i - 1][1]) * (x - kx[i - 1])) / (kx[i] - kx[i - 1])
  }
  return k[k.length - 1][1]
}

export function factorScore(key: FactorKey, rawValue: number): number {
  return Math.round(applyCurve(CURVES[key], rawValue) * 10) / 10
}
