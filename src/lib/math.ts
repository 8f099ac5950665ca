// Small pure numeric helpers; src/geo and src/scoring may use them (no I/O).
export const clamp = (x: number, min: number, max: number): number => (x < min ? min : x > max ? max : x)
export const clamp01 = (x: number): number => clamp(x, 0, 1)

/** Piecewise-linear interpolation through [x, y] knots sorted by x, flat beyond the first and last. */
export function interpolateKnots(knots: readonly (readonly [number, number])[], x: number): number {
  if (x <= knots[0][0]) return knots[0][1]
  for (let i = 1; i < knots.length; i++) {
    if (x <= knots[i][0]) {
      const [x0, y0] = knots[i - 1]
      const [x1, y1] = knots[i]
      return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0)
    }
  }
  return knots[knots.length - 1][1]
}
