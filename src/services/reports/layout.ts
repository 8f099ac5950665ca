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

/** Text widths at size 1000 by font name (fixed names: the same font in every document); bounded. */
const WIDTH_CACHE = new Map<string, Map<string, number>>()

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
    const width = this.measure(text, style.font, style.size)
    page.drawText(text, { x, y, size: style.size, font: style.font, color: style.color })
    this.drawn.push({ page: this.pageIndex, text, x, y, size: style.size, font: style.font, width })
    return width
  }

  width(value: string, font: PDFFont, size: number): number {
    return this.measure(this.drawable(value, font), font, size)
  }

  /**
   * Greedy word wrap by measured width. A word wider than a line breaks between grapheme clusters, so
   * no letter and its accents are ever split. With `maxLines`, the last kept line ends in an ellipsis.
   * Widths add up word by word (pdf-lib's width is the sum of glyph advances, no kerning), so each word
   * is shaped once; every line is checked whole before it is kept.
   */
  wrap(value: string, font: PDFFont, size: number, maxWidth: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    const fits = (s: string) => this.measure(s, font, size) <= maxWidth
    const space = this.measure(' ', font, size)
    const lines: string[] = []
    let line = ''
    let lineWidth = 0
    const push = () => {
      // A shaping difference across words (none in Noto Sans for Latin) would show here: move words down.
      const words = line.split(' ')
      let rest = ''
      while (words.length > 1 && !fits(words.join(' '))) rest = rest ? `${words.pop()} ${rest}` : words.pop()!
      lines.push(words.join(' '))
      line = rest
      lineWidth = rest ? this.measure(rest, font, size) : 0
    }
    for (const word of this.drawable(value, font).split(' ').filter(Boolean)) {
      const wordWidth = this.measure(word, font, size)
      while (line && lineWidth + space + wordWidth > maxWidth) push()
      if (line) {
        line = `${line} ${word}`
        lineWidth += space + wordWidth
      } else if (wordWidth <= maxWidth) {
        line = word
        lineWidth = wordWidth
      } else {
        for (const g of splitGraphemes(word)) {
          if (line && !fits(line + g)) {
            lines.push(line)
            line = ''
          }
          line += g
        }
        lineWidth = this.measure(line, font, size)
      }
    }
    while (line) push()
    if (lines.length <= maxLines) return lines
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = this.ellipsize(`${kept[maxLines - 1]} ${lines[maxLines]}`, font, size, maxWidth)
    return kept
  }

  /** One line: the text if it fits, else as many whole grapheme clusters as fit (binary search), then "…". */
  ellipsize(value: string, font: PDFFont, size: number, maxWidth: number): string {
    const text = this.drawable(value, font)
    if (this.measure(text, font, size) <= maxWidth) return text
    const clusters = splitGraphemes(text)
    const cut = (n: number) => `${clusters.slice(0, n).join('').trimEnd()}${ELLIPSIS}`
    let [low, high] = [0, clusters.length]
    while (low < high) {
      const mid = Math.ceil((low + high) / 2)
      if (this.measure(cut(mid), font, size) <= maxWidth) low = mid
      else high = mid - 1
    }
    return cut(low)
  }

  /** pdf-lib's width (glyph advances after shaping), shaped once per font and text for the isolate. */
  private measure(text: string, font: PDFFont, size: number): number {
    let widths = WIDTH_CACHE.get(font.name)
    if (!widths || widths.size > 20_000) {
      widths = new Map()
      WIDTH_CACHE.set(font.name, widths)
    }
    let unit = widths.get(text)
    if (unit === undefined) {
      unit = font.widthOfTextAtSize(text, 1000)
      widths.set(text, unit)
    }
    return (unit * size) / 1000
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
