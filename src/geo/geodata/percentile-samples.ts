// The score distribution behind `percentiles` (src/geo/data/percentiles.generated.ts, built by npm run
// build:percentiles, docs/methodology.md §9): per covered CMA, n points along its streets with their seven factor
// scores, and the default weights' percentage tables. Each part is decoded once per isolate, when first asked for:
// the tables (6 KB) by the first score, the samples (93 KB) only by the first score with other weights.
import { PERCENTILE_NOT_COVERED, PERCENTILE_SAMPLES } from '../data/percentiles.generated'

export interface PercentileCma {
  /** The CMA's name as in the CMA table (src/geo/data/income.ts). */
  name: string
  /** 2021 population: the CMA's weight in the national distribution. */
  population: number
  n: number
}
export interface PercentileSampleSet extends PercentileCma {
  /** n × 7 factor scores in tenths, sample-major, factors in the order of `factors`. */
  tenths: Uint16Array
}
export interface PercentileSamples {
  factors: readonly string[]
  cmas: readonly PercentileSampleSet[]
}
/** Percentages by score in tenths (index 0…1000): per covered CMA in `percentileCmas()` order, and the national mix. */
export interface PercentTables {
  byCma: Uint8Array[]
  national: Uint8Array
}

/** CMAs the store holds streets for but not the whole network, with why (their `cma` percentile is absent). */
export const PERCENTILE_NOT_COVERED_WHY: Readonly<Record<string, string>> = PERCENTILE_NOT_COVERED

const CMAS: readonly PercentileCma[] = PERCENTILE_SAMPLES.cmas.map(({ name, population, n }) => ({ name, population, n }))
/** The covered CMAs, in the artefact's order (no decoding). */
export const percentileCmas = (): readonly PercentileCma[] => CMAS

function bytesOf(base64: string): Uint8Array {
  const bin = atob(base64)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

let samples: PercentileSamples | undefined
export function percentileSamples(): PercentileSamples {
  if (samples) return samples
  const factors: readonly string[] = PERCENTILE_SAMPLES.factors
  const cmas = PERCENTILE_SAMPLES.cmas.map((c) => {
    const bytes = bytesOf(c.scores)
    if (bytes.length !== c.n * factors.length * 2)
      throw new Error(`percentile samples: ${bytes.length} bytes for ${c.n} × ${factors.length}`)
    // Little-endian uint16, as the build wrote it (Buffer on any platform).
    const tenths = new Uint16Array(c.n * factors.length)
    for (let i = 0; i < tenths.length; i++) tenths[i] = bytes[2 * i] | (bytes[2 * i + 1] << 8)
    return { name: c.name, population: c.population, n: c.n, tenths }
  })
  samples = { factors, cmas }
  return samples
}

let defaults: PercentTables | undefined
export function percentileDefaultTables(): PercentTables {
  defaults ??= {
    byCma: PERCENTILE_SAMPLES.cmas.map((c) => bytesOf(c.defaultPercent)),
    national: bytesOf(PERCENTILE_SAMPLES.nationalDefaultPercent),
  }
  return defaults
}
