import { describe, it, expect } from 'vitest'
import {
  CURVES,
  DEFAULT_WEIGHTS,
  FACTOR_KEYS,
  WeightProfileSchema,
  applyCurve,
  buildScoreResult,
  factorScore,
  gradeFor,
  scoreResultJson,
  scoreSignals,
  ScoreResultSchema,
  type WeightProfile,
} from '../../src/scoring'
import { featuresAt, type FactorSignals } from '../../src/geo/signals'

const signal = (value: number) => ({ value, unit: 'u', method: 'test', confidence: 'medium' as const })
const signals = (values: Partial<Record<keyof FactorSignals, number>> = {}): FactorSignals => ({
  vehicleTraffic: signal(values.vehicleTraffic ?? 12000),
  roadClass: signal(values.roadClass ?? 3),
  populationDensity: signal(values.populationDensity ?? 2500),
  income: signal(values.income ?? 85000),
  poiDensity: signal(values.poiDensity ?? 40),
  pedestrian: signal(values.pedestrian ?? 800),
  transit: signal(values.transit ?? 20),
})

describe('weights', () => {
  it('defaults follow docs/decisions.md §4 and sum to 1', () => {
    expect(FACTOR_KEYS.map((k) => DEFAULT_WEIGHTS[k])).toEqual([0.25, 0.25, 0.1, 0.1, 0.1, 0.1, 0.1])
    expect(WeightProfileSchema.safeParse(DEFAULT_WEIGHTS).success).toBe(true)
  })

  it('accepts a sum within ±0.001', () => {
    expect(WeightProfileSchema.safeParse({ ...DEFAULT_WEIGHTS, transit: 0.1009 }).success).toBe(true)
    expect(
      WeightProfileSchema.safeParse({
        vehicleTraffic: 1,
        roadClass: 0,
        populationDensity: 0,
        income: 0,
        poiDensity: 0,
        pedestrian: 0,
        transit: 0,
      }).success,
    ).toBe(true)
  })

  const issuesOf = (input: unknown) => {
    const r = WeightProfileSchema.safeParse(input)
    expect(r.success).toBe(false)
    return r.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  }

  it('rejects a missing key, naming it', () => {
    const { income: _omit, ...rest } = DEFAULT_WEIGHTS
    expect(issuesOf(rest)).toContainEqual({ path: 'income', message: 'income is required' })
  })

  it('rejects an unknown key', () => {
    const issues = issuesOf({ ...DEFAULT_WEIGHTS, footTraffic: 0 })
    expect(issues.some((i) => /footTraffic/.test(i.message) || i.path === 'footTraffic')).toBe(true)
  })

  it('rejects values outside [0, 1] and non-numbers', () => {
    expect(issuesOf({ ...DEFAULT_WEIGHTS, income: -0.1, transit: 0.3 })).toContainEqual({
      path: 'income',
      message: 'income must be between 0 and 1',
    })
    expect(issuesOf({ ...DEFAULT_WEIGHTS, vehicleTraffic: 1.5 })).toContainEqual({
      path: 'vehicleTraffic',
      message: 'vehicleTraffic must be between 0 and 1',
    })
    expect(issuesOf({ ...DEFAULT_WEIGHTS, roadClass: '0.1' })).toContainEqual({ path: 'roadClass', message: 'roadClass must be a number' })
  })

  it('rejects a sum off by more than 0.001 with a clear message', () => {
    const issues = issuesOf({ ...DEFAULT_WEIGHTS, transit: 0.2 })
    expect(issues).toHaveLength(1)
    expect(issues[0].message).toMatch(/sum to 1\.0.*got 1\.1/)
    expect(issuesOf({ ...DEFAULT_WEIGHTS, transit: 0.098 })[0].message).toMatch(/got 0\.998/)
  })

  it('rejects non-objects', () => {
    for (const bad of [null, [], 1, 'weights']) expect(WeightProfileSchema.safeParse(bad).success).toBe(false)
  })
})

describe('grades', () => {
  const cases: [number, string][] = [
    [100, 'A+'],
    [90, 'A+'],
    [89.99, 'A'],
    [80, 'A'],
    [79.99, 'B+'],
    [75, 'B+'],
    [74.99, 'B'],
    [70, 'B'],
    [69.99, 'C+'],
    [65, 'C+'],
    [64.99, 'C'],
    [60, 'C'],
    [59.99, 'D'],
    [50, 'D'],
    [49.99, 'F'],
    [0, 'F'],
  ]
  for (const [score, grade] of cases) it(`${score} → ${grade}`, () => expect(gradeFor(score)).toBe(grade))
})

describe('curves', () => {
  it('are monotone non-decreasing and bounded to 0–100', () => {
    for (const key of FACTOR_KEYS) {
      const max = CURVES[key].knots.at(-1)![0] * 3
      let previous = -Infinity
      for (let i = 0; i <= 2000; i++) {
        const value = CURVES[key].scale === 'log' ? max ** (i / 2000) - 1 : (max * i) / 2000
        const score = applyCurve(CURVES[key], value)
        expect(score, `${key} at ${value}`).toBeGreaterThanOrEqual(previous)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
        previous = score
      }
    }
  })

  it('raising one raw signal never lowers its factor score or the overall score', () => {
    for (const key of FACTOR_KEYS) {
      const base = scoreSignals(signals())
      const raised = scoreSignals({ ...signals(), [key]: signal(signals()[key].value * 2) })
      expect(raised.factorScores[key].score).toBeGreaterThanOrEqual(base.factorScores[key].score)
      expect(raised.overallScore).toBeGreaterThanOrEqual(base.overallScore)
    }
  })

  it('distinguishes real levels (not flat)', () => {
    expect(factorScore('vehicleTraffic', 40000)).toBeGreaterThan(factorScore('vehicleTraffic', 400) + 30)
    expect(factorScore('transit', 150)).toBe(100)
    expect(factorScore('transit', 0)).toBe(0)
  })
})

describe('scoreSignals', () => {
  it('overall = Σ score × weight, rounded to one decimal', () => {
    const weights: WeightProfile = {
      vehicleTraffic: 0.3,
      roadClass: 0.05,
      populationDensity: 0.2,
      income: 0.05,
      poiDensity: 0.1,
      pedestrian: 0.2,
      transit: 0.1,
    }
    const { factorScores, overallScore } = scoreSignals(signals(), weights)
    const sum = FACTOR_KEYS.reduce((s, k) => s + factorScores[k].score * factorScores[k].weight, 0)
    expect(overallScore).toBe(Math.round(sum * 10) / 10)
    for (const k of FACTOR_KEYS) expect(factorScores[k].weight).toBe(weights[k])
  })

  it('all weight on one factor gives that factor’s score', () => {
    const only = { vehicleTraffic: 0, roadClass: 0, populationDensity: 0, income: 0, poiDensity: 0, pedestrian: 1, transit: 0 }
    const { factorScores, overallScore } = scoreSignals(signals(), only)
    expect(overallScore).toBe(factorScores.pedestrian.score)
  })

  it('is deterministic', () => {
    const a = buildScoreResult({ lat: 43.6487, lng: -79.3817, address: 'King & Bay', precision: 'coordinates' })
    const b = buildScoreResult({ lat: 43.6487, lng: -79.3817, address: 'King & Bay', precision: 'coordinates' })
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    expect(JSON.stringify(featuresAt({ lat: 50.1, lng: -106.2 }))).toBe(JSON.stringify(featuresAt({ lat: 50.1, lng: -106.2 })))
  })
})

describe('buildScoreResult', () => {
  it('returns the spec §2.2 fields plus precision and versions, valid against ScoreResultSchema', () => {
    const r = buildScoreResult({ lat: 45.5017, lng: -73.5673, address: 'Montréal', precision: 'city' })
    expect(ScoreResultSchema.safeParse(r).success).toBe(true)
    expect(Object.keys(r.factorScores)).toEqual([...FACTOR_KEYS])
    for (const f of Object.values(r.factorScores)) {
      expect(['high', 'medium', 'low']).toContain(f.raw.confidence)
      expect(f.raw.method.length).toBeGreaterThan(0)
      expect(f.label.length).toBeGreaterThan(0)
    }
    for (const s of Object.values(r.dataSources)) expect(Object.keys(s).sort()).toEqual(['licence', 'name', 'url', 'vintage'])
    expect(r.precision).toBe('city')
    expect(r.methodologyVersion).toMatch(/^\d+\.\d+\.\d+$/)
    expect(r.grade).toBe(gradeFor(r.overallScore))
  })

  it('custom weights change the overall score as the factor scores predict', () => {
    const point = { lat: 43.6487, lng: -79.3817, address: 'x', precision: 'coordinates' as const }
    const trafficOnly = buildScoreResult(point, {
      vehicleTraffic: 1,
      roadClass: 0,
      populationDensity: 0,
      income: 0,
      poiDensity: 0,
      pedestrian: 0,
      transit: 0,
    })
    expect(trafficOnly.overallScore).toBe(trafficOnly.factorScores.vehicleTraffic.score)
  })
})

describe('scoreResultJson', () => {
  it('is JSON.stringify of the result, byte for byte, whatever the result holds', () => {
    const results = [
      buildScoreResult({ lat: 45.5017, lng: -73.5673, address: 'Montréal « centre »', precision: 'city' }),
      buildScoreResult({
        lat: 43.6487,
        lng: -79.3817,
        address: '1 "Quoted" St\n',
        precision: 'coordinates',
        street: { name: 'Yonge', type: 'St' },
      }),
      buildScoreResult({ lat: 74.0, lng: -95.0, address: 'far north', precision: 'coordinates', accuracyM: 12 }),
    ]
    for (const r of results) expect(scoreResultJson(r)).toBe(JSON.stringify(r))
  })

  it('serialises a result whose dataSources differ from the bundled table as they are', () => {
    const r = buildScoreResult({ lat: 45.4215, lng: -75.6972, address: 'Ottawa', precision: 'coordinates' })
    const first = Object.keys(r.dataSources)[0]
    const changed = { ...r, dataSources: { ...r.dataSources, [first]: { ...r.dataSources[first], vintage: 'other' } } }
    const fewer = { ...r, dataSources: { [first]: r.dataSources[first] } }
    const withUndefined = { ...r, accuracyM: undefined as unknown as number }
    for (const x of [changed, fewer, withUndefined]) expect(scoreResultJson(x)).toBe(JSON.stringify(x))
    expect(scoreResultJson(changed)).toContain('"vintage":"other"')
  })
})
