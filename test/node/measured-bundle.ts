// src/geo/measured loaded the way the worker sees it (.bin artefacts as bytes; scripts/lib/load-ts.mjs),
// so Node tests can query the committed artefacts and compare them with the raw files.
import { loadSrc } from '../../scripts/lib/load-ts.mjs'

export type MeasuredModule = typeof import('../../src/geo/measured/index') & typeof import('../../src/geo/measured/internals')

export async function loadMeasured(): Promise<MeasuredModule> {
  return (await loadSrc({ 'geo/measured/index.ts': '*', 'geo/measured/internals.ts': '*' })) as MeasuredModule
}
