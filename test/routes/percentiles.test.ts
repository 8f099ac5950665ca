// POST /score and /compare say where a score stands in its CMA and among the covered CMAs (issue 34 item 3,
// docs/methodology.md §9); where the CMA is not covered `cma` is null and a warning says why.
import { describe, expect, it } from 'vitest'
import { call, createKey } from '../helpers/api'

const CUSTOM = {
  vehicleTraffic: 0.05,
  roadClass: 0.05,
  populationDensity: 0.1,
  income: 0.5,
  poiDensity: 0.1,
  pedestrian: 0.1,
  transit: 0.1,
}

describe('percentiles in score results', () => {
  it('a covered city (Toronto, Ottawa): percentiles within the CMA and nationally, no CMA warning', async () => {
    const { key } = await createKey()
    const downtown = await call('/api/v1/score', { key, body: { lat: 43.6561, lng: -79.3802 } })
    expect(downtown.status).toBe(200)
    const p = downtown.json.percentiles
    expect(p.cmaName).toBe('Toronto')
    expect(p.cma).toBeGreaterThanOrEqual(90) // Yonge-Dundas: among the busiest frontage of the GTA
    expect(p.national).toBeGreaterThanOrEqual(0)
    expect(downtown.json.warnings.map((w: { code: string }) => w.code)).not.toContain('CMA_NOT_COVERED')
    const ottawa = await call('/api/v1/score', { key, body: { lat: 45.3311, lng: -75.8121 } }) // Kanata, suburban
    expect(ottawa.json.percentiles.cmaName).toBe('Ottawa - Gatineau')
    expect(ottawa.json.percentiles.cma).toBeLessThan(p.cma)
  })

  it('the same weights rank the score: custom weights give their own percentiles', async () => {
    const { key } = await createKey()
    const point = { lat: 43.7315, lng: -79.2625 }
    const byDefault = await call('/api/v1/score', { key, body: point })
    const custom = await call('/api/v1/score', { key, body: { ...point, weights: CUSTOM } })
    expect(custom.json.overallScore).not.toBe(byDefault.json.overallScore)
    expect(custom.json.percentiles.cmaName).toBe('Toronto')
    expect(custom.json.percentiles).not.toEqual(byDefault.json.percentiles)
  })

  it('an uncovered city (Winnipeg): cma null, national given, CMA_NOT_COVERED names the CMA', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/score', { key, body: { lat: 49.8951, lng: -97.1384 } })
    expect(res.status).toBe(200)
    expect(res.json.percentiles.cma).toBeNull()
    expect(res.json.percentiles.cmaName).toBeNull()
    expect(typeof res.json.percentiles.national).toBe('number')
    const w = res.json.warnings.find((x: { code: string }) => x.code === 'CMA_NOT_COVERED')
    expect(w.message).toContain('Winnipeg')
  })

  it('compare carries them on every result', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/compare', {
      key,
      body: {
        locations: [
          { lat: 49.2635, lng: -123.1383 },
          { lat: 51.0461, lng: -114.066 },
        ],
      },
    })
    expect(res.status).toBe(200)
    const byCma = Object.fromEntries(res.json.results.map((r: any) => [r.percentiles.cmaName ?? 'none', r]))
    expect(byCma.Vancouver.percentiles.cma).toBeGreaterThanOrEqual(0)
    expect(byCma.none.warnings.find((w: any) => w.code === 'CMA_NOT_COVERED').message).toContain('Calgary')
  })
})
