#!/usr/bin/env node
// npm run screenshot:nearby -- [--base http://localhost:8787] [--address "50 Rideau St, Ottawa, ON K1N 9J7"]
//   [--lat 45.4257 --lng -75.6919] [--radius 1000] [--spacing 25] [--limit 5] [--out .tmp/nearby.png]
// Default centre: the Rideau Centre, Ottawa, by its coordinates (the address supplies the street).
// Against a running `npm run dev`: fetches the site finder heat map (GET /api/v1/score/nearby.svg),
// saves the SVG next to the PNG and captures it with headless Chromium (Debian: apt-get install -y chromium).
// Uses the pro demo key from .dev-keys.json (written by `npm run dev`) or API_KEY.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { captureScreenshot } from './lib/chromium.mjs'
import { cliArgs, demoKey, devServerBase } from './lib/cli.mjs'

const { values: opts } = cliArgs(
  {
    base: { type: 'string' },
    out: { type: 'string', default: '.tmp/nearby.png' },
    address: { type: 'string', default: '50 Rideau St, Ottawa, ON K1N 9J7' },
    lat: { type: 'string', default: '45.4257' },
    lng: { type: 'string', default: '-75.6919' },
    radius: { type: 'string', default: '1000' },
    spacing: { type: 'string', default: '25' },
    limit: { type: 'string', default: '5' },
  },
  {
    usage:
      'npm run screenshot:nearby -- [--base URL] [--address TEXT] [--lat N --lng N | --lat none] [--radius M] ' +
      '[--spacing M] [--limit N] [--out PNG]',
  },
)
const BASE = devServerBase(opts.base)
const OUT = resolve(opts.out)
const KEY = demoKey('pro')

const query = new URLSearchParams({
  address: opts.address,
  ...(opts.lat !== 'none' && { lat: opts.lat, lng: opts.lng }),
  radiusM: opts.radius,
  spacingM: opts.spacing,
  limit: opts.limit,
})
const res = await fetch(`${BASE}/api/v1/score/nearby.svg?${query}`, { headers: { 'x-api-key': KEY } })
const svg = await res.text()
if (!res.ok) throw new Error(`nearby.svg: ${res.status} ${svg.slice(0, 300)}`)
console.log(`${res.headers.get('content-type')}, ${(svg.length / 1024).toFixed(0)} KiB, quota left ${res.headers.get('x-quota-remaining')}`)

mkdirSync(dirname(OUT), { recursive: true })
const svgPath = `${OUT.replace(/\.png$/, '')}.svg`
writeFileSync(svgPath, svg)
const [, width, height] = /viewBox="0 0 (\d+) (\d+)"/.exec(svg) ?? [undefined, '980', '800']

captureScreenshot(pathToFileURL(svgPath).href, OUT, { width, height })
console.log(`SVG ${svgPath}\nPNG ${OUT}`)
