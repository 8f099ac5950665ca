#!/usr/bin/env node
// npm run screenshot:docs -- [--base http://localhost:8787] [--out .tmp/docs-page.png]
// Against a running `npm run dev`: captures /docs with headless Chromium (Debian: apt-get install -y
// chromium) while every host but the local server is unresolvable, i.e. as without internet. If the
// page needed a CDN, the capture would be blank. Also prints the page's CSP and any console errors.
import { resolve } from 'node:path'
import { captureScreenshot } from './lib/chromium.mjs'
import { cliArgs, devServerBase } from './lib/cli.mjs'

const { values: opts } = cliArgs(
  { base: { type: 'string' }, out: { type: 'string', default: '.tmp/docs-page.png' } },
  { usage: 'npm run screenshot:docs -- [--base http://localhost:8787] [--out .tmp/docs-page.png]' },
)
const BASE = devServerBase(opts.base)
const OUT = resolve(opts.out)

const page = await fetch(`${BASE}/docs`).catch(() => null)
if (!page) {
  console.error(`✖ no server at ${BASE}: start it with \`npm run dev\` (or pass --base)`)
  process.exit(1)
}
console.log(`GET /docs → ${page.status}\nCSP: ${page.headers.get('content-security-policy')}`)
const bundle = await fetch(`${BASE}/docs/scalar.js`)
console.log(`GET /docs/scalar.js → ${bundle.status}, ${(await bundle.arrayBuffer()).byteLength} bytes`)

const { hostname } = new URL(BASE)
let log
try {
  log = captureScreenshot(`${BASE}/docs`, OUT, {
    width: 1280,
    height: 900,
    timeoutMs: 90_000,
    // Offline: only the local server resolves.
    args: [`--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${hostname}`, '--virtual-time-budget=15000', '--enable-logging=stderr', '--v=0'],
  })
} catch (error) {
  console.error(`✖ ${error.message}`)
  process.exit(1)
}
const problems = log.split('\n').filter((line) => /Content Security Policy|Refused|ERR_NAME_NOT_RESOLVED|Uncaught/i.test(line))
for (const line of problems.slice(0, 15)) console.log(`  console: ${line.replace(/^.*?CONSOLE\(\d+\)\]?\s*/, '')}`)
console.log(`${problems.length} console problem(s); PNG ${OUT}`)
