// The PDF score report (docs/decisions.md §8): a pure function of the score result, the ROI snapshot, the
// generation time and the font files. US Letter; page 1 holds the score, the factors and the ROI snapshot;
// the audience section (the sign the impressions are for and the weekday hourly chart: audience.ts) follows
// there when it fits, else atop page 2; the data sources follow, in full, on as many pages as they need, each
// page with the footer. Text goes through ReportText (layout.ts): embedded Noto Sans, measured wrapping,
// ellipses, no cut glyphs.
// Deterministic: the same input gives the same bytes (fixed font names, fixed dates).
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import type { GeocodePrecision } from '../../geo/geodata'
import { FACTOR_KEYS, percentileWords, type ScoreResult } from '../../scoring'
import type { RoiEstimate } from '../../roi'
import type { ReportFontFiles } from './fonts'
import { pdfLibFontkit } from './fontkit'
import { REPLACEMENT_CHARACTER, ReportText, type DrawnText } from './layout'
import { AUDIENCE_SECTION_HEIGHT, drawAudience } from './audience'

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
/** Address lines in the summary; a longer address ends in an ellipsis. */
export const ADDRESS_MAX_LINES = 3

export interface RoiSnapshot {
  signCost: number
  estimate: RoiEstimate
}
export interface RenderOptions {
  generatedAt: Date
  reportId?: string
  fonts: ReportFontFiles
}
export interface RenderedReport {
  pdf: Uint8Array
  pageCount: number
  /** Characters the font could not draw (shown as U+FFFD); the API reports them as a warning. */
  undrawable: string[]
  /** Every line of text drawn, with its position and measured width. */
  drawn: DrawnText[]
}

export const PAGE = { width: 612, height: 792, margin: 48 }
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin
const NAVY = rgb(0.07, 0.16, 0.31)
const INK = rgb(0.13, 0.13, 0.15)
const MUTED = rgb(0.42, 0.44, 0.48)
const TRACK = rgb(0.9, 0.91, 0.93)
const WHITE = rgb(1, 1, 1)
const PALE = rgb(0.8, 0.86, 0.95)
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
const isoMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`

interface Canvas {
  doc: PDFDocument
  t: ReportText
  regular: PDFFont
  bold: PDFFont
  page: PDFPage
}
const style = (font: PDFFont, size: number, color: RGB = INK) => ({ font, size, color })

function drawHeader(c: Canvas, generatedAt: Date, continued: boolean) {
  const height = continued ? 48 : 84
  c.page.drawRectangle({ x: 0, y: PAGE.height - height, width: PAGE.width, height, color: NAVY })
  if (continued) {
    c.t.draw(c.page, `${BRAND}  ·  ${REPORT_TITLE} (continued)`, PAGE.margin, PAGE.height - 30, style(c.bold, 12, WHITE))
    return
  }
  c.t.draw(c.page, BRAND, PAGE.margin, PAGE.height - 44, style(c.bold, 22, WHITE))
  c.t.draw(c.page, REPORT_TITLE, PAGE.margin, PAGE.height - 66, style(c.regular, 12, PALE))
  const date = `Generated ${isoMinute(generatedAt)}`
  c.t.draw(c.page, date, PAGE.width - PAGE.margin - c.t.width(date, c.regular, 10), PAGE.height - 66, style(c.regular, 10, PALE))
}

/** Address block and the score badge; returns the y below it. */
function drawSummary(c: Canvas, result: ScoreResult, top: number): number {
  const badge = { w: 132, h: 92, x: PAGE.width - PAGE.margin - 132 }
  c.page.drawRectangle({ x: badge.x, y: top - badge.h, width: badge.w, height: badge.h, color: GRADE_COLOURS[result.grade] ?? NAVY })
  c.t.draw(c.page, result.grade, badge.x + 14, top - 52, style(c.bold, 40, WHITE))
  c.t.draw(c.page, `${result.overallScore.toFixed(1)} / 100`, badge.x + 14, top - 76, style(c.bold, 14, WHITE))

  let y = top - 16
  c.t.draw(c.page, 'Location', PAGE.margin, y, style(c.bold, 10, MUTED))
  y -= 20
  const addressWidth = CONTENT_WIDTH - badge.w - 16
  for (const line of c.t.wrap(result.address, c.bold, 16, addressWidth, ADDRESS_MAX_LINES)) {
    c.t.draw(c.page, line, PAGE.margin, y, style(c.bold, 16))
    y -= 20
  }
  const small = style(c.regular, 10, MUTED)
  const located = `${result.lat.toFixed(5)}, ${result.lng.toFixed(5)}  ·  located by ${PRECISION_LABELS[result.precision]}`
  c.t.draw(c.page, located, PAGE.margin, y, small)
  y -= 15
  c.t.draw(c.page, `Overall score ${result.overallScore.toFixed(1)} of 100, grade ${result.grade}`, PAGE.margin, y, small)
  const rank = percentileWords(result.percentiles)
  if (rank) {
    y -= 15
    c.t.draw(c.page, c.t.ellipsize(rank, c.bold, 10, addressWidth), PAGE.margin, y, style(c.bold, 10, NAVY))
  }
  if (c.t.undrawable.size > 0) {
    y -= 15
    const note = `Characters the report font cannot draw (e.g. CJK, Arabic, Hebrew, emoji) show as ${REPLACEMENT_CHARACTER}.`
    c.t.draw(c.page, c.t.ellipsize(note, c.regular, 8, addressWidth), PAGE.margin, y, style(c.regular, 8, MUTED))
  }
  return Math.min(y, top - badge.h) - 28
}

/** Horizontal bar per factor: label and raw value on the left, the 0–100 bar, score and weight. */
function drawFactorChart(c: Canvas, result: ScoreResult, top: number): number {
  c.t.draw(c.page, 'Factor scores (0–100) and weights', PAGE.margin, top, style(c.bold, 13, NAVY))
  let y = top - 26
  const labelWidth = 190
  const barX = PAGE.margin + labelWidth
  const barWidth = CONTENT_WIDTH - labelWidth - 92
  for (const key of FACTOR_KEYS) {
    const factor = result.factorScores[key]
    c.t.draw(c.page, c.t.ellipsize(factor.label, c.bold, 10.5, labelWidth - 8), PAGE.margin, y, style(c.bold, 10.5))
    const raw = c.t.ellipsize(rawText(factor.raw.value, factor.raw.unit), c.regular, 8, labelWidth - 8)
    c.t.draw(c.page, raw, PAGE.margin, y - 11, style(c.regular, 8, MUTED))
    c.page.drawRectangle({ x: barX, y: y - 8, width: barWidth, height: 14, color: TRACK })
    const filled = (Math.max(0, Math.min(100, factor.score)) / 100) * barWidth
    if (filled > 0) c.page.drawRectangle({ x: barX, y: y - 8, width: filled, height: 14, color: GRADE_COLOURS[result.grade] ?? NAVY })
    c.t.draw(c.page, factor.score.toFixed(0), barX + barWidth + 8, y - 4, style(c.bold, 10.5))
    c.t.draw(c.page, `× ${Math.round(factor.weight * 100)} %`, barX + barWidth + 36, y - 4, style(c.regular, 9, MUTED))
    y -= 30
  }
  return y - 8
}

function drawRoi(c: Canvas, roi: RoiSnapshot, top: number): number {
  c.t.draw(c.page, `ROI snapshot for a typical ${money(roi.signCost)} sign`, PAGE.margin, top, style(c.bold, 13, NAVY))
  const e = roi.estimate
  const cells: [string, string][] = [
    ['Daily impressions', count(e.estimatedDailyImpressions)],
    ['Monthly media value', money(e.estimatedMonthlyValue)],
    ['Payback', e.paybackMonths === null ? 'never' : `${e.paybackMonths.toFixed(1)} months`],
    ['Annual ROI', `${e.roiPercentage.toFixed(1)} %`],
  ]
  const cellWidth = CONTENT_WIDTH / cells.length
  const boxTop = top - 12
  c.page.drawRectangle({ x: PAGE.margin, y: boxTop - 50, width: CONTENT_WIDTH, height: 50, borderColor: TRACK, borderWidth: 1 })
  cells.forEach(([label, value], i) => {
    const x = PAGE.margin + i * cellWidth + 12
    c.t.draw(c.page, c.t.ellipsize(label, c.regular, 9, cellWidth - 20), x, boxTop - 18, style(c.regular, 9, MUTED))
    c.t.draw(c.page, c.t.ellipsize(value, c.bold, 14, cellWidth - 20), x, boxTop - 38, style(c.bold, 14))
  })
  const a = e.assumptions
  const note =
    `Impressions = people passing likely to see a ${a.sign.assumed ? 'typical ' : ''}${a.sign.type} sign: traffic ` +
    `${count(a.vehicleTrafficPerDay)}/day × ${a.vehicleOccupancy} occupants × likelihood to see ` +
    `${a.vehicleLikelihoodToSee.map((x) => x.toFixed(2)).join(' / ')} + pedestrians ${count(a.pedestriansPerDay)}/day × ` +
    `${a.pedestrianLikelihoodToSee.toFixed(2)} (modelled, confidence low); valued at a CPM of ${money(a.cpm)} CAD over ` +
    `${a.daysPerMonth} days. Media value, not revenue.`
  let y = boxTop - 64
  for (const line of c.t.wrap(note, c.regular, 8, CONTENT_WIDTH)) {
    c.t.draw(c.page, line, PAGE.margin, y, style(c.regular, 8, MUTED))
    y -= 10
  }
  return y - 14
}

/** The footer's lines, wrapped in full; their count decides where page content must stop. */
function footerLines(c: Canvas, result: ScoreResult, roi: RoiSnapshot, options: RenderOptions): string[] {
  const parts = [
    `Methodology v${result.methodologyVersion}  ·  ROI model v${roi.estimate.assumptions.modelVersion}  ·  Data ${result.dataVersion}`,
    `Generated ${options.generatedAt.toISOString()}${options.reportId ? `  ·  Report ${options.reportId}` : ''}`,
    'Estimates from modelled open data; verify on site before buying a sign.',
  ]
  return parts.flatMap((part) => c.t.wrap(part, c.regular, 7, CONTENT_WIDTH - 60))
}
const FOOTER = { bottom: 30, leading: 9 }
const footerTop = (lineCount: number) => FOOTER.bottom + lineCount * FOOTER.leading + 4

function drawFooter(c: Canvas, page: PDFPage, lines: string[], pageNumber: number, pageCount: number) {
  const top = footerTop(lines.length)
  page.drawRectangle({ x: PAGE.margin, y: top, width: CONTENT_WIDTH, height: 0.75, color: TRACK })
  const muted = style(c.regular, 7, MUTED)
  for (const [i, line] of lines.entries()) c.t.draw(page, line, PAGE.margin, top - 10 - i * FOOTER.leading, muted)
  const label = `Page ${pageNumber} of ${pageCount}`
  c.t.draw(page, label, PAGE.width - PAGE.margin - c.t.width(label, c.regular, 7), top - 10, muted)
}

/**
 * Keeps a block of `height` on the page: when it would reach below `bottom`, a new page (with the continued
 * header) starts and the block goes at its top. Returns the y to draw the block from.
 */
function room(c: Canvas, y: number, height: number, bottom: number, generatedAt: Date): number {
  if (y - height >= bottom) return y
  c.page = c.doc.addPage([PAGE.width, PAGE.height])
  c.t.pageIndex++
  drawHeader(c, generatedAt, true)
  return PAGE.height - 80
}

/** Every data source in full: name in bold, then licence and attribution, vintage and URL. New pages as needed. */
function drawSources(c: Canvas, result: ScoreResult, top: number, bottom: number, generatedAt: Date) {
  let y = room(c, top, 40, bottom, generatedAt)
  c.t.draw(c.page, 'Data sources and attribution', PAGE.margin, y, style(c.bold, 13, NAVY))
  y -= 18
  for (const source of Object.values(result.dataSources)) {
    const name = c.t.wrap(source.name, c.bold, 8, CONTENT_WIDTH)
    const details = c.t.wrap(`${source.licence}  ·  ${source.vintage}  ·  ${source.url}`, c.regular, 7.5, CONTENT_WIDTH)
    y = room(c, y, (name.length + details.length) * 10, bottom, generatedAt)
    for (const line of name) {
      c.t.draw(c.page, line, PAGE.margin, y, style(c.bold, 8))
      y -= 10
    }
    for (const line of details) {
      c.t.draw(c.page, line, PAGE.margin, y, style(c.regular, 7.5, MUTED))
      y -= 10
    }
    y -= 4
  }
}

async function newDocument(): Promise<PDFDocument> {
  const doc = await PDFDocument.create()
  doc.registerFontkit(pdfLibFontkit)
  return doc
}

export async function renderScoreReport(result: ScoreResult, roi: RoiSnapshot, options: RenderOptions): Promise<RenderedReport> {
  const doc = await newDocument()
  // Fixed names: pdf-lib otherwise adds a random suffix, and the same input must give the same bytes.
  const regular = await doc.embedFont(options.fonts.regular, { subset: true, customName: 'NotoSans-Regular' })
  const bold = await doc.embedFont(options.fonts.bold, { subset: true, customName: 'NotoSans-Bold' })
  const t = new ReportText()
  doc.setTitle(t.drawable(`${REPORT_TITLE}: ${result.address}`, regular))
  doc.setSubject(`Overall score ${result.overallScore.toFixed(1)}, grade ${result.grade}`)
  doc.setAuthor(BRAND)
  doc.setCreator(BRAND)
  doc.setProducer(`${BRAND} (pdf-lib)`)
  doc.setCreationDate(options.generatedAt)
  doc.setModificationDate(options.generatedAt)

  const c: Canvas = { doc, t, regular, bold, page: doc.addPage([PAGE.width, PAGE.height]) }
  const footer = footerLines(c, result, roi, options)
  drawHeader(c, options.generatedAt, false)
  let y = drawSummary(c, result, PAGE.height - 110)
  y = drawFactorChart(c, result, y)
  y = drawRoi(c, roi, y)
  const bottom = footerTop(footer.length) + 16
  // The sign the impressions are for and the hourly chart: on page 1 when it fits, else atop page 2.
  y = room(c, y, AUDIENCE_SECTION_HEIGHT, bottom, options.generatedAt)
  y = drawAudience(c.page, t, { regular, bold }, result, { x: PAGE.margin, top: y, width: CONTENT_WIDTH })
  drawSources(c, result, y, bottom, options.generatedAt)
  const pages = doc.getPages()
  pages.forEach((page, i) => {
    t.pageIndex = i
    drawFooter(c, page, footer, i + 1, pages.length)
  })
  return { pdf: await doc.save(), pageCount: pages.length, undrawable: [...t.undrawable], drawn: t.drawn }
}

/** The characters of `text` the report font cannot draw (what a render of it would report), without rendering. */
export async function undrawableCharacters(text: string, fonts: ReportFontFiles): Promise<string[]> {
  const doc = await newDocument()
  const t = new ReportText()
  t.drawable(text, await doc.embedFont(fonts.bold, { subset: true }))
  return [...t.undrawable]
}
