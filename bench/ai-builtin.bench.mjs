#!/usr/bin/env node
// npm run bench:ai-builtin: CPU per call of the built-in AI provider (issue 25 target: ≤ 20 ms), with
// the worker's own code bundled by esbuild. /ai/query runs over every question of the evaluation set
// (test/ai/fixtures/query-eval.json) with the bundled offline geocoder and no reverse geocoder (what a
// fresh machine has); /ai/weights over the same texts; /ai/recommend over score results of varied
// places. Prints the median, p95 and worst CPU per call after a warm-up (lazily built indexes, JIT).
// --verbose prints each query's answer.
import { readFileSync } from 'node:fs'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { loadSrc, repoRoot } from '../scripts/lib/load-ts.mjs'
import { BIG_CITY_CENTRES } from './lib/cities.mjs'

const m = await loadSrc({
  'services/ai/builtin/index.ts': ['builtinQuery', 'builtinWeights', 'builtinRecommend'],
  'services/ai/sign-types.ts': ['FALLBACK_SIGN_TYPES'],
  'services/geocoder.ts': ['offlineGeocoder'],
  'services/reverse-geocoder.ts': ['noReverseGeocoder'],
  'scoring/index.ts': ['buildScoreResult', 'DEFAULT_WEIGHTS'],
})
const verbose = cliArgs({ verbose: { type: 'boolean', default: false } }).values.verbose
const queries = JSON.parse(readFileSync(`${repoRoot}/test/ai/fixtures/query-eval.json`, 'utf8')).queries.map((q) => q.query)
const signTypes = [...m.FALLBACK_SIGN_TYPES]

const cpuMs = (c0) => {
  const c = process.cpuUsage(c0)
  return (c.user + c.system) / 1000
}
async function measure(label, inputs, fn) {
  for (const input of inputs) await fn(input) // warm-up: every lazily built index, JIT
  const cpu = []
  for (let round = 0; round < 3; round++) {
    for (const input of inputs) {
      const c0 = process.cpuUsage()
      await fn(input)
      cpu.push(cpuMs(c0))
    }
  }
  cpu.sort((a, b) => a - b)
  const at = (q) => cpu[Math.min(cpu.length - 1, Math.floor(q * cpu.length))].toFixed(2).padStart(6)
  console.log(
    `${label.padEnd(24)} ${String(cpu.length).padStart(4)} calls   CPU median ${at(0.5)} ms   p95 ${at(0.95)} ms   ` +
      `worst ${at(1 - 1e-9)} ms`,
  )
}

await measure('/ai/query (builtin)', queries, async (q) => {
  const a = await m.builtinQuery(q, m.offlineGeocoder, m.noReverseGeocoder)
  if (verbose)
    console.log(
      JSON.stringify({
        q,
        intent: a.intent,
        city: a.city,
        business: a.businessType,
        addresses: a.suggestedAddresses,
        notes: a.notes,
        explanation: a.explanation,
      }),
    )
})
await measure('/ai/weights (builtin)', queries, async (q) => m.builtinWeights(q))
const places = BIG_CITY_CENTRES.flatMap(([lat, lng]) => [0, 0.01, 0.03, 0.1].map((d) => [lat + d, lng - d]))
const results = places.map(([lat, lng]) => m.buildScoreResult({ lat, lng, precision: 'coordinates', address: 'bench' }, m.DEFAULT_WEIGHTS))
await measure('/ai/recommend (builtin)', results, async (r) => m.builtinRecommend(r, signTypes, 'coffee shop'))
