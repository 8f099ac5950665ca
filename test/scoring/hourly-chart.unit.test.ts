// Issue 34 item 4: the one function that turns audience.hourly into the chart the PDF report and the share page draw.
import { describe, it, expect } from 'vitest'
import { hourlyChart } from '../../src/scoring'
import { hourlyOf, mixOf } from '../../src/scoring/hourly'

/** A profile with one bump: `peak` at hour `at`, 1 elsewhere. */
const bump = (at: number, peak: number, other?: [number, number]) =>
  Array.from({ length: 24 }, (_, h) => (h === at ? peak : other && h === other[0] ? other[1] : 1))

describe('hourlyChart', () => {
  it('plots each series as its share of the day, on one axis whose top holds the tallest bar', () => {
    const chart = hourlyChart({ vehicles: bump(17, 9), pedestrians: bump(12, 24) })
    const [vehicles, pedestrians] = chart.series
    expect(vehicles.key).toBe('vehicles')
    expect(vehicles.daily).toBe(32)
    expect(pedestrians.daily).toBe(47)
    for (const s of chart.series) {
      expect(s.percent).toHaveLength(24)
      expect(s.heights).toHaveLength(24)
      expect(s.percent.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6)
      for (const h of s.heights) expect(h).toBeGreaterThanOrEqual(0)
      for (const h of s.heights) expect(h).toBeLessThanOrEqual(1)
    }
    // 24 / 47 = 51.06 % → an axis of 52 %; the pedestrians' noon bar is the tallest.
    expect(chart.axisMaxPercent).toBe(52)
    expect(pedestrians.heights[12]).toBeCloseTo(((24 / 47) * 100) / 52, 9)
    expect(vehicles.heights[17]).toBeCloseTo(((9 / 32) * 100) / 52, 9)
    expect(chart.hourLabels).toEqual(['0 h', '6 h', '12 h', '18 h', '24 h'])
  })

  it('states the busiest hour of each series and a second peak in the other half of the day', () => {
    // 9 of 9 + 7 + 22 × 1 = 23.7 %; 5 of 5 + 23 = 17.9 %.
    const chart = hourlyChart({ vehicles: bump(17, 9, [8, 7]), pedestrians: bump(12, 5) })
    expect(chart.series[0].peakHour).toBe(17)
    expect(chart.series[0].secondPeakHour).toBe(8)
    expect(chart.series[1].secondPeakHour).toBeNull()
    expect(chart.peakWords).toBe(
      'Weekday vehicles peak at 17:00–18:00 (23.7 % of the day), a morning peak at 08:00–09:00; ' +
        'pedestrians peak at 12:00–13:00 (17.9 % of the day).',
    )
    // A shoulder that is no peak of its own (lower than a neighbour) or too low is not named.
    expect(hourlyChart({ vehicles: bump(17, 9, [8, 3]), pedestrians: bump(12, 5) }).series[0].secondPeakHour).toBeNull()
  })

  it('a series with no one in it has no peak and flat zero bars; the weekend factor in words', () => {
    const chart = hourlyChart({
      vehicles: bump(8, 3),
      pedestrians: Array(24).fill(0),
      weekendFactor: { vehicles: 0.85, pedestrians: 0.9 },
    })
    expect(chart.series[1].peakHour).toBeNull()
    expect(chart.series[1].heights.every((h) => h === 0)).toBe(true)
    expect(chart.peakWords).toContain('no pedestrians modelled')
    expect(chart.weekendWords).toBe("A weekend day has 85 % of a weekday's vehicles and 90 % of its pedestrians.")
  })

  it('on a modelled profile: a commuter street peaks in the evening with a morning peak', () => {
    const hourly = hourlyOf(20_000, 3_000, mixOf([{ roadClass: 4, dailyVehicles: 20_000 }], 4, 0.2))
    const chart = hourlyChart(hourly)
    const [vehicles] = chart.series
    expect(vehicles.peakHour).toBeGreaterThanOrEqual(15)
    expect(vehicles.secondPeakHour).toBeGreaterThanOrEqual(6)
    expect(vehicles.secondPeakHour).toBeLessThan(10)
    expect(vehicles.daily).toBe(20_000) // the hours' sum, rounded as the audience is
  })
})
