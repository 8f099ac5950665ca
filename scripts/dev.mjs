#!/usr/bin/env node
// `npm run dev`: local secrets → local D1 migrations → demo prospects (sample POIs) → geodata store
// (scripts/load-geodata.mjs: address points and street centrelines, loaded once per data version) →
// wrangler dev on :$PORT (default 8787, with --test-scheduled) → demo users and keys, then one summary
// of URLs and keys. Each preparation step prints one line (scripts/lib/step.mjs); its output shows only
// if it fails. Extra arguments go to `wrangler dev`. DEV_PERSIST_TO=<dir> keeps the local state (D1, KV, R2,
// Durable Objects) and the demo keys in that directory instead of .wrangler/state and .dev-keys.json, so a
// second server (`npm run soak`) never touches a developer's data.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ensureDevVars } from './lib/dev-vars.mjs'
import { lastLine, run, step } from './lib/step.mjs'

const PORT = Number(process.env.PORT ?? 8787)
const BASE = `http://localhost:${PORT}`
const PERSIST_TO = process.env.DEV_PERSIST_TO
const persist = PERSIST_TO ? ['--persist-to', PERSIST_TO] : []
const STATE = PERSIST_TO ?? '.wrangler/state'
const KEYS_FILE = PERSIST_TO ? join(PERSIST_TO, 'dev-keys.json') : '.dev-keys.json'
const DEMO_PLANS = ['free', 'pro', 'scale', 'enterprise']
const wranglerBin = 'node_modules/.bin/wrangler'
const DEMO_POIS = 'scripts/data/sample-pois.geojson'

// Local development needs no network: no usage metrics, no version check (it lives in the banner),
// no download of the Request.cf sample (workerd gets a placeholder). Each can be turned back on.
process.env.WRANGLER_SEND_METRICS ??= 'false'
process.env.WRANGLER_HIDE_BANNER ??= 'true'
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false'

const vars = ensureDevVars(['ADMIN_TOKEN', 'REPORT_SIGNING_SECRET', 'WEBHOOK_SECRETS_KEY'])

await step('local D1 migrations', async () => {
  const out = await run(wranglerBin, ['d1', 'migrations', 'apply', 'DB', '--local', ...persist], { env: { ...process.env, CI: 'true' } })
  const applied = new Set([...out.matchAll(/│ (\S+\.sql)\s+│ ✅/g)].map((m) => m[1]))
  return applied.size ? `${applied.size} applied` : 'up to date'
})

// Demo prospects: the labelled sample POIs (fictional businesses, source "sample"), so an Enterprise
// trial's first POST /prospects is not empty. The import is an upsert: re-running never duplicates.
await step(
  'demo prospects (SAMPLE DATA: fictional businesses)',
  async () => lastLine(await run(process.execPath, ['scripts/import-pois.mjs', DEMO_POIS, ...persist])),
  { optional: 'POST /prospects starts empty' },
)

// The geodata store (address points, street centrelines: docs/geocoding.md): loaded on the first start
// (about half a minute, progress on the status line), skipped while the committed data version is unchanged.
await step(
  'geodata store (addresses, streets)',
  async ({ update }) => lastLine(await run(process.execPath, ['scripts/load-geodata.mjs', '--local', ...persist], { progress: update })),
  { optional: 'geocoding falls back to postal areas and cities' },
)

// --test-scheduled: GET /__scheduled runs the scheduled handler (the monitoring job), see the summary.
const dev = spawn(wranglerBin, ['dev', '--port', String(PORT), '--test-scheduled', ...persist, ...process.argv.slice(2)], {
  stdio: 'inherit',
})
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => dev.kill(signal))
dev.on('exit', (code) => process.exit(code ?? 0))

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`wrangler dev did not answer on ${BASE} within 60 s`)
}

async function isLive(key) {
  const res = await fetch(`${BASE}/api/v1/me`, { headers: { 'x-api-key': key } })
  return res.status === 200 || res.status === 429
}

/** Demo keys are created once through the admin API and reused while the local database keeps them. */
async function seedDemoKeys() {
  const saved = existsSync(KEYS_FILE) ? JSON.parse(readFileSync(KEYS_FILE, 'utf8')) : {}
  const keys = {}
  for (const plan of DEMO_PLANS) {
    if (saved[plan] && (await isLive(saved[plan]))) {
      keys[plan] = saved[plan]
      continue
    }
    const res = await fetch(`${BASE}/admin/v1/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${vars.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${plan}@demo.local`, plan, name: 'demo', mode: 'test' }),
    })
    if (res.status !== 201) throw new Error(`could not create the ${plan} demo key: ${res.status} ${await res.text()}`)
    keys[plan] = (await res.json()).key
  }
  writeFileSync(KEYS_FILE, `${JSON.stringify(keys, null, 2)}\n`)
  return keys
}

try {
  await waitForServer()
  const keys = await seedDemoKeys()
  const width = Math.max(...DEMO_PLANS.map((p) => p.length))
  const json = `-H 'content-type: application/json'`
  const cron = /^crons = \["([^"]+)"/m.exec(readFileSync('wrangler.toml', 'utf8'))?.[1] ?? '* * * * *'
  console.log(
    [
      '',
      `┌ Sign Placement API on ${BASE} (local: D1, KV, R2 and Durable Objects in ${STATE})`,
      `│ Docs         ${BASE}/docs   (OpenAPI: ${BASE}/api/v1/openapi.json)`,
      `│ Monitoring   curl "${BASE}/__scheduled?cron=${cron.replaceAll(' ', '+')}"   (runs the daily cron job now)`,
      `│ Webhooks     ${PORT === 8787 ? '' : `PORT=${PORT} `}npm run webhooks:listen   (prints signed events as they arrive)`,
      `│ Admin CLI    npm run admin -- keys list`,
      `│ Demo API keys (local only; saved in ${KEYS_FILE}):`,
      ...DEMO_PLANS.map((plan) => `│   ${plan.padEnd(width)}  ${keys[plan]}`),
      `│ Try: curl -H "x-api-key: ${keys.pro}" ${BASE}/api/v1/me`,
      `└ Address precision: curl -H "x-api-key: ${keys.pro}" ${json} ` +
        `-d '{"address":"75 King St S, Waterloo, ON"}' ${BASE}/api/v1/score`,
      '',
    ].join('\n'),
  )
} catch (error) {
  console.error(`✖ ${error.message}`)
}
