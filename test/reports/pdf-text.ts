// Test helper: the text drawn on a pdf-lib page. pdf-lib writes standard-font text as hex strings
// (`<48656C6C6F> Tj`) in Flate-compressed content streams; decode both and join the pieces.
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFObject } from 'pdf-lib'

const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

function winAnsiDecode(hex: string): string {
  let out = ''
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16)
    out += code >= 0x80 && code < 0xa0 ? CP1252_HIGH[code - 0x80] : String.fromCharCode(code)
  }
  return out
}

export async function pdfPageTexts(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: string[] }> {
  const doc = await PDFDocument.load(bytes)
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents() as PDFObject | undefined
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents]
    let raw = ''
    for (const stream of streams) {
      if (stream instanceof PDFRawStream) raw += new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode())
    }
    return [...raw.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => winAnsiDecode(m[1])).join('\n')
  })
  return { doc, pages }
}
