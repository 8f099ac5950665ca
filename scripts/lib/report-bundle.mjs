// Bundles the worker's own report code (geocoder → score → ROI → pdf-lib renderer) with esbuild
// (installed with wrangler) so Node scripts render exactly what the worker renders.
import { loadSrc } from './load-ts.mjs'

export async function loadReportCode() {
  const m = await loadSrc({
    'geo/index.ts': ['geocodeOffline'],
    'scoring/index.ts': ['buildScoreResult'],
    'roi/index.ts': ['estimateRoi', 'signalsOf', 'TYPICAL_SIGN_COST_CAD'],
    'services/reports/render.ts': ['renderScoreReport'],
  })

  /** Address → PDF bytes, the same steps as POST /reports/score minus R2 and signing. */
  async function reportFor(address, generatedAt = new Date()) {
    const g = m.geocodeOffline(address)
    if (!g) throw new Error(`could not geocode "${address}"`)
    const result = m.buildScoreResult({ lat: g.lat, lng: g.lng, address: g.address, precision: g.precision, street: g.street })
    const estimate = m.estimateRoi({ overallScore: result.overallScore, signCost: m.TYPICAL_SIGN_COST_CAD, signals: m.signalsOf(result) })
    return {
      result,
      pdf: await m.renderScoreReport(
        result,
        { signCost: m.TYPICAL_SIGN_COST_CAD, estimate },
        { generatedAt, reportId: crypto.randomUUID() },
      ),
    }
  }
  return { ...m, reportFor }
}
