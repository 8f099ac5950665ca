// Issue 34 items 1–2: the impressions model (visibility-adjusted) and the day parts, as pure functions.
import { describe, it, expect } from 'vitest'
import { buildScoreResult } from '../../src/scoring'
import { centralityOf, DAY_PART_NAMES, hourlyOf, mixOf, peopleIn, throughShare } from '../../src/scoring/hourly'
import { impressionsOf, likelihoodToSee, viewingWindowM, type ImpressionsInput } from '../../src/scoring/impressions'
import { resolveSign, SIGN_TYPE_VALUES, type SignInput } from '../../src/scoring/sign'

const streets = [
  { name: 'Main St', roadClass: 4, dailyVehicles: 20_000 },
  { name: 'Elm Ave', roadClass: 1, dailyVehicles: 1_000 },
]
/** Half the day's traffic in the dark hours. */
const HALF_DARK = { vehicles: 0.5, pedestrians: 0.5 }
const input = (sign?: SignInput, more: Partial<ImpressionsInput> = {}): ImpressionsInput => ({
  sign: resolveSign(sign),
  streets,
  dailyPedestrians: 5_000,
  occupancy: 1.5,
  audienceSpread: { low: 0.5, high: 2 },
  audienceHigh: 1e9,
  dark: HALF_DARK,
  ...more,
})

describe('impressions: people passing × likelihood to see', () => {
  it('no sign block: a typical wall sign, said so in the method text', () => {
    const i = impressionsOf(input())
    expect(i.sign).toMatchObject({ type: 'channel-letters', assumed: true, facing: 'both' })
    expect(i.method).toMatch(/no sign block was given/)
    expect(i.confidence).toBe('low')
    expect(Math.abs(i.daily - (i.vehicles + i.pedestrians))).toBeLessThanOrEqual(100) // each rounded to 100s
    expect(impressionsOf(input({ type: 'wall' })).method).not.toMatch(/no sign block/)
  })

  it('never more than the people passing, and the interval holds the figure', () => {
    for (const type of SIGN_TYPE_VALUES) {
      const i = impressionsOf(input({ type }))
      expect(i.vehicles).toBeLessThanOrEqual(21_000 * 1.5)
      expect(i.pedestrians).toBeLessThanOrEqual(5_000)
      expect(i.interval.low).toBeLessThanOrEqual(i.daily)
      expect(i.interval.high).toBeGreaterThanOrEqual(i.daily)
    }
    // The p90 stays below the audience's own p90.
    expect(impressionsOf(input({ type: 'pylon' }, { audienceHigh: 100 })).interval.high).toBe(100)
  })

  it('a bigger face is seen from farther, so by more drivers', () => {
    const small = impressionsOf(input({ type: 'pylon', faceAreaM2: 2 }))
    const big = impressionsOf(input({ type: 'pylon', faceAreaM2: 20 }))
    expect(big.vehicles).toBeGreaterThan(small.vehicles * 1.2)
    expect(impressionsOf(input({ type: 'pylon', widthM: 6, heightM: 3 })).sign.faceAreaM2).toBe(18)
  })

  it('faster streets give less time in view; a digital face draws more; an unlit one loses the dark hours', () => {
    const fast = impressionsOf(input({ type: 'pylon' }, { streets: [{ name: 'Hwy 7', roadClass: 6, dailyVehicles: 20_000 }] }))
    const slow = impressionsOf(input({ type: 'pylon' }, { streets: [{ name: 'Hwy 7', roadClass: 2, dailyVehicles: 20_000 }] }))
    expect(fast.streets[0].speedKmh).toBeGreaterThan(slow.streets[0].speedKmh)
    expect(fast.streets[0].secondsInView).toBeLessThan(slow.streets[0].secondsInView)
    const led = impressionsOf(input({ type: 'digital' }))
    const lightbox = impressionsOf(input({ type: 'pylon', faceAreaM2: 3, mountingHeightM: 3, setbackM: 3 }))
    expect(led.vehicles).toBeGreaterThan(lightbox.vehicles)
    const lit = impressionsOf(input({ type: 'pylon', illuminated: true }))
    const unlit = impressionsOf(input({ type: 'pylon', illuminated: false }))
    // Half the traffic in the dark, each keeping a quarter → 1 − 0.5 × 0.75 = 0.625 of the lit figure.
    expect(unlit.streets[0].likelihoodToSee).toBeCloseTo(lit.streets[0].likelihoodToSee * 0.625, 1)
  })

  it('facing one street: the others see nothing of it', () => {
    const i = impressionsOf(input({ type: 'pylon', facing: 'elm ave' }))
    expect(i.streets.find((s) => s.name === 'Main St')!.impressions).toBe(0)
    expect(i.streets.find((s) => s.name === 'Elm Ave')!.impressions).toBeGreaterThan(0)
    expect(impressionsOf(input({ type: 'pylon' })).vehicles).toBeGreaterThan(i.vehicles)
  })

  it('a wall sign set far back is seen obliquely for longer; a low face hides behind traffic on an arterial', () => {
    const wall = resolveSign({ type: 'wall' })
    expect(viewingWindowM({ ...wall, setbackM: 30 }, 37, 1.08, 10)).toBeGreaterThan(viewingWindowM({ ...wall, setbackM: 2 }, 9, 1.08, 10))
    const aFrame = impressionsOf(input({ type: 'a-frame' }))
    const raised = impressionsOf(input({ type: 'a-frame', mountingHeightM: 2.5 }))
    expect(aFrame.streets[0].likelihoodToSee).toBeLessThan(raised.streets[0].likelihoodToSee)
    expect(likelihoodToSee(0, false)).toBe(0)
    expect(likelihoodToSee(1e6, false)).toBeCloseTo(0.6)
  })
})

describe('day parts: hourly profiles by street class and context', () => {
  const shareAt = (h: number[], from: number, to: number) => Math.max(...h.slice(from, to))

  it('24 weekday hours that add up to the day', () => {
    const h = hourlyOf(10_000, 2_000, mixOf([], 3, 0.3))
    expect(h.vehicles).toHaveLength(24)
    expect(h.pedestrians).toHaveLength(24)
    expect(h.vehicles.reduce((a, b) => a + b, 0)).toBeCloseTo(10_000, -2)
    expect(h.pedestrians.reduce((a, b) => a + b, 0)).toBeCloseTo(2_000, -1)
    expect(h.vehicles[3]).toBeLessThan(h.vehicles[17] / 5)
  })

  it('downtown differs from the suburbs: pedestrians peak at lunch, weekends are quieter, the context is named', () => {
    const downtown = hourlyOf(10_000, 10_000, mixOf([], 3, centralityOf(3000)))
    const suburb = hourlyOf(10_000, 10_000, mixOf([], 3, centralityOf(50)))
    expect([downtown.context, suburb.context]).toEqual(['downtown', 'suburban'])
    expect(downtown.pedestrians[12]).toBeGreaterThan(suburb.pedestrians[12])
    expect(shareAt(downtown.pedestrians, 6, 10) / shareAt(downtown.pedestrians, 16, 20)).toBeLessThan(
      shareAt(suburb.pedestrians, 6, 10) / shareAt(suburb.pedestrians, 16, 20),
    )
    expect(downtown.weekendFactor.vehicles).toBeLessThan(suburb.weekendFactor.vehicles)
  })

  it('the street class sets the through share: a freeway follows the commute, a local street its homes', () => {
    expect(throughShare(6)).toBeGreaterThan(throughShare(1))
    const freeway = hourlyOf(10_000, 0, mixOf([{ roadClass: 6, dailyVehicles: 10_000 }], 6, 0))
    const local = hourlyOf(10_000, 0, mixOf([{ roadClass: 1, dailyVehicles: 10_000 }], 1, 0))
    expect(freeway.vehicles).not.toEqual(local.vehicles)
    expect(local.vehicles[17]).toBeGreaterThan(freeway.vehicles[17])
  })

  it('people in a day part: vehicles × occupancy + pedestrians over its hours; the weekend scales the day', () => {
    const h = hourlyOf(24_000, 2_400, mixOf([], 3, 0))
    const pm = peopleIn(h, 'weekdayPM', 1.5)
    expect(pm).toBeCloseTo(
      (h.vehicles[16] + h.vehicles[17] + h.vehicles[18]) * 1.5 + h.pedestrians[16] + h.pedestrians[17] + h.pedestrians[18],
    )
    expect(peopleIn(h, 'weekend', 1.5)).toBeLessThan(24_000 * 1.5 + 2_400)
    expect(DAY_PART_NAMES).toEqual(['weekdayAM', 'weekdayMidday', 'weekdayPM', 'weekdayEvening', 'weekend'])
  })
})

describe('the engine carries both into every result', () => {
  it('audience.impressions and audience.hourly, for the sign given', () => {
    const base = { lat: 49.2827, lng: -123.1207, address: 'x', precision: 'coordinates' as const }
    const plain = buildScoreResult(base)
    const pylon = buildScoreResult(base, undefined, { type: 'pylon', faceAreaM2: 10 })
    expect(plain.methodologyVersion).toBe('5.0.0')
    expect(plain.audience.impressions!.sign.assumed).toBe(true)
    expect(pylon.audience.impressions!.sign).toMatchObject({ type: 'pylon', faceAreaM2: 10, assumed: false })
    expect(pylon.audience.impressions!.vehicles).toBeGreaterThan(plain.audience.impressions!.vehicles)
    expect(pylon.audience.hourly).toEqual(plain.audience.hourly)
    expect(pylon.overallScore).toBe(plain.overallScore)
  })
})
