// The score distribution's samples (src/geo/data/percentiles.generated.ts, built by npm run build:percentiles):
// per covered CMA, n points along its streets with their seven factor scores. Decoded once per isolate, on the
// first score that asks (≈ 70 KB of base64: well under a millisecond).
import { PERCENTILE_NOT_COVERED, PERCENTILE_SAMPLES } from '../data/percentiles.generated'

export interface PercentileSampleSet {
  /** The CMA's name as in the CMA table (src/geo/data/income.ts). */
  name: string
  /** 2021 population: the CMA's weight in the national distribution. */
  population: number
  n: number
  /** n × 7 factor scores in tenths, sample-major, factors in the order of `factors`. */
  tenths: Uint16Array
}

export interface PercentileSamples {
  factors: readonly string[]
  cmas: readonly PercentileSampleSet[]
  byName: ReadonlyMap<string, PercentileSampleSet>
  /** CMAs the store holds streets for but not the whole network, with why (their `cma` percentile is absent). */
  notCovered: Readonly<Record<string, string>>
}

let decoded: PercentileSamples | undefined

function tenthsOf(base64: string, n: number, factors: number): Uint16Array {
  const bin = atob(base64)
  const out = new Uint16Array(n * factors)
  if (bin.length !== out.length * 2) throw new Error(`percentile samples: ${bin.length} bytes for ${n} × ${factors} scores`)
  // Little-endian uint16, as the build wrote it (Buffer on any platform).
  for (let i = 0; i < out.length; i++) out[i] = bin.charCodeAt(2 * i) | (bin.charCodeAt(2 * i + 1) << 8)
  return out
}

export function percentileSamples(): PercentileSamples {
  if (decoded) return decoded
  const factors: readonly string[] = PERCENTILE_SAMPLES.factors
  const cmas = PERCENTILE_SAMPLES.cmas.map((c) => ({
    name: c.name,
    population: c.population,
    n: c.n,
    tenths: tenthsOf(c.scores, c.n, factors.length),
  }))
  decoded = { factors, cmas, byName: new Map(cmas.map((c) => [c.name, c])), notCovered: PERCENTILE_NOT_COVERED }
  return decoded
}
