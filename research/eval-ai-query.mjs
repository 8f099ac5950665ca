#!/usr/bin/env node
// npm run eval:ai-query [-- --base http://localhost:8787 --key sk_test_… --plan enterprise --only fr --places]
// Scores whatever AI provider a running server is configured with (builtin, an OpenAI-compatible API,
// Workers AI) on the /ai/query evaluation set (test/ai/fixtures/query-eval.json), with the same
// provider-agnostic evaluator as test/ai/evaluation.test.ts. Prints the accuracy and every miss.
// --places: the place set instead (test/ai/fixtures/query-places.json, evaluatePlaces): the share of questions
// whose suggestions all lie within 2 km of the place named, by city, and every miss.
// Key: --key, else the demo key of --plan (default enterprise: the largest AI allowance) from the
// .dev-keys.json that `npm run dev` writes. Calls are paced to stay inside the plan's AI allowance.
import { readFileSync } from 'node:fs'
import { cliArgs, demoKey, devServerBase } from '../scripts/lib/cli.mjs'
import { loadSrc, repoRoot } from '../scripts/lib/load-ts.mjs'

const { values: args } = cliArgs(
  {
    base: { type: 'string' },
    key: { type: 'string' },
    plan: { type: 'string', default: 'enterprise' },
    only: { type: 'string' },
    places: { type: 'boolean' },
  },
  { usage: 'npm run eval:ai-query [-- --base URL --key sk_test_… --plan enterprise --only fr --places]' },
)
const base = devServerBase(args.base).replace(/\/$/, '')
const plan = args.plan
let key = args.key
try {
  key ??= demoKey(plan)
} catch {
  console.error('eval:ai-query: give --key sk_… (or run `npm run dev` once, which writes .dev-keys.json)')
  process.exit(2)
}
const { evaluate, evaluatePlaces } = await loadSrc({ 'services/ai/evaluation.ts': ['evaluate', 'evaluatePlaces'] })
const places = args.places === true
const { PLAN_LIMITS } = await loadSrc({ 'auth/plans.ts': ['PLAN_LIMITS'] })
const only = args.only
const fixture = places ? 'query-places.json' : 'query-eval.json'
const cases = JSON.parse(readFileSync(`${repoRoot}/test/ai/fixtures/${fixture}`, 'utf8')).queries.filter((c) => !only || c.lang === only)
const perMinute = PLAN_LIMITS[plan]?.aiRequestsPerMinute ?? 10
const gapMs = Math.ceil(60_000 / perMinute)

const answers = []
let provider = '?'
for (const [i, c] of cases.entries()) {
  const started = Date.now()
  const res = await fetch(`${base}/api/v1/ai/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ query: c.query }),
  })
  const body = await res.json().catch(() => ({}))
  if (!res.ok) {
    console.error(`${i + 1}/${cases.length} HTTP ${res.status} ${body?.error?.message ?? ''} — ${c.query}`)
    answers.push({ intent: 'error', city: null, businessType: null, geocodedLocations: [] })
  } else {
    provider = `${body.meta?.provider} (${body.meta?.model})`
    answers.push({ intent: body.intent, city: body.city, businessType: body.businessType, geocodedLocations: body.geocodedLocations })
  }
  const wait = gapMs - (Date.now() - started)
  if (i < cases.length - 1 && wait > 0) await new Promise((r) => setTimeout(r, wait))
}
const pct = (x) => `${(x * 100).toFixed(1)} %`
if (places) {
  const r = evaluatePlaces(cases, answers)
  const byCity = Object.entries(r.byCity).map(([city, c]) => `${city} ${c.within}/${c.total}`)
  console.log(`provider: ${provider}; ${r.total} questions against ${base}`)
  console.log(`within 2 km ${pct(r.within)}, median farthest suggestion ${r.medianM} m; ${byCity.join(', ')}`)
  cases.forEach((c, i) => {
    const m = r.farthestM[i]
    if (m === null || m > r.withinM) console.log(`  ${m === null ? 'nothing suggested' : `${m} m`} — ${c.query}`)
  })
  process.exit(0)
}
const report = evaluate(cases, answers)
console.log(`provider: ${provider}; ${report.total} questions against ${base}`)
console.log(
  `all three right ${pct(report.accuracy.all)}; intent ${pct(report.accuracy.intent)}, city ${pct(report.accuracy.city)}, ` +
    `business type ${pct(report.accuracy.businessType)}; EN ${report.byLanguage.en.all}/${report.byLanguage.en.total}, ` +
    `FR ${report.byLanguage.fr.all}/${report.byLanguage.fr.total}`,
)
for (const f of report.failures) console.log(`  ${f.field}: expected ${f.expected}, got ${f.got} — ${f.query}`)
