// Pure helpers that turn model output into values the API can stand behind.
import { FACTOR_KEYS, WeightProfileSchema, type WeightProfile } from '../../scoring'

/**
 * Scales seven non-negative weights to sum 1.0 and rounds them to 3 decimals, putting the rounding
 * remainder on the largest weight so the rounded sum is exactly 1.000. Returns null when the input
 * cannot be a profile (missing keys, negative or non-finite values, all zero).
 */
export function renormaliseWeights(raw: unknown): WeightProfile | null {
  if (!raw || typeof raw !== 'object') return null
  const values = FACTOR_KEYS.map((k) => (raw as Record<string, unknown>)[k])
  if (!values.every((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0)) return null
  const sum = values.reduce((s, v) => s + v, 0)
  if (sum <= 0) return null
  // Work in integer thousandths so the arithmetic is exact.
  const thousandths = values.map((v) => Math.round((v / sum) * 1000))
  const remainder = 1000 - thousandths.reduce((s, v) => s + v, 0)
  const largest = thousandths.indexOf(Math.max(...thousandths))
  thousandths[largest] += remainder
  const profile = Object.fromEntries(FACTOR_KEYS.map((k, i) => [k, thousandths[i] / 1000])) as WeightProfile
  // The team's schema is the judge of a valid profile (ranges, sum within 0.001).
  return WeightProfileSchema.safeParse(profile).success ? profile : null
}

/** Trims, collapses whitespace, drops empties and case-insensitive duplicates, keeping order. */
export function distinctStrings(values: readonly string[], maxLength: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const value of values) {
    const clean = value.replace(/\s+/g, ' ').trim().slice(0, maxLength)
    const key = clean.toLowerCase()
    if (!clean || seen.has(key)) continue
    seen.add(key)
    out.push(clean)
  }
  return out
}

/** Caps user text for a prompt (spec: user text is data, at most 2,000 characters). */
export const MAX_USER_TEXT = 2000
export const capText = (text: string, max = MAX_USER_TEXT) => text.slice(0, max)
