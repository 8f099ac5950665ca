// pdf-lib's standard fonts (Helvetica…) encode text in WinAnsi (Windows-1252) and throw on anything
// else. Every string that reaches the PDF goes through toWinAnsi: Latin-1 (é, à, ç, ô…) and the
// cp1252 extras (’ “ ” – — … € œ) pass through; other letters lose their accents or are transliterated;
// what is left (CJK, emoji, controls) becomes "?" or a space. Pure.

/** The 27 characters cp1252 puts in 0x80–0x9F. */
const CP1252_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'

/** Letters NFKD cannot decompose to ASCII, and a few symbols, with their usual transliteration. */
const TRANSLITERATIONS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŋ: 'N',
  ŋ: 'n',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 's',
  Ə: 'E',
  ə: 'e',
  ĸ: 'k',
  ʼ: "'",
  ʻ: "'",
  '′': "'",
  '″': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '―': '-',
  '→': '->',
  '←': '<-',
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '✓': 'v',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2007': ' ',
  '\u200b': '',
  '\u200d': '',
  '\ufeff': '',
  '\u00ad': '',
}

export function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0)!
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.includes(ch)
}

/** Replace whatever WinAnsi cannot encode; newlines and tabs become spaces (callers wrap lines themselves). */
export function toWinAnsi(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFC')) {
    if (isWinAnsi(ch)) {
      out += ch
      continue
    }
    if (ch in TRANSLITERATIONS) {
      out += TRANSLITERATIONS[ch]
      continue
    }
    const code = ch.codePointAt(0)!
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' '
      continue
    }
    // "Ő" → "O" + combining mark: keep the base letter when it is encodable.
    const base = ch.normalize('NFKD').replace(/\p{M}/gu, '')
    if (base && [...base].every(isWinAnsi)) {
      out += base
      continue
    }
    out += '?'
  }
  return out
}
