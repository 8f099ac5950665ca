// The weekday hourly profile (`audience.hourly`, docs/methodology.md §2.8) as a chart's plotted values: the
// one place that turns the 24 + 24 values into bar heights, axis labels and the peak hours in words, so the
// PDF report (pdf-lib) and the share page (inline SVG) draw the same chart. Pure: no drawing, no I/O.
import type { Hourly } from './hourly'

export type HourlySeriesKey = 'vehicles' | 'pedestrians'

export interface HourlySeries {
  key: HourlySeriesKey
  label: string
  /** The weekday's total: the sum of the 24 hours, rounded as audience figures are (hundreds from 1,000). */
  daily: number
  /** Each hour's share of the weekday, % (24 values, index 0 = 00:00–00:59). */
  percent: number[]
  /** Each hour's bar height as a fraction of the axis top, 0 … 1 (24 values). */
  heights: number[]
  /** The busiest hour (0–23); null where the series is all zero. */
  peakHour: number | null
  /** The busiest hour in the other half of the day (before/after noon) where it is a peak of its own; else null. */
  secondPeakHour: number | null
}

export interface HourlyChart {
  /** Vehicles, then pedestrians. */
  series: [HourlySeries, HourlySeries]
  /** The y axis's top, % of the day: the whole number of per cent at or above the tallest bar. */
  axisMaxPercent: number
  /** Hours labelled on the x axis (bar boundaries): 0, 6, 12, 18, 24. */
  hourTicks: readonly number[]
  /** The x-axis labels of `hourTicks` ("0 h" … "24 h"). */
  hourLabels: readonly string[]
  title: string
  /** The peak hours in words, for the chart's caption and its accessible name. */
  peakWords: string
  /** A weekend day against a weekday, in words; empty without a weekend factor. */
  weekendWords: string
}

export const HOURLY_CHART_TITLE = 'Weekday audience by hour (% of the day)'
export const HOUR_TICKS: readonly number[] = Object.freeze([0, 6, 12, 18, 24])
const HOUR_LABELS: readonly string[] = Object.freeze(HOUR_TICKS.map((h) => `${h} h`))
const LABELS: Record<HourlySeriesKey, string> = { vehicles: 'Vehicles', pedestrians: 'Pedestrians' }
/** A second peak counts when it reaches this share of the busiest hour and is higher than both its neighbours. */
const SECOND_PEAK_SHARE = 0.6

const pad2 = (h: number) => String(h).padStart(2, '0')
/** "17:00–18:00". */
export const hourSpan = (h: number) => `${pad2(h)}:00–${pad2(h + 1)}:00`

const argmax = (values: readonly number[], from: number, to: number) => {
  let best = from
  for (let h = from + 1; h < to; h++) if (values[h] > values[best]) best = h
  return best
}

function seriesOf(key: HourlySeriesKey, hours: readonly number[]): Omit<HourlySeries, 'heights'> {
  const values = Array.from({ length: 24 }, (_, h) => Math.max(0, Number(hours[h]) || 0))
  const sum = values.reduce((s, v) => s + v, 0)
  // The hours are rounded one by one; the day's sum to hundreds gives back the audience's own figure.
  const daily = sum >= 1000 ? Math.round(sum / 100) * 100 : Math.round(sum)
  const percent = values.map((v) => (sum > 0 ? (v / sum) * 100 : 0))
  if (sum <= 0) return { key, label: LABELS[key], daily, percent, peakHour: null, secondPeakHour: null }
  const peakHour = argmax(values, 0, 24)
  const [from, to] = peakHour < 12 ? [12, 24] : [0, 12]
  const other = argmax(values, from, to)
  const isPeak =
    values[other] >= SECOND_PEAK_SHARE * values[peakHour] &&
    values[other] > (values[other - 1] ?? 0) &&
    values[other] > (values[other + 1] ?? 0)
  return { key, label: LABELS[key], daily, percent, peakHour, secondPeakHour: isPeak ? other : null }
}

function wordsOf(s: Omit<HourlySeries, 'heights'>): string {
  const name = s.label.toLowerCase()
  if (s.peakHour === null) return `no ${name} modelled`
  const main = `${name} peak at ${hourSpan(s.peakHour)} (${s.percent[s.peakHour].toFixed(1)} % of the day)`
  if (s.secondPeakHour === null) return main
  return `${main}, ${s.secondPeakHour < 12 ? 'a morning' : 'an afternoon'} peak at ${hourSpan(s.secondPeakHour)}`
}

const factorWords = (x: number) => `${Math.round(x * 100)} %`

/** The plotted values of `audience.hourly`: both series as % of their day on one axis, so the two shapes compare. */
export function hourlyChart(hourly: Pick<Hourly, 'vehicles' | 'pedestrians'> & Partial<Pick<Hourly, 'weekendFactor'>>): HourlyChart {
  const vehicles = seriesOf('vehicles', hourly.vehicles)
  const pedestrians = seriesOf('pedestrians', hourly.pedestrians)
  const tallest = Math.max(...vehicles.percent, ...pedestrians.percent)
  const axisMaxPercent = Math.max(1, Math.ceil(tallest - 1e-9))
  const withHeights = (s: Omit<HourlySeries, 'heights'>): HourlySeries => ({ ...s, heights: s.percent.map((p) => p / axisMaxPercent) })
  const w = hourly.weekendFactor
  return {
    series: [withHeights(vehicles), withHeights(pedestrians)],
    axisMaxPercent,
    hourTicks: HOUR_TICKS,
    hourLabels: HOUR_LABELS,
    title: HOURLY_CHART_TITLE,
    peakWords: `Weekday ${wordsOf(vehicles)}; ${wordsOf(pedestrians)}.`,
    weekendWords: w
      ? `A weekend day has ${factorWords(w.vehicles)} of a weekday's vehicles and ${factorWords(w.pedestrians)} of its pedestrians.`
      : '',
  }
}
