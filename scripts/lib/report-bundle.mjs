// Bundles the worker's own report code (geocoder → score → ROI → pdf-lib renderer) with esbuild
// (installed with wrangler) so Node scripts render exactly what the worker renders.
import { build } from 'esbuild'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const src = (path) => JSON.stringify(join(root, 'src', path))

export async function loadReportCode() {
  const outDir = mkdtempSync(join(tmpdir(), 'report-bundle-'))
  const entry = join(outDir, 'entry.ts')
  writeFileSync(
    entry,
    `
export { geocodeOffline } from ${src('geo/index.ts')}
export { buildScoreResult } from ${src('scoring/index.ts')}
export { estimateRoi, signalsOf, TYPICAL_SIGN_COST_CAD } from ${src('roi/index.ts')}
export { renderScoreReport } from ${src('services/reports/render.ts')}
`,
  )
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: join(outDir, 'report.mjs'),
    logLevel: 'error',
    mainFields: ['module', 'main'],
  })
  const m = await import(pathToFileURL(join(outDir, 'report.mjs')).href)
  rmSync(outDir, { recursive: true, force: true })

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
