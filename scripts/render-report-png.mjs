#!/usr/bin/env node
// npm run report:png -- ["address"] [--out .tmp/report.png] [--dpi 110]
// Renders a score report with the worker's own code and converts every page to PNG with pdftoppm
// (Debian/Ubuntu: apt-get install poppler-utils). Writes the PDF next to the PNG.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { spawnSync } from 'node:child_process'
import { loadReportCode } from './lib/report-bundle.mjs'
import { cliArgs } from './lib/cli.mjs'

const { values: opts, positionals } = cliArgs(
  { out: { type: 'string', default: '.tmp/report.png' }, dpi: { type: 'string', default: '110' } },
  { positionals: true, usage: 'npm run report:png -- ["address"] [--out .tmp/report.png] [--dpi 110]' },
)
const address = positionals[0] ?? '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4'
const png = opts.out
const dpi = opts.dpi

const { reportFor } = await loadReportCode()
const { result, pdf, pageCount, warnings } = await reportFor(address)
const pdfPath = `${png.replace(/\.png$/i, '')}.pdf`
mkdirSync(dirname(png), { recursive: true })
writeFileSync(pdfPath, pdf)

// Page 1 → report.png, page n → report-n.png.
const pngs = []
for (let page = 1; page <= pageCount; page++) {
  const out = png.replace(/\.png$/i, page === 1 ? '' : `-${page}`)
  const run = spawnSync('pdftoppm', ['-png', '-r', dpi, '-f', String(page), '-l', String(page), '-singlefile', pdfPath, out], {
    stdio: 'inherit',
  })
  if (run.error || run.status !== 0) {
    console.error('pdftoppm failed or is missing: apt-get install -y poppler-utils (macOS: brew install poppler)')
    process.exit(1)
  }
  pngs.push(`${out}.png`)
}
console.log(`${result.address}: ${result.overallScore} (${result.grade})\nPDF ${pdfPath} (${pdf.byteLength} bytes, ${pageCount} pages)`)
for (const w of warnings) console.log(`warning ${w.code}: ${w.message}`)
console.log(`PNG ${pngs.join(', ')}`)
