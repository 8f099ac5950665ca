// Test helper: the text drawn on each page of a pdf-lib PDF. The report embeds TrueType fonts (Identity-H),
// so a `<0012003A> Tj` string is glyph ids; each font's ToUnicode CMap (`<0012> <0041>` pairs, written
// by pdf-lib) maps them back. Content streams and CMaps are Flate-compressed; decode both.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef, decodePDFRawStream, type PDFObject } from 'pdf-lib'

const latin1 = new TextDecoder('latin1')
const streamText = (stream: unknown) => (stream instanceof PDFRawStream ? latin1.decode(decodePDFRawStream(stream).decode()) : '')

function toUnicodeMap(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>()
  const cmap = streamText(doc.context.lookup(font.get(PDFName.of('ToUnicode')) as PDFRef))
  for (const [, glyph, utf16] of cmap.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = (utf16.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))
    map.set(glyph.toUpperCase(), String.fromCharCode(...units))
  }
  return map
}

export async function pdfPageTexts(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: string[] }> {
  const doc = await PDFDocument.load(bytes)
  const pages = doc.getPages().map((page) => {
    const fontDict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict)
    const maps = new Map<string, Map<string, string>>()
    for (const [name, ref] of fontDict?.entries() ?? []) maps.set(name.decodeText(), toUnicodeMap(doc, doc.context.lookup(ref) as PDFDict))
    const contents = page.node.Contents() as PDFObject | undefined
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents]
    const raw = streams.map(streamText).join('\n')
    let current = new Map<string, string>()
    const lines: string[] = []
    for (const m of raw.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1] !== undefined) current = maps.get(m[1]) ?? new Map()
      else lines.push((m[2].match(/.{4}/g) ?? []).map((g) => current.get(g.toUpperCase()) ?? '\u0000').join(''))
    }
    return lines.join('\n')
  })
  return { doc, pages }
}
