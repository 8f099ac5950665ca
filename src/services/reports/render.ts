// The PDF score report (docs/decisions.md §8): a pure function of the score result, the ROI snapshot and the
// generation time. US Letter, one page, standard fonts only (no font files in the worker bundle), so
// every string goes through toWinAnsi. Deterministic: the same input gives the same bytes.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import type { GeocodePrecision } from '../../geo'
import { FACTOR_KEYS, type ScoreResult } from '../../scoring'
import type { RoiEstimate } from '../../roi'
import { toWinAnsi } from './winansi'

const PRECISION_LABELS: Record<GeocodePrecision, string> = {
  coordinates: 'coordinates',
  address: 'civic address',
  interpolated: 'interpolated civic number',
  street: 'street',
  intersection: 'intersection',
  postal_code: 'postal area (FSA)',
  city: 'city centre',
}

export const BRAND = 'SignScore Canada'
export const REPORT_TITLE = 'Sign placement score report'

export interface RoiSnapshot {
  signCost: number
  estimate: RoiEstimate
}
export interface RenderOptions {
  generatedAt: Date
  reportId?: string
}

const PAGE = { width: 612, height: 792, margin: 48 }
const NAVY = rgb(0.07, 0.16, 0.31)
const INK = rgb(0.13, 0.13, 0.15)
const MUTED = rgb(0.42, 0.44, 0.48)
const TRACK = rgb(0.9, 0.91, 0.93)
const GRADE_COLOURS: Record<string, RGB> = {
  'A+': rgb(0.05, 0.55, 0.3),
  A: rgb(0.1, 0.6, 0.32),
  'B+': rgb(0.35, 0.62, 0.2),
  B: rgb(0.5, 0.64, 0.15),
  'C+': rgb(0.85, 0.6, 0.1),
  C: rgb(0.88, 0.5, 0.1),
  D: rgb(0.85, 0.33, 0.12),
  F: rgb(0.75, 0.15, 0.15),
}

const money = (x: number) => `$${x.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const count = (x: number) => Math.round(x).toLocaleString('en-CA')
/** "20,600 vehicles/day", "class 3.5 (1 local … 6 freeway)", "12.4 departures/hour…". */
export function rawText(value: number, unit: string): string {
  const number = Number.isInteger(value) || Math.abs(value) >= 100 ? count(value) : value.toFixed(1)
  const classUnit = /^class (.*)$/.exec(unit)
  return classUnit ? `class ${number} (${classUnit[1]})` : `${number} ${unit}`
}
const isoDay = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** Greedy word wrap by measured width; words longer than a line are cut. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of toWinAnsi(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate
      continue
    }
    if (line) lines.push(line)
    let rest = word
    while (font.widthOfTextAtSize(rest, size) > maxWidth && rest.length > 1) {
      let cut = rest.length - 1
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > maxWidth) cut--
      lines.push(rest.slice(0, cut))
      rest = rest.slice(cut)
    }
    line = rest
  }
  if (line) lines.push(line)
  return lines
}

interface Fonts {
  regular: PDFFont
  bold: PDFFont
}

function text(page: PDFPage, value: string, x: number, y: number, size: number, font: PDFFont, color: RGB = INK) {
  page.drawText(toWinAnsi(value), { x, y, size, font, color })
}

function drawHeader(page: PDFPage, f: Fonts, generatedAt: Date) {
  page.drawRectangle({ x: 0, y: PAGE.height - 84, width: PAGE.width, height: 84, color: NAVY })
  text(page, BRAND, PAGE.margin, PAGE.height - 44, 22, f.bold, rgb(1, 1, 1))
  text(page, REPORT_TITLE, PAGE.margin, PAGE.height - 66, 12, f.regular, rgb(0.8, 0.86, 0.95))
  const date = `Generated ${isoDay(generatedAt)}`
  text(page, date, PAGE.width - PAGE.margin - f.regular.widthOfTextAtSize(date, 10), PAGE.height - 66, 10, f.regular, rgb(0.8, 0.86, 0.95))
}

/** Address block and the score badge; returns the y below it. */
function drawSummary(page: PDFPage, f: Fonts, result: ScoreResult, top: number): number {
  const badge = { w: 132, h: 92 }
  const colour = GRADE_COLOURS[result.grade] ?? NAVY
  page.drawRectangle({ x: PAGE.width - PAGE.margin - badge.w, y: top - badge.h, width: badge.w, height: badge.h, color: colour })
  const gradeText = toWinAnsi(result.grade)
  text(page, gradeText, PAGE.width - PAGE.margin - badge.w + 14, top - 52, 40, f.bold, rgb(1, 1, 1))
  text(page, `${result.overallScore.toFixed(1)} / 100`, PAGE.width - PAGE.margin - badge.w + 14, top - 76, 14, f.bold, rgb(1, 1, 1))

  let y = top - 16
  text(page, 'Location', PAGE.margin, y, 10, f.bold, MUTED)
  y -= 20
  for (const line of wrapText(result.address, f.bold, 16, PAGE.width - 2 * PAGE.margin - badge.w - 16).slice(0, 3)) {
    text(page, line, PAGE.margin, y, 16, f.bold)
    y -= 20
  }
  const precision = PRECISION_LABELS[result.precision]
  text(page, `${result.lat.toFixed(5)}, ${result.lng.toFixed(5)}  ·  located by ${precision}`, PAGE.margin, y, 10, f.regular, MUTED)
  y -= 15
  text(page, `Overall score ${result.overallScore.toFixed(1)} of 100, grade ${result.grade}`, PAGE.margin, y, 10, f.regular, MUTED)
  return Math.min(y, top - badge.h) - 28
}

/** Horizontal bar per factor: label and raw value on the left, the 0–100 bar, score and weight. */
function drawFactorChart(page: PDFPage, f: Fonts, result: ScoreResult, top: number): number {
  text(page, 'Factor scores (0-100) and weights', PAGE.margin, top, 13, f.bold, NAVY)
  let y = top - 26
  const labelWidth = 190
  const barX = PAGE.margin + labelWidth
  const barWidth = PAGE.width - 2 * PAGE.margin - labelWidth - 92
  for (const key of FACTOR_KEYS) {
    const factor = result.factorScores[key]
    text(page, factor.label, PAGE.margin, y, 10.5, f.bold)
    const raw = rawText(factor.raw.value, factor.raw.unit)
    text(page, wrapText(raw, f.regular, 8, labelWidth - 8)[0] ?? '', PAGE.margin, y - 11, 8, f.regular, MUTED)
    page.drawRectangle({ x: barX, y: y - 8, width: barWidth, height: 14, color: TRACK })
    const filled = (Math.max(0, Math.min(100, factor.score)) / 100) * barWidth
    if (filled > 0) page.drawRectangle({ x: barX, y: y - 8, width: filled, height: 14, color: GRADE_COLOURS[result.grade] ?? NAVY })
    text(page, factor.score.toFixed(0), barX + barWidth + 8, y - 4, 10.5, f.bold)
    text(page, `× ${Math.round(factor.weight * 100)} %`, barX + barWidth + 36, y - 4, 9, f.regular, MUTED)
    y -= 30
  }
  return y - 8
}

function drawRoi(page: PDFPage, f: Fonts, roi: RoiSnapshot, top: number): number {
  text(page, `ROI snapshot for a typical ${money(roi.signCost)} sign`, PAGE.margin, top, 13, f.bold, NAVY)
  const e = roi.estimate
  const cells: [string, string][] = [
    ['Daily impressions', count(e.estimatedDailyImpressions)],
    ['Monthly media value', money(e.estimatedMonthlyValue)],
    ['Payback', e.paybackMonths === null ? 'never' : `${e.paybackMonths.toFixed(1)} months`],
    ['Annual ROI', `${e.roiPercentage.toFixed(1)} %`],
  ]
  const cellWidth = (PAGE.width - 2 * PAGE.margin) / cells.length
  const boxTop = top - 12
  page.drawRectangle({
    x: PAGE.margin,
    y: boxTop - 50,
    width: PAGE.width - 2 * PAGE.margin,
    height: 50,
    borderColor: TRACK,
    borderWidth: 1,
  })
  cells.forEach(([label, value], i) => {
    const x = PAGE.margin + i * cellWidth + 12
    text(page, label, x, boxTop - 18, 9, f.regular, MUTED)
    text(page, value, x, boxTop - 38, 14, f.bold)
  })
  const a = e.assumptions
  const note =
    `Impressions = traffic ${count(a.vehicleTrafficPerDay)}/day × ${a.directionalShare} direction ` +
    `× ${a.vehicleOccupancy} occupants × ${a.vehicleVisibilityShare} visibility + pedestrians ${count(a.pedestriansPerDay)}/day ` +
    `× ${a.pedestrianVisibilityShare}; valued at a CPM of ${money(a.cpm)} CAD over ${a.daysPerMonth} ` +
    `days. Media value, not revenue.`
  let y = boxTop - 64
  for (const line of wrapText(note, f.regular, 8, PAGE.width - 2 * PAGE.margin)) {
    text(page, line, PAGE.margin, y, 8, f.regular, MUTED)
    y -= 10
  }
  return y - 14
}

function drawSources(page: PDFPage, f: Fonts, result: ScoreResult, top: number) {
  text(page, 'Data sources', PAGE.margin, top, 13, f.bold, NAVY)
  let y = top - 16
  for (const source of Object.values(result.dataSources)) {
    for (const line of wrapText(`${source.name} (${source.licence}, ${source.vintage})`, f.regular, 8, PAGE.width - 2 * PAGE.margin).slice(
      0,
      2,
    )) {
      if (y < 70) return
      text(page, line, PAGE.margin, y, 8, f.regular, INK)
      y -= 10
    }
  }
}

function drawFooter(page: PDFPage, f: Fonts, result: ScoreResult, roi: RoiSnapshot, options: RenderOptions) {
  page.drawRectangle({ x: PAGE.margin, y: 52, width: PAGE.width - 2 * PAGE.margin, height: 0.75, color: TRACK })
  const line1 =
    `Methodology v${result.methodologyVersion}  ·  ROI model v${roi.estimate.assumptions.modelVersion} ` + ` ·  Data ${result.dataVersion}`
  const line2 =
    `Generated ${options.generatedAt.toISOString()}${options.reportId ? `  ·  Report ${options.reportId}` : ''} ` +
    ` ·  Estimates from modelled open data; verify on site before buying a sign.`
  for (const [i, line] of [line1, line2].entries())
    text(page, wrapText(line, f.regular, 7, PAGE.width - 2 * PAGE.margin)[0] ?? '', PAGE.margin, 40 - i * 10, 7, f.regular, MUTED)
}

export async function renderScoreReport(result: ScoreResult, roi: RoiSnapshot, options: RenderOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  doc.setTitle(toWinAnsi(`${REPORT_TITLE}: ${result.address}`))
  doc.setSubject(toWinAnsi(`Overall score ${result.overallScore.toFixed(1)}, grade ${result.grade}`))
  doc.setAuthor(BRAND)
  doc.setCreator(BRAND)
  doc.setProducer(`${BRAND} (pdf-lib)`)
  doc.setCreationDate(options.generatedAt)
  doc.setModificationDate(options.generatedAt)

  const page = doc.addPage([PAGE.width, PAGE.height])
  drawHeader(page, fonts, options.generatedAt)
  let y = drawSummary(page, fonts, result, PAGE.height - 110)
  y = drawFactorChart(page, fonts, result, y)
  y = drawRoi(page, fonts, roi, y)
  drawSources(page, fonts, result, y)
  drawFooter(page, fonts, result, roi, options)
  return doc.save()
}
