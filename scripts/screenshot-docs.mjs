#!/usr/bin/env node
// npm run screenshot:docs -- [--base http://localhost:8787] [--out .tmp/docs-page.png]
// Against a running `npm run dev`: captures /docs with headless Chromium (Debian: apt-get install -y
// chromium) while every host but the local server is unresolvable, i.e. as without internet. If the
// page needed a CDN, the capture would be blank. Also prints the page's CSP and any console errors.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const option = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback }
const BASE = option('--base', process.env.BASE ?? `http://localhost:${process.env.PORT ?? 8787}`)
const OUT = resolve(option('--out', '.tmp/docs-page.png'))

const page = await fetch(`${BASE}/docs`).catch(() => null)
if (!page) {
  console.error(`✖ no server at ${BASE}: start it with \`npm run dev\` (or pass --base)`)
  process.exit(1)
}
console.log(`GET /docs → ${page.status}\nCSP: ${page.headers.get('content-security-policy')}`)
const bundle = await fetch(`${BASE}/docs/scalar.js`)
console.log(`GET /docs/scalar.js → ${bundle.status}, ${(await bundle.arrayBuffer()).byteLength} bytes`)

const chromium = ['chromium', 'chromium-browser', 'google-chrome'].find((bin) => spawnSync(bin, ['--version']).status === 0)
if (!chromium) {
  console.error('✖ Chromium not found: apt-get install -y chromium')
  process.exit(1)
}
mkdirSync(dirname(OUT), { recursive: true })
const { hostname } = new URL(BASE)
const run = spawnSync(chromium, [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  // Offline: only the local server resolves.
  `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${hostname}`,
  '--hide-scrollbars', '--window-size=1280,900', '--virtual-time-budget=15000', '--enable-logging=stderr', '--v=0',
  `--screenshot=${OUT}`, `${BASE}/docs`,
], { stdio: ['ignore', 'inherit', 'pipe'], timeout: 90_000 })
const log = String(run.stderr ?? '')
const problems = log.split('\n').filter((line) => /Content Security Policy|Refused|ERR_NAME_NOT_RESOLVED|Uncaught/i.test(line))
for (const line of problems.slice(0, 15)) console.log(`  console: ${line.replace(/^.*?CONSOLE\(\d+\)\]?\s*/, '')}`)
if (run.status !== 0 || !existsSync(OUT)) {
  console.error(log.slice(-2000))
  console.error(`✖ chromium exited with ${run.status}`)
  process.exit(1)
}
console.log(`${problems.length} console problem(s); PNG ${OUT}`)
