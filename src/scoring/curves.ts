// Curves from each factor's raw signal to a 0–100 score. Piecewise linear between knots (in log10
// space for signals that span orders of magnitude), flat outside; knots ascend in both value and
// score, so every curve is monotone non-decreasing by construction. The knots live in the factor
// table (factors.ts); docs/methodology.md explains the real-world anchor behind each one.
import { perFactor, type Curve, type FactorKey } from './factors'

export type { Curve }
/** Each factor's curve, from the factor table (factors.ts). */
export const CURVES: Readonly<Record<FactorKey, Curve>> = perFactor((_, factor) => factor.curve)

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
  return curveAt(curve, positionsOf(curve), value)
}

function curveAt(curve: Curve, kx: readonly number[], value: number): number {
  if (!Number.isFinite(value)) return value > 0 ? curve.knots[curve.knots.length - 1][1] : curve.knots[0][1]
  const x = curve.scale === 'log' ? Math.log10(Math.max(value, 1e-9)) : value
  const k = curve.knots
  if (x <= kx[0]) return k[0][1]
  for (let i = 1; i < k.length; i++) {
    if (x <= kx[i]) return k[i - 1][1] + ((k[i][1] - k[i - 1][1]) * (x - kx[i - 1])) / (kx[i] - kx[i - 1])
  }
  return k[k.length - 1][1]
}

/** The factors' knot positions, looked up by key: seven WeakMap reads per score were ~5 % of buildScoreResult. */
const FACTOR_POSITIONS: Readonly<Record<FactorKey, readonly number[]>> = perFactor((key) => positionsOf(CURVES[key]))

export function factorScore(key: FactorKey, rawValue: number): number {
  return Math.round(curveAt(CURVES[key], FACTOR_POSITIONS[key], rawValue) * 10) / 10
}
