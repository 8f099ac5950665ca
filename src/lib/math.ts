// Small pure numeric helpers; src/geo and src/scoring may use them (no I/O).
export const clamp = (x: number, min: number, max: number): number => (x < min ? min : x > max ? max : x)
export const clamp01 = (x: number): number => clamp(x, 0, 1)
