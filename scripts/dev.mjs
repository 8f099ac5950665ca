#!/usr/bin/env node
// `npm run dev`: local secrets → local D1 migrations → demo prospects (sample POIs) → geodata store
// (scripts/load-geodata.mjs) → wrangler dev on :$PORT (default 8787) → demo users and keys, printed. Extra
// arguments go to `wrangler dev`.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { ensureDevVars } from './lib/dev-vars.mjs'

const PORT = Number(process.env.PORT ?? 8787)
const BASE = `http://localhost:${PORT}`
const KEYS_FILE = '.dev-keys.json'
const DEMO_PLANS = ['free', 'pro', 'scale', 'enterprise']
const wranglerBin = 'node_modules/.bin/wrangler'
const DEMO_POIS = 'scripts/data/sample-pois.geojson'

const vars = ensureDevVars(['ADMIN_TOKEN', 'REPORT_SIGNING_SECRET'])

console.log('› applying D1 migrations to the local database')
const migrate = spawnSync(wranglerBin, ['d1', 'migrations', 'apply', 'DB', '--local'], {
  stdio: 'inherit',
  env: { ...process.env, CI: 'true' },
})
if (migrate.status !== 0) process.exit(migrate.status ?? 1)

// Demo prospects: the labelled sample POIs (fictional businesses, source "sample"), so an Enterprise
// trial's first POST /prospects is not empty. The import is an upsert: re-running never duplicates.
console.log('› loading demo prospects (scripts/data/sample-pois.geojson: SAMPLE DATA, fictional businesses)')
const pois = spawnSync(process.execPath, ['scripts/import-pois.mjs', DEMO_POIS], { stdio: ['ignore', 'ignore', 'inherit'] })
if (pois.status !== 0) console.error('✖ demo prospects not loaded (see above); POST /prospects starts empty')

// The geodata store (address points, street pieces: docs/geocoding.md): loaded on the first start,
// skipped while the committed data version is unchanged.
const geodata = spawnSync(process.execPath, ['scripts/load-geodata.mjs', '--local'], { stdio: 'inherit' })
if (geodata.status !== 0) console.error('✖ geodata not loaded: geocoding falls back to postal areas and cities')

const dev = spawn(wranglerBin, ['dev', '--port', String(PORT), ...process.argv.slice(2)], { stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => dev.kill(signal))
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
  console.log('\n┌ Demo API keys (local only; saved in .dev-keys.json)')
  for (const plan of DEMO_PLANS) console.log(`│ ${plan.padEnd(width)}  ${keys[plan]}`)
  console.log(`│ Try: curl -H "x-api-key: ${keys.pro}" ${BASE}/api/v1/me`)
  console.log(
    `└ Address precision: curl -H "x-api-key: ${keys.pro}" -H 'content-type: ` +
      `application/json' -d '{"address":"75 King St S, Waterloo, ON"}' ${BASE}/api/v1/score`,
  )
  console.log(`  Docs: ${BASE}/docs   Admin CLI: npm run admin -- keys list\n`)
} catch (error) {
  console.error(`✖ ${error.message}`)
}
