// Bundles the worker's own report code (geocoder → score → ROI → pdf-lib renderer) with esbuild
// (installed with wrangler) so Node scripts render exactly what the worker renders.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadSrc, repoRoot } from './load-ts.mjs'

/** The font files the worker reads through its ASSETS binding (public/fonts/, copied on npm install). */
export function reportFontFiles() {
  const read = (name) => new Uint8Array(readFileSync(join(repoRoot, 'public', 'fonts', name)))
  return { regular: read('NotoSans-Regular.ttf'), bold: read('NotoSans-Bold.ttf') }
}

export async function loadReportCode() {
  const m = await loadSrc({
    'geo/geocode/index.ts': ['geocodeOffline'],
    'scoring/index.ts': ['buildScoreResult'],
    'roi/index.ts': ['estimateRoi', 'signalsOf', 'TYPICAL_SIGN_COST_CAD'],
    'services/reports/render.ts': ['renderScoreReport'],
    'services/reports/index.ts': ['reportWarnings', 'reportRoi'],
  })

  const fonts = reportFontFiles()
  /** Address → PDF bytes, the same steps as POST /reports/score minus R2 and signing. */
  async function reportFor(address, generatedAt = new Date()) {
    const g = m.geocodeOffline(address)
    if (!g) throw new Error(`could not geocode "${address}"`)
    const result = m.buildScoreResult({ lat: g.lat, lng: g.lng, address: g.address, precision: g.precision, street: g.street })
    const rendered = await m.renderScoreReport(result, m.reportRoi(result), { generatedAt, reportId: crypto.randomUUID(), fonts })
    return { result, pdf: rendered.pdf, pageCount: rendered.pageCount, warnings: m.reportWarnings(rendered.undrawable) }
  }
  return { ...m, fonts, reportFor }
}
