#!/usr/bin/env node
// npm run screenshot:share -- [--base http://localhost:8787] [--out .tmp/share-page.png]
// Against a running `npm run dev`: creates a demo project with a few Canadian locations, shares it,
// and captures the public share page with headless Chromium (Debian: apt-get install -y chromium).
// Uses the pro demo key from .dev-keys.json (written by `npm run dev`) or API_KEY.
import { resolve } from 'node:path'
import { captureScreenshot } from './lib/chromium.mjs'
import { cliArgs, demoKey, devServerBase } from './lib/cli.mjs'

const { values: opts } = cliArgs(
  { base: { type: 'string' }, out: { type: 'string', default: '.tmp/share-page.png' } },
  { usage: 'npm run screenshot:share -- [--base http://localhost:8787] [--out .tmp/share-page.png]' },
)
const BASE = devServerBase(opts.base)
const OUT = resolve(opts.out)
const KEY = demoKey('pro')

async function api(path, body) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

const project = await api('/projects', {
  name: 'Downtown storefront shortlist <demo>',
  description: 'Candidate sign sites for the spring campaign — Toronto, Montréal & Vancouver.',
})
const locations = [
  { address: '100 Queen St W, Toronto, ON M5H 2N2', lat: 43.6534, lng: -79.3839, notes: 'private note: never shown on the page' },
  { address: '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4' },
  { lat: 49.2827, lng: -123.1207 },
  { address: '15 Maple Crescent, Oakville, ON L6J 2A1' },
]
for (const l of locations) {
  const saved = await api(`/projects/${project.id}/locations`, l)
  console.log(`  ${l.address ?? `${l.lat}, ${l.lng}`}: ${saved.latestScore} (${saved.latestScoreGrade})`)
}
const link = await api(`/projects/${project.id}/share`, { expiresInDays: 7 })
console.log(`shareUrl ${link.shareUrl}`)

captureScreenshot(link.shareUrl, OUT, { width: 1100, height: 1700 })
console.log(`PNG ${OUT}`)
