// src/geo/geodata/measured loaded the way the worker sees it (.bin artefacts as bytes; scripts/lib/load-ts.mjs),
// so Node tests can query the committed artefacts and compare them with the raw files.
import { loadSrc } from '../../scripts/lib/load-ts.mjs'

export type MeasuredModule = typeof import('../../src/geo/geodata/measured') & typeof import('../../src/geo/geodata/measured/internals')

export async function loadMeasured(): Promise<MeasuredModule> {
  return (await loadSrc({ 'geo/geodata/measured/index.ts': '*', 'geo/geodata/measured/internals.ts': '*' })) as MeasuredModule
}
