// The report's audience section (issue 34 items 1 and 4): which sign the impressions are for (the request's
// `sign` block, or the typical sign /score assumes, said so), and the weekday hourly profile as a small bar
// chart drawn with pdf-lib rectangles and lines. The plotted values come from scoring's hourlyChart, the
// same function the share page's SVG uses.
import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import { hourlyChart, type Impressions, type ScoreResult } from '../../scoring'
import type { ReportText } from './layout'

/** Series colours: vehicles navy, pedestrians amber (both legible in grey print: dark and light). */
export const SERIES_COLOURS: Record<'vehicles' | 'pedestrians', RGB> = {
  vehicles: rgb(0.07, 0.3, 0.6),
  pedestrians: rgb(0.93, 0.6, 0.13),
}
const INK = rgb(0.13, 0.13, 0.15)
const MUTED = rgb(0.42, 0.44, 0.48)
const GRID = rgb(0.85, 0.86, 0.88)
const NAVY = rgb(0.07, 0.16, 0.31)

const count = (x: number) => Math.round(x).toLocaleString('en-CA')
const metres = (x: number) => `${Number(x.toFixed(1))} m`

/** "pylon sign: 8 m² face, centre 7 m above grade, 3 m from the curb, lit, facing both streets". */
function signDescription(sign: Impressions['sign']): string {
  const facing = sign.facing.toLowerCase() === 'both' ? 'facing every street in sight' : `facing ${sign.facing}`
  return (
    `${sign.type} sign: ${Number(sign.faceAreaM2.toFixed(1))} m² face, centre ${metres(sign.mountingHeightM)} above grade, ` +
    `${metres(sign.setbackM)} from the curb, ${sign.illuminated ? 'lit' : 'not lit'}, ${facing}`
  )
}

/** What the report says about the sign its figures are for; null for a result without impressions (saved before 4.1). */
export function signWords(impressions: Impressions | null): string | null {
  if (!impressions) return null
  const figure =
    `${count(impressions.daily)} people a weekday likely to see it (p10–p90 ${count(impressions.interval.low)}–` +
    `${count(impressions.interval.high)}; modelled, confidence ${impressions.confidence}).`
  if (impressions.sign.assumed) return `No sign was given: the figures are for a typical ${signDescription(impressions.sign)}. ${figure}`
  return `Impressions for the sign given, a ${signDescription(impressions.sign)}: ${figure}`
}

export interface Fonts {
  regular: PDFFont
  bold: PDFFont
}
const style = (font: PDFFont, size: number, color: RGB = INK) => ({ font, size, color })

const CHART = { height: 84, yAxisWidth: 30, labelGap: 11 }
/** Axis labels' size: 7.5, not the footer's 7 (tests tell the footer by its size). */
export const AXIS_LABEL_SIZE = 7.5
const SIGN_LINES = 3
const CAPTION_LINES = 3
/** The most the section takes (title, sign text, chart, caption: the steps of drawAudience): callers keep it on one page. */
export const AUDIENCE_SECTION_HEIGHT = 16 + SIGN_LINES * 11 + 8 + 10 + CHART.height + CHART.labelGap + 12 + CAPTION_LINES * 10 + 12

/**
 * Draws the section from `top` down, `width` wide from `x`; returns the y below it. A result without
 * `audience.hourly` (saved before 4.1) gets the sign text only.
 */
export function drawAudience(
  page: PDFPage,
  t: ReportText,
  fonts: Fonts,
  result: ScoreResult,
  box: { x: number; top: number; width: number },
): number {
  const { x, top, width } = box
  t.draw(page, 'Audience for this sign', x, top, style(fonts.bold, 13, NAVY))
  let y = top - 16
  const words = signWords(result.audience.impressions)
  for (const line of words ? t.wrap(words, fonts.regular, 8.5, width, SIGN_LINES) : []) {
    t.draw(page, line, x, y, style(fonts.regular, 8.5))
    y -= 11
  }
  const hourly = result.audience.hourly
  if (!hourly) return y - 10
  const chart = hourlyChart(hourly)
  y -= 8
  t.draw(page, chart.title, x, y, style(fonts.bold, 9.5))
  // Legend on the title's line, right-aligned: a swatch and "Vehicles (20,600/day)" per series.
  let legendX = x + width
  for (const s of [...chart.series].reverse()) {
    const label = `${s.label} (${count(s.daily)}/day)`
    legendX -= t.width(label, fonts.regular, 8)
    t.draw(page, label, legendX, y, style(fonts.regular, 8, MUTED))
    legendX -= 12
    page.drawRectangle({ x: legendX, y: y - 0.5, width: 8, height: 8, color: SERIES_COLOURS[s.key] })
    legendX -= 14
  }
  const plot = { x: x + CHART.yAxisWidth, top: y - 10, width: width - CHART.yAxisWidth, height: CHART.height }
  const base = plot.top - plot.height
  // Axis, a gridline at the top, y labels at 0 and the axis top.
  page.drawLine({ start: { x: plot.x, y: base }, end: { x: plot.x + plot.width, y: base }, thickness: 0.75, color: MUTED })
  page.drawLine({ start: { x: plot.x, y: plot.top }, end: { x: plot.x + plot.width, y: plot.top }, thickness: 0.5, color: GRID })
  for (const [value, at] of [
    [`${chart.axisMaxPercent} %`, plot.top],
    ['0 %', base],
  ] as const) {
    t.draw(page, value, plot.x - 4 - t.width(value, fonts.regular, AXIS_LABEL_SIZE), at - 2.5, style(fonts.regular, AXIS_LABEL_SIZE, MUTED))
  }
  // 24 hour slots; in each, the vehicles' bar then the pedestrians'.
  const slot = plot.width / 24
  const bar = slot * 0.38
  for (let h = 0; h < 24; h++) {
    chart.series.forEach((s, i) => {
      const height = s.heights[h] * plot.height
      if (height > 0)
        page.drawRectangle({ x: plot.x + h * slot + slot * 0.1 + i * bar, y: base, width: bar, height, color: SERIES_COLOURS[s.key] })
    })
  }
  chart.hourTicks.forEach((hour, i) => {
    const at = plot.x + hour * slot
    page.drawLine({ start: { x: at, y: base }, end: { x: at, y: base - 3 }, thickness: 0.75, color: MUTED })
    const label = chart.hourLabels[i]
    const w = t.width(label, fonts.regular, AXIS_LABEL_SIZE)
    // The last label ends at the axis's end; the others are centred on their tick.
    const labelX = i === chart.hourTicks.length - 1 ? at - w : i === 0 ? at : at - w / 2
    t.draw(page, label, labelX, base - CHART.labelGap, style(fonts.regular, AXIS_LABEL_SIZE, MUTED))
  })
  y = base - CHART.labelGap - 12
  const caption = `${chart.peakWords} ${chart.weekendWords} Modelled (confidence low).`
  for (const line of t.wrap(caption, fonts.regular, 8, width, CAPTION_LINES)) {
    t.draw(page, line, x, y, style(fonts.regular, 8, MUTED))
    y -= 10
  }
  return y - 12
}
