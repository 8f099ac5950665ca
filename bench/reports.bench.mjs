#!/usr/bin/env node
// npm run bench:reports: PDF generation time (median and p95 ms over 50 reports, after 5 warm-up
// renders) and PDF size, with the worker's own code (scripts/lib/report-bundle.mjs). Scoring and the
// ROI estimate are timed separately so the render cost is visible on its own.
import { loadReportCode } from '../scripts/lib/report-bundle.mjs'

const ADDRESSES = [
  '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4',
  '100 Queen St W, Toronto, ON M5H 2N2',
  '900 Granville St, Vancouver, BC V6Z 1L2',
  '10 Maplewood Cres, Brampton, ON L6S 2P4',
  '200 8 Ave SW, Calgary, AB T2P 1B5',
  '4000 Rang 4, QC J0K 1A0',
  '50 Rideau St, Ottawa, ON K1N 9J7',
]
const N = 50
const { geocodeOffline, buildScoreResult, reportRoi, renderScoreReport, fonts } = await loadReportCode()

const inputs = ADDRESSES.map((address) => {
  const g = geocodeOffline(address)
  const result = buildScoreResult({ lat: g.lat, lng: g.lng, address: g.address, precision: g.precision, street: g.street })
  return { result, roi: reportRoi(result) }
})

for (let i = 0; i < 5; i++)
  await renderScoreReport(inputs[i % inputs.length].result, inputs[i % inputs.length].roi, { generatedAt: new Date(), fonts })
const times = []
const sizes = []
const pages = new Set()
for (let i = 0; i < N; i++) {
  const { result, roi } = inputs[i % inputs.length]
  const t0 = performance.now()
  const { pdf, pageCount } = await renderScoreReport(result, roi, { generatedAt: new Date(), reportId: crypto.randomUUID(), fonts })
  times.push(performance.now() - t0)
  pages.add(pageCount)
  sizes.push(pdf.byteLength)
}
const pageCounts = [...pages].sort().join(' or ')
const sorted = (a) => [...a].sort((x, y) => x - y)
const median = (a) => {
  const s = sorted(a)
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2
}
const p95 = (a) => sorted(a)[Math.ceil(a.length * 0.95) - 1]
console.log(`PDF reports, ${N} renders (Node ${process.version}, pdf-lib, embedded Noto Sans subsets, ${pageCounts} pages)`)
console.log(`  render time: median ${median(times).toFixed(2)} ms, p95 ${p95(times).toFixed(2)} ms, min ${sorted(times)[0].toFixed(2)} ms`)
console.log(`  size: median ${(median(sizes) / 1024).toFixed(1)} KiB (min ${sorted(sizes)[0]} B, max ${sorted(sizes).at(-1)} B)`)
