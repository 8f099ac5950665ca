// Methodology 4.1: every score says where it stands among the street frontage of its CMA and of the covered CMAs
// (docs/methodology.md §9). The expected shares are counted here by brute force over the decoded samples, the
// plain way (no sort, no cache), for the default weights and for others.
import { describe, expect, it } from 'vitest'
import { percentileDefaultTables, percentileSamples, type PercentileSampleSet } from '../../src/geo/geodata'
import {
  buildScoreResult,
  DEFAULT_WEIGHTS,
  FACTOR_KEYS,
  PERCENTILE_NATIONAL_TEXT,
  percentilesAt,
  profileTables,
  ScoreResultSchema,
  type WeightProfile,
} from '../../src/scoring'

const at = (lat: number, lng: number, weights?: WeightProfile) =>
  buildScoreResult({ lat, lng, address: `${lat}, ${lng}`, precision: 'coordinates' }, weights)

/** Overall scores of a CMA's samples, as scoreSignals would give them for these weights. */
function overallOf(set: PercentileSampleSet, weights: WeightProfile): number[] {
  const out: number[] = []
  for (let i = 0; i < set.n; i++) {
    let total = 0
    FACTOR_KEYS.forEach((k, j) => {
      total += (set.tenths[i * FACTOR_KEYS.length + j] / 10) * weights[k]
    })
    out.push(Math.round(total * 10) / 10)
  }
  return out
}
const shareBelow = (scores: number[], score: number) => scores.filter((s) => s < score).length / scores.length
function expected(cma: string | null | undefined, score: number, weights: WeightProfile) {
  const sets = percentileSamples().cmas
  const pop = sets.reduce((t, s) => t + s.population, 0)
  const national = sets.reduce((t, s) => t + shareBelow(overallOf(s, weights), score) * s.population, 0) / pop
  const own = sets.find((s) => s.name === cma)
  return { cma: own ? Math.floor(100 * shareBelow(overallOf(own, weights), score)) : null, national: Math.floor(100 * national) }
}

const CUSTOM: WeightProfile = {
  vehicleTraffic: 0.05,
  roadClass: 0.05,
  populationDensity: 0.1,
  income: 0.5,
  poiDensity: 0.1,
  pedestrian: 0.1,
  transit: 0.1,
}

describe('percentile samples (the committed artefact)', () => {
  it('covers five CMAs with 1,000 samples each, factor scores 0–100', () => {
    const s = percentileSamples()
    expect(s.factors).toEqual([...FACTOR_KEYS])
    expect(s.cmas.map((c) => c.name).sort()).toEqual([
      'Kitchener - Cambridge - Waterloo',
      'Montréal',
      'Ottawa - Gatineau',
      'Toronto',
      'Vancouver',
    ])
    for (const c of s.cmas) {
      expect(c.n, c.name).toBe(1000)
      expect(Math.max(...c.tenths), c.name).toBeLessThanOrEqual(1000)
      // A real spread, not one value repeated: the samples reach from quiet streets to busy ones.
      const overall = overallOf(c, DEFAULT_WEIGHTS).sort((a, b) => a - b)
      expect(overall[900] - overall[100], c.name).toBeGreaterThan(15)
    }
  })
  it('the shipped default-weight tables are what the engine computes from the samples', () => {
    const shipped = percentileDefaultTables()
    const computed = profileTables(percentileSamples().cmas, DEFAULT_WEIGHTS)
    expect(shipped.national).toEqual(computed.national)
    expect(shipped.byCma).toEqual(computed.byCma)
    expect(shipped.byCma.map((t) => t.length)).toEqual([1001, 1001, 1001, 1001, 1001])
  })

  it('the OpenAPI description names every covered CMA (it is written by hand)', () => {
    const text = PERCENTILE_NATIONAL_TEXT
    for (const c of percentileSamples().cmas) expect(text, c.name).toContain(c.name.split(' - ')[0])
  })
})

describe('percentiles of a score', () => {
  it('default weights: the share of each CMA’s samples scoring strictly lower, exactly', () => {
    for (const [lat, lng, cma] of [
      [43.6561, -79.3802, 'Toronto'], // Yonge-Dundas
      [43.7315, -79.2625, 'Toronto'], // Scarborough, a residential street
      [45.5017, -73.5673, 'Montréal'],
      [49.2635, -123.1383, 'Vancouver'],
      [45.4215, -75.6972, 'Ottawa - Gatineau'],
      [43.4643, -80.5204, 'Kitchener - Cambridge - Waterloo'],
    ] as const) {
      const r = at(lat, lng)
      expect(r.percentiles, cma).toEqual({ ...expected(cma, r.overallScore, DEFAULT_WEIGHTS), cmaName: cma })
      expect(r.warnings.map((w) => w.code)).not.toContain('CMA_NOT_COVERED')
      expect(ScoreResultSchema.safeParse(r).success).toBe(true)
    }
  })

  it('a downtown corner ranks high in its CMA; a quiet suburban street lower', () => {
    const downtown = at(43.6561, -79.3802).percentiles!
    const suburb = at(43.7315, -79.2625).percentiles!
    expect(downtown.cma).toBeGreaterThan(90)
    expect(suburb.cma).toBeLessThan(downtown.cma!)
  })

  it('other weights: the samples are re-scored with them, so the share is exact for those weights too', () => {
    for (const [lat, lng] of [
      [43.6561, -79.3802],
      [49.2635, -123.1383],
    ]) {
      const r = at(lat, lng, CUSTOM)
      expect(r.percentiles).toEqual({ ...expected(r.percentiles!.cmaName, r.overallScore, CUSTOM), cmaName: r.percentiles!.cmaName })
    }
    // The same score ranks differently under different weights: the distribution follows the weights.
    const d = percentilesAt(43.6561, -79.3802, 60, DEFAULT_WEIGHTS).percentiles!
    const c = percentilesAt(43.6561, -79.3802, 60, CUSTOM).percentiles!
    expect(c.cma).not.toBe(d.cma)
    expect(c.cma).toBe(expected('Toronto', 60, CUSTOM).cma)
  })

  it('ends of the scale: 0 scores above nothing, 100 above everything', () => {
    expect(percentilesAt(43.65, -79.38, 0, DEFAULT_WEIGHTS).percentiles).toEqual({ cma: 0, national: 0, cmaName: 'Toronto' })
    expect(percentilesAt(43.65, -79.38, 100.1, DEFAULT_WEIGHTS).percentiles).toEqual({ cma: 100, national: 100, cmaName: 'Toronto' })
  })

  it('a CMA the samples do not cover: cma null, national still given, a warning says why', () => {
    const cases = [
      [49.8951, -97.1384, /Winnipeg are not in the percentile samples/], // Winnipeg: no street data
      [51.0461, -114.066, /Calgary hold main roads only/], // Calgary: main roads only
      [50.2, -98.9, /in no census metropolitan area/], // rural Manitoba
    ] as const
    for (const [lat, lng, why] of cases) {
      const r = at(lat, lng)
      expect(r.percentiles).toEqual({ cma: null, national: expected(undefined, r.overallScore, DEFAULT_WEIGHTS).national, cmaName: null })
      const w = r.warnings.filter((x) => x.code === 'CMA_NOT_COVERED')
      expect(w).toHaveLength(1)
      expect(w[0].message).toMatch(why)
      expect(ScoreResultSchema.safeParse(r).success).toBe(true)
    }
  })
})
