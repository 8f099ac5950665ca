import { describe, it, expect } from 'vitest'
import { buildScoreResult, FACTOR_LABELS, FACTOR_KEYS } from '../../src/scoring'
import { estimateRoi, signalsOf, TYPICAL_SIGN_COST_CAD } from '../../src/roi'
import { renderScoreReport, toWinAnsi, BRAND } from '../../src/services/reports'
import { isWinAnsi } from '../../src/services/reports/winansi'
import { pdfPageTexts } from './pdf-text'

const generatedAt = new Date('2026-11-23T10:00:00Z')

function resultAt(address: string, lat = 45.5017, lng = -73.5673) {
  return buildScoreResult({ lat, lng, address, precision: 'coordinates', street: { name: 'Sainte-Catherine', type: 'rue' } })
}
const snapshot = (result: ReturnType<typeof resultAt>) => ({
  signCost: TYPICAL_SIGN_COST_CAD,
  estimate: estimateRoi({ overallScore: result.overallScore, signCost: TYPICAL_SIGN_COST_CAD, signals: signalsOf(result) }),
})

describe('toWinAnsi', () => {
  it('keeps Latin-1 and cp1252 punctuation (Québec addresses stay intact)', () => {
    expect(toWinAnsi('1000 rue Sainte-Catherine O, Montréal, QC — Çà et là “ok” …€')).toBe(
      '1000 rue Sainte-Catherine O, Montréal, QC — Çà et là “ok” …€',
    )
  })
  it('strips accents WinAnsi lacks, transliterates, and replaces the rest', () => {
    expect(toWinAnsi('Łódź Őrség Đà Nẵng')).toBe('Lódz Orség Dà Nang') // ó é à are Latin-1; ł đ ő ẵ are not
    expect(toWinAnsi('東京 🚀')).toBe('?? ?')
    expect(toWinAnsi('a\tb\nc\u0000d\u200be')).toBe('a b c de')
  })
  it('always returns encodable text', () => {
    const sample = Array.from({ length: 3000 }, (_, i) => String.fromCodePoint(i * 37 + 1)).join('')
    expect([...toWinAnsi(sample)].every(isWinAnsi)).toBe(true)
  })
})

describe('renderScoreReport', () => {
  it('renders a one-page PDF with the address, score, grade, seven factors, ROI, sources and version', async () => {
    const result = resultAt('1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4')
    const bytes = await renderScoreReport(result, snapshot(result), { generatedAt, reportId: 'abc' })
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const { doc, pages } = await pdfPageTexts(bytes)
    expect(pages).toHaveLength(1)
    const text = pages[0]
    expect(text).toContain(BRAND)
    expect(text.replace(/\s+/g, ' ')).toContain('1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4') // may wrap
    expect(text).toContain(`grade ${result.grade}`)
    expect(text).toContain(`${result.overallScore.toFixed(1)} / 100`)
    expect(text).toContain('45.50170, -73.56730')
    for (const key of FACTOR_KEYS) expect(text).toContain(FACTOR_LABELS[key])
    expect(text).toContain('ROI snapshot for a typical $10,000.00 sign')
    expect(text).toContain('Data sources')
    expect(text).toContain(`Methodology v${result.methodologyVersion}`)
    expect(text).toContain('Generated 2026-11-23 10:00 UTC')
    expect(doc.getTitle()).toContain('Montréal')
    expect(doc.getCreationDate()?.toISOString()).toBe(generatedAt.toISOString())
  })

  it('does not crash on text outside WinAnsi, and long addresses wrap', async () => {
    const result = resultAt(`東京 Łódź 🚀 ${'Very Long Boulevard Name '.repeat(12)}, Montréal, QC`)
    const bytes = await renderScoreReport(result, snapshot(result), { generatedAt })
    const { pages } = await pdfPageTexts(bytes)
    expect(pages[0]).toContain('?? Lódz ? Very Long')
  })

  it('is deterministic for the same input', async () => {
    const result = resultAt('1 Main St, Montréal, QC')
    const a = await renderScoreReport(result, snapshot(result), { generatedAt })
    const b = await renderScoreReport(result, snapshot(result), { generatedAt })
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
  })
})
