// Text on the PDF report (docs/decisions.md §8, "Report fonts"): the one place that decides what the
// embedded font can draw, wraps by measured width, shortens with an ellipsis, and records every line it
// draws, so tests check the fit with pdf-lib's own font metrics. Pure: no I/O.
import type { PDFFont, PDFPage, RGB } from 'pdf-lib'

/** Drawn in place of a character the report font has no glyph for (CJK, Arabic, Hebrew, emoji…). */
export const REPLACEMENT_CHARACTER = '\uFFFD'
export const ELLIPSIS = '…'

export interface DrawnText {
  page: number
  text: string
  x: number
  y: number
  size: number
  font: PDFFont
  /** Measured with the font's advance widths (pdf-lib widthOfTextAtSize). */
  width: number
}

export interface TextStyle {
  font: PDFFont
  size: number
  color: RGB
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
const splitGraphemes = (text: string) => Array.from(graphemes.segment(text), (s) => s.segment)
// Line and paragraph separators, tabs and other whitespace become one space: callers lay out lines themselves.
const WHITESPACE = /[\s\u2028\u2029]+/g
// Invisible format characters (ZWSP, ZWJ, BOM, soft hyphen, bidi marks): nothing to draw.
const INVISIBLE = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\p{Cc}]/gu

export class ReportText {
  /** Every line drawn, in order. */
  readonly drawn: DrawnText[] = []
  /** Characters that were replaced by REPLACEMENT_CHARACTER because the font cannot draw them. */
  readonly undrawable = new Set<string>()
  private readonly charsets = new Map<PDFFont, Set<number>>()
  pageIndex = 0

  /** The text as the font can draw it: NFC, one space for any run of whitespace, unknown characters replaced. */
  drawable(text: string, font: PDFFont): string {
    const charset = this.charsetOf(font)
    let out = ''
    for (const ch of text.normalize('NFC').replace(INVISIBLE, '').replace(WHITESPACE, ' ')) {
      if (charset.has(ch.codePointAt(0)!)) {
        out += ch
        continue
      }
      // A letter with a mark the font lacks as one glyph ("ǘ" → "u" + marks) keeps its drawable parts.
      const parts = [...ch.normalize('NFD')]
      if (parts.length > 1 && parts.every((p) => charset.has(p.codePointAt(0)!))) {
        out += parts.join('')
        continue
      }
      this.undrawable.add(ch)
      out += REPLACEMENT_CHARACTER
    }
    return out
  }

  draw(page: PDFPage, value: string, x: number, y: number, style: TextStyle): number {
    const text = this.drawable(value, style.font)
    const width = style.font.widthOfTextAtSize(text, style.size)
    page.drawText(text, { x, y, size: style.size, font: style.font, color: style.color })
    this.drawn.push({ page: this.pageIndex, text, x, y, size: style.size, font: style.font, width })
    return width
  }

  width(value: string, font: PDFFont, size: number): number {
    return font.widthOfTextAtSize(this.drawable(value, font), size)
  }

  /**
   * Greedy word wrap by measured width. A word wider than a line breaks between grapheme clusters, so
   * no letter and its accents are ever split. With `maxLines`, the last kept line ends in an ellipsis.
   */
  wrap(value: string, font: PDFFont, size: number, maxWidth: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    const fits = (s: string) => font.widthOfTextAtSize(s, size) <= maxWidth
    const lines: string[] = []
    let line = ''
    for (const word of this.drawable(value, font).split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (fits(candidate)) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      line = ''
      for (const g of splitGraphemes(word)) {
        if (line && !fits(line + g)) {
          lines.push(line)
          line = ''
        }
        line += g
      }
    }
    if (line) lines.push(line)
    if (lines.length <= maxLines) return lines
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = this.ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, font, size, maxWidth)
    return kept
  }

  /** One line: the text if it fits, else as many whole grapheme clusters as fit, then "…". */
  ellipsize(value: string, font: PDFFont, size: number, maxWidth: number): string {
    const text = this.drawable(value, font)
    if (font.widthOfTextAtSize(text, size) <= maxWidth) return text
    const clusters = splitGraphemes(text)
    while (clusters.length > 0 && font.widthOfTextAtSize(`${clusters.join('').trimEnd()}${ELLIPSIS}`, size) > maxWidth) clusters.pop()
    return `${clusters.join('').trimEnd()}${ELLIPSIS}`
  }

  private charsetOf(font: PDFFont): Set<number> {
    let charset = this.charsets.get(font)
    if (!charset) {
      charset = new Set(font.getCharacterSet())
      this.charsets.set(font, charset)
    }
    return charset
  }
}
