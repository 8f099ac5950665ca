import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { buildScoreResult, FACTOR_LABELS, FACTOR_KEYS, hourlyChart, HOURLY_CHART_TITLE, type SignInput } from '../../src/scoring'
import {
  ADDRESS_MAX_LINES,
  BRAND,
  ELLIPSIS,
  PAGE,
  REPLACEMENT_CHARACTER,
  renderScoreReport,
  reportFonts,
  reportRoi,
  reportWarnings,
} from '../../src/services/reports'
import { pdfPageTexts } from './pdf-text'
import { AXIS_LABEL_SIZE } from '../../src/services/reports/audience'
import fc from 'fast-check'
import { PDFDocument } from 'pdf-lib'
import { pdfLibFontkit } from '../../src/services/reports/fontkit'
import { ReportText } from '../../src/services/reports/layout'

const generatedAt = new Date('2026-11-23T10:00:00Z')

function resultAt(address: string, lat = 45.5017, lng = -73.5673, sign?: SignInput) {
  return buildScoreResult(
    { lat, lng, address, precision: 'coordinates', street: { name: 'Sainte-Catherine', type: 'rue' } },
    undefined,
    sign,
  )
}
async function render(address: string, reportId?: string, sign?: SignInput) {
  const result = resultAt(address, undefined, undefined, sign)
  const fonts = await reportFonts(env)
  const rendered = await renderScoreReport(result, reportRoi(result), { generatedAt, reportId, fonts })
  const { doc, pages } = await pdfPageTexts(rendered.pdf)
  return { result, rendered, doc, pages, text: pages.join('\n').replace(/\s+/g, ' ') }
}
const MONTREAL = '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4'

describe('renderScoreReport', () => {
  it('renders the address, score, grade, seven factors, ROI and version with the embedded font', async () => {
    const { result, rendered, doc, pages, text } = await render(MONTREAL, 'abc')
    expect(new TextDecoder().decode(rendered.pdf.slice(0, 5))).toBe('%PDF-')
    expect(pages).toHaveLength(rendered.pageCount)
    expect(pages[0]).toContain(BRAND)
    expect(text).toContain(MONTREAL) // may wrap
    expect(pages[0]).toContain(`grade ${result.grade}`)
    expect(pages[0]).toContain(`${result.overallScore.toFixed(1)} / 100`)
    expect(pages[0]).toContain('45.50170, -73.56730')
    for (const key of FACTOR_KEYS) expect(pages[0]).toContain(FACTOR_LABELS[key])
    expect(pages[0]).toContain('ROI snapshot for a typical $10,000.00 sign')
    expect(text).toContain(`Methodology v${result.methodologyVersion}`)
    expect(pages[0]).toContain('Generated 2026-11-23 10:00 UTC')
    expect(rendered.undrawable).toEqual([])
    expect(doc.getTitle()).toContain('Montréal')
    expect(doc.getCreationDate()?.toISOString()).toBe(generatedAt.toISOString())
  })

  it('says where the score stands in its CMA, in words (methodology §9)', async () => {
    const { result, pages } = await render(MONTREAL)
    expect(result.percentiles?.cmaName).toBe('Montréal')
    expect(pages[0].replace(/\s+/g, ' ')).toContain(`Better than ${result.percentiles!.cma} % of Montréal street frontage`)
  })

  it('draws the weekday hourly chart: title, hour labels 0/6/12/18/24 h, legend with each day total, peak hours in words', async () => {
    const { result, text, rendered } = await render(MONTREAL)
    const chart = hourlyChart(result.audience.hourly!)
    expect(text).toContain(HOURLY_CHART_TITLE)
    const labels = rendered.drawn.filter((d) => d.size === AXIS_LABEL_SIZE && /^\d+ h$/.test(d.text))
    expect(labels.map((d) => d.text)).toEqual(['0 h', '6 h', '12 h', '18 h', '24 h'])
    // Evenly spaced along one axis, on the chart's page.
    const gaps = labels.slice(1).map((d, i) => d.x + d.width / 2 - (labels[i].x + labels[i].width / 2))
    expect(new Set(labels.map((d) => d.page)).size).toBe(1)
    expect(new Set(labels.map((d) => d.y)).size).toBe(1)
    for (const gap of gaps.slice(1, -1)) expect(gap).toBeCloseTo(gaps[1], 0)
    expect(text).toContain(`Vehicles (${chart.series[0].daily.toLocaleString('en-CA')}/day)`)
    expect(text).toContain(`Pedestrians (${chart.series[1].daily.toLocaleString('en-CA')}/day)`)
    expect(text).toContain(`${chart.axisMaxPercent} %`)
    expect(text).toContain(chart.peakWords)
    expect(chart.peakWords).toMatch(/^Weekday vehicles peak at \d\d:00–\d\d:00/)
  })

  it('says which sign the impressions are for: the typical one without a sign block, the given one with it', async () => {
    const typical = await render(MONTREAL)
    expect(typical.text).toContain('No sign was given: the figures are for a typical channel-letters sign')
    expect(typical.text).toContain(`${typical.result.audience.impressions!.daily.toLocaleString('en-CA')} people a weekday`)
    const pylon = await render(MONTREAL, undefined, { type: 'pylon', faceAreaM2: 8, mountingHeightM: 7, setbackM: 3 })
    expect(pylon.text).toContain('Impressions for the sign given, a pylon sign: 8 m² face, centre 7 m above grade, 3 m from the curb')
    expect(pylon.text).not.toContain('No sign was given')
    expect(pylon.text).toContain(`${pylon.result.audience.impressions!.daily.toLocaleString('en-CA')} people a weekday`)
    expect(pylon.result.audience.impressions!.daily).not.toBe(typical.result.audience.impressions!.daily)
    // The ROI snapshot values the same impressions (its first cell: daily impressions).
    const roiCell = (r: typeof pylon) => r.rendered.drawn.find((d, i, all) => all[i - 1]?.text === 'Daily impressions')?.text
    for (const r of [typical, pylon]) expect(roiCell(r)).toBe(r.result.audience.impressions!.daily.toLocaleString('en-CA'))
  })

  it('lists every data source in full: name, licence and attribution (the Statistics Canada non-endorsement too), URL', async () => {
    const { result, text } = await render(MONTREAL)
    const sources = Object.values(result.dataSources)
    expect(sources.length).toBeGreaterThanOrEqual(11)
    for (const source of sources) {
      expect(text).toContain(source.name.replace(/\s+/g, ' '))
      expect(text).toContain(source.licence.replace(/\s+/g, ' '))
      expect(text).toContain(source.url)
    }
    const endorsement = 'This does not constitute an endorsement by Statistics Canada of this product.'
    expect(text.split(endorsement).length - 1).toBe(sources.filter((s) => `${s.name} ${s.licence}`.includes(endorsement)).length)
  })

  it('every line fits inside the margins by pdf-lib font metrics, above the footer, and the footer fits on every page', async () => {
    const { rendered } = await render(
      `${'Boulevard de la Très-Longue-Côte-Sainte-Élisabeth '.repeat(8)}, Montréal, QC`,
      crypto.randomUUID(),
    )
    for (const line of rendered.drawn) {
      const width = line.font.widthOfTextAtSize(line.text, line.size)
      expect(line.x, line.text).toBeGreaterThanOrEqual(PAGE.margin)
      expect(line.x + width, line.text).toBeLessThanOrEqual(PAGE.width - PAGE.margin + 0.001)
      expect(line.y, line.text).toBeGreaterThanOrEqual(20)
      expect(line.y + line.size, line.text).toBeLessThanOrEqual(PAGE.height)
    }
    for (let page = 0; page < rendered.pageCount; page++) {
      const onPage = rendered.drawn.filter((d) => d.page === page)
      const footer = onPage.filter((d) => d.size === 7)
      expect(footer.some((d) => d.text === `Page ${page + 1} of ${rendered.pageCount}`)).toBe(true)
      expect(footer.some((d) => d.text.startsWith('Estimates from modelled open data'))).toBe(true)
      const lowestBody = Math.min(...onPage.filter((d) => d.size !== 7).map((d) => d.y))
      expect(lowestBody).toBeGreaterThan(Math.max(...footer.map((d) => d.y + d.size)))
    }
  })

  it(`a long address wraps to ${ADDRESS_MAX_LINES} lines and ends in an ellipsis, never cut inside a letter`, async () => {
    // No spaces and decomposed accents ("e" + U+0301): a break between a letter and its accent would show.
    const address = `Rue${'Saint-E\u0301lisabeth-de-la-Co\u0302te'.repeat(10)}`
    const { rendered } = await render(address)
    const lines = rendered.drawn.filter((d) => d.size === 16)
    expect(lines).toHaveLength(ADDRESS_MAX_LINES)
    expect(lines.at(-1)!.text.endsWith(ELLIPSIS)).toBe(true)
    for (const line of lines) expect(line.text).not.toMatch(/^\p{M}/u)
    expect(lines.map((l) => l.text).join('')).toContain('Saint-Élisabeth-de-la-Côte') // NFC: the font's composed glyphs
  })

  it('draws French and Latin Extended as typed; CJK, Hebrew, Arabic and emoji show as U+FFFD and are reported', async () => {
    const { rendered, text, pages } = await render('Łódź Đà Nẵng Œuvre Ça Über 東京 🚀 שלום مرحبا, Montréal')
    expect(text).toContain('Łódź Đà Nẵng Œuvre Ça Über')
    expect(text).toContain(`${REPLACEMENT_CHARACTER}${REPLACEMENT_CHARACTER} ${REPLACEMENT_CHARACTER}`)
    expect(pages[0].split('Factor scores')[0]).not.toContain('?') // no silent question marks
    expect(rendered.undrawable).toEqual(['東', '京', '🚀', 'ש', 'ל', 'ו', 'ם', 'م', 'ر', 'ح', 'ب', 'ا'])
    expect(text).toContain(`show as ${REPLACEMENT_CHARACTER}`) // the PDF says so too
    const [warning] = reportWarnings(rendered.undrawable)
    expect(warning.code).toBe('text_not_drawn')
    expect(warning.message).toMatch(/cannot draw 12 distinct characters/)
  })

  it('is deterministic for the same input', async () => {
    const a = await render('1 Main St, Montréal, QC')
    const b = await render('1 Main St, Montréal, QC')
    expect(Buffer.from(a.rendered.pdf).equals(Buffer.from(b.rendered.pdf))).toBe(true)
  })
})

describe('ReportText.wrap', () => {
  it('every line fits by pdf-lib metrics, keeps every word in order, and never splits a letter from its accent', async () => {
    const doc = await PDFDocument.create()
    doc.registerFontkit(pdfLibFontkit)
    const font = await doc.embedFont((await reportFonts(env)).bold, { subset: true, customName: 'NotoSans-Bold' })
    const word = fc
      .array(fc.constantFrom(...'aeiouAEIOUxyzLMWéèçôœÆßŁđ-.,0123456789', 'e\u0301', 'o\u0302'), { minLength: 1, maxLength: 40 })
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 40, max: 400 }), (words, maxWidth) => {
        const t = new ReportText()
        const text = words.join(' ')
        const lines = t.wrap(text, font, 12, maxWidth)
        for (const line of lines) {
          expect(font.widthOfTextAtSize(line, 12)).toBeLessThanOrEqual(maxWidth + 1e-9)
          expect(line).not.toMatch(/^\p{M}/u)
        }
        expect(lines.join('').replace(/ /g, '')).toBe(t.drawable(text, font).replace(/ /g, ''))
      }),
      { numRuns: 60 },
    )
  })
})
