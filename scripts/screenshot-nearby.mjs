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
import { demoKey, devServerBase, option } from './lib/cli.mjs'

const BASE = devServerBase()
const OUT = resolve(option('--out', '.tmp/nearby.png'))
const KEY = demoKey('pro')

const query = new URLSearchParams({
  address: option('--address', '50 Rideau St, Ottawa, ON K1N 9J7'),
  ...(option('--lat', '45.4257') !== 'none' && { lat: option('--lat', '45.4257'), lng: option('--lng', '-75.6919') }),
  radiusM: option('--radius', '1000'),
  spacingM: option('--spacing', '25'),
  limit: option('--limit', '5'),
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
