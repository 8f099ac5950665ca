// Issue 34 items 1–2 through the API: the sign block on /score, /compare and /roi, audience.impressions and
// audience.hourly, /compare's rankBy, and the 400s that list the valid values.
import { describe, it, expect } from 'vitest'
import { ScoreResultSchema } from '../../src/scoring'
import { call, createKey, expectError } from '../helpers/api'

const DOWNTOWN = { lat: 43.6487, lng: -79.3817 }
const SUBURB = { lat: 43.73, lng: -79.76 }
const PYLON = { type: 'pylon', faceAreaM2: 8, mountingHeightM: 7, setbackM: 3, illuminated: true }

describe('POST /api/v1/score with a sign block', () => {
  it('impressions for the sign given, hourly day parts, and the typical sign without one', async () => {
    const { key } = await createKey()
    const plain = await call('/api/v1/score', { key, body: DOWNTOWN })
    const pylon = await call('/api/v1/score', { key, body: { ...DOWNTOWN, sign: PYLON } })
    expect(pylon.status).toBe(200)
    expect(ScoreResultSchema.safeParse(pylon.json).success).toBe(true)
    const a = pylon.json.audience
    expect(a.impressions.sign).toMatchObject({ type: 'pylon', faceAreaM2: 8, mountingHeightM: 7, assumed: false })
    expect(a.impressions.daily).toBeGreaterThan(0)
    expect(a.impressions.daily).toBeLessThanOrEqual(a.dailyPersons)
    expect(a.impressions.interval.low).toBeLessThanOrEqual(a.impressions.daily)
    expect(a.impressions.confidence).toBe('low')
    expect(plain.json.audience.impressions.sign.assumed).toBe(true)
    expect(plain.json.audience.impressions.method).toMatch(/no sign block was given/)
    expect(a.hourly.vehicles).toHaveLength(24)
    expect(a.hourly.pedestrians).toHaveLength(24)
    expect(a.hourly.weekendFactor.vehicles).toBeGreaterThan(0)
    expect(pylon.json.methodologyVersion).toBe('5.0.0')
    // The sign changes the impressions, not the score.
    expect(pylon.json.overallScore).toBe(plain.json.overallScore)
    expect(a.impressions.daily).not.toBe(plain.json.audience.impressions.daily)
  })

  it('facing a street at the point is accepted; "both" too', async () => {
    const { key } = await createKey()
    const first = await call('/api/v1/score', { key, body: { ...SUBURB, sign: PYLON } })
    const street = first.json.audience.impressions.streets[0].name
    const facing = await call('/api/v1/score', { key, body: { ...SUBURB, sign: { ...PYLON, facing: street.toUpperCase() } } })
    expect(facing.status).toBe(200)
    const both = await call('/api/v1/score', { key, body: { ...SUBURB, sign: { ...PYLON, facing: 'both' } } })
    expect(both.json.audience.impressions.daily).toBe(first.json.audience.impressions.daily)
  })

  it('bad sign input → 400 listing the valid values', async () => {
    const { key } = await createKey()
    const unknownType = expectError(
      await call('/api/v1/score', { key, body: { ...DOWNTOWN, sign: { type: 'billboard' } } }),
      400,
      'BAD_REQUEST',
    )
    const typeDetail = unknownType.details!.find((d: { path: string }) => d.path === 'sign.type')!
    for (const v of ['pylon', 'monument', 'channel-letters', 'wall', 'window', 'digital', 'a-frame'])
      expect(typeDetail.message).toContain(`"${v}"`)
    const negative = expectError(
      await call('/api/v1/score', { key, body: { ...DOWNTOWN, sign: { type: 'pylon', faceAreaM2: -2 } } }),
      400,
      'BAD_REQUEST',
    )
    expect(negative.details!.map((d: { path: string }) => d.path)).toContain('sign.faceAreaM2')
    const widthOnly = expectError(
      await call('/api/v1/score', { key, body: { ...DOWNTOWN, sign: { type: 'pylon', widthM: 2 } } }),
      400,
      'BAD_REQUEST',
    )
    expect(widthOnly.details![0].message).toMatch(/together/)
    const street = await call('/api/v1/score', { key, body: { ...DOWNTOWN, sign: { type: 'pylon', facing: 'Nowhere Rd' } } })
    const error = expectError(street, 400, 'BAD_REQUEST')
    expect(error.message).toContain('"both"')
    expect(error.details![0].path).toBe('sign.facing')
    expect(error.details![0].message).toContain('Nowhere Rd')
  })
})

describe('POST /api/v1/compare with a sign and rankBy', () => {
  it('ranks by a day part or by impressions, reporting the values it ranked by', async () => {
    const { key } = await createKey()
    const locations = [SUBURB, DOWNTOWN]
    const byScore = await call('/api/v1/compare', { key, body: { locations } })
    expect(byScore.json.rankBy).toBe('overallScore')
    expect(byScore.json.rankValues).toEqual(byScore.json.results.map((r: { overallScore: number }) => r.overallScore))
    for (const rankBy of ['weekdayPM', 'impressions', 'weekend']) {
      const res = await call('/api/v1/compare', { key, body: { locations, sign: PYLON, rankBy } })
      expect(res.status).toBe(200)
      expect(res.json.rankBy).toBe(rankBy)
      const values: number[] = res.json.rankValues
      expect([...values].sort((x, y) => y - x)).toEqual(values)
      expect(res.json.winner).toEqual(res.json.results[0])
      expect(res.json.results[0].audience.impressions.sign.type).toBe('pylon')
    }
    const pm = await call('/api/v1/compare', { key, body: { locations, rankBy: 'weekdayPM' } })
    const top = pm.json.results[0].audience
    const hours = [16, 17, 18]
    const expected = hours.reduce((s, h) => s + top.hourly.vehicles[h] * top.occupancy + top.hourly.pedestrians[h], 0)
    expect(pm.json.rankValues[0]).toBe(Math.round(expected))
  })

  it('an unknown rankBy → 400 listing every valid value; a bad facing names the location', async () => {
    const { key } = await createKey()
    const bad = expectError(
      await call('/api/v1/compare', { key, body: { locations: [SUBURB, DOWNTOWN], rankBy: 'rushHour' } }),
      400,
      'BAD_REQUEST',
    )
    const detail = bad.details!.find((d: { path: string }) => d.path === 'rankBy')!
    for (const v of ['overallScore', 'impressions', 'weekdayAM', 'weekdayMidday', 'weekdayPM', 'weekdayEvening', 'weekend'])
      expect(detail.message).toContain(`"${v}"`)
    const facing = expectError(
      await call('/api/v1/compare', { key, body: { locations: [SUBURB, DOWNTOWN], sign: { type: 'pylon', facing: 'Nowhere Rd' } } }),
      400,
      'BAD_REQUEST',
    )
    expect(facing.details!.map((d: { path: string }) => d.path)).toContain('locations.0.sign.facing')
  })
})

describe('POST /api/v1/roi with a sign block', () => {
  it("a location's impressions are the /score impressions for the same sign, with the same method text", async () => {
    const { key } = await createKey('free')
    const score = await call('/api/v1/score', { key, body: { ...DOWNTOWN, sign: PYLON } })
    const roi = await call('/api/v1/roi', { key, body: { overallScore: 50, signCost: 10_000, ...DOWNTOWN, sign: PYLON } })
    expect(roi.status).toBe(200)
    expect(roi.json.estimatedDailyImpressions).toBe(score.json.audience.impressions.daily)
    expect(roi.json.assumptions.impressionsMethod).toBe(score.json.audience.impressions.method)
    expect(roi.json.assumptions.sign).toMatchObject({ type: 'pylon', assumed: false })
    const noSign = await call('/api/v1/roi', { key, body: { overallScore: 50, signCost: 10_000, sign: { type: 'monument' } } })
    expect(noSign.json.assumptions.sign.type).toBe('monument')
  })

  it('bad sign input → 400', async () => {
    const { key } = await createKey('free')
    const res = await call('/api/v1/roi', { key, body: { overallScore: 50, signCost: 100, sign: { type: 'pylon', setbackM: -1 } } })
    expect(expectError(res, 400, 'BAD_REQUEST').details!.map((d: { path: string }) => d.path)).toContain('sign.setbackM')
    const unknown = await call('/api/v1/roi', { key, body: { overallScore: 50, signCost: 100, sign: { type: 'zeppelin' } } })
    expect(expectError(unknown, 400, 'BAD_REQUEST').details![0].message).toContain('"pylon"')
  })
})
