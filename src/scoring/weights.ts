// Factor keys (fixed by spec §2.1), default weights (docs/decisions.md §4) and labels, all from the
// factor table (factors.ts), and the weight-profile schema.
import { z } from '@hono/zod-openapi'
import { FACTOR_KEYS, perFactor, type FactorKey } from './factors'

export { FACTOR_KEYS, type FactorKey }
export type WeightProfile = Record<FactorKey, number>

export const DEFAULT_WEIGHTS: Readonly<WeightProfile> = Object.freeze(perFactor((_, factor) => factor.weight))

export const FACTOR_LABELS: Readonly<Record<FactorKey, string>> = perFactor((_, factor) => factor.label)

export const WEIGHT_SUM_TOLERANCE = 0.001

const weight = (key: FactorKey) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${key} is required` : `${key} must be a number`) })
    .min(0, { error: `${key} must be between 0 and 1` })
    .max(1, { error: `${key} must be between 0 and 1` })
    .openapi({ example: DEFAULT_WEIGHTS[key] })

export const WeightProfileSchema = z
  .strictObject(perFactor((key) => weight(key)))
  .superRefine((w, ctx) => {
    const sum = FACTOR_KEYS.reduce((s, k) => s + w[k], 0)
    if (Math.abs(sum - 1) > WEIGHT_SUM_TOLERANCE) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `weights must sum to 1.0 (±${WEIGHT_SUM_TOLERANCE}); got ${Number(sum.toFixed(6))}`,
      })
    }
  })
  .openapi('WeightProfile', {
    description: 'Relative importance of the seven factors. All seven keys are required, each in [0, 1], summing to 1.0 (±0.001).',
    example: { ...DEFAULT_WEIGHTS },
  })
