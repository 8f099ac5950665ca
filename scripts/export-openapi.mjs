#!/usr/bin/env node
// Writes the OpenAPI document the worker serves to a file, without starting a server:
// bundles src/app.ts for Node with esbuild and asks the app for /api/v1/openapi.json.
import { build } from 'esbuild'
import { mkdirSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'

const out = process.argv[2] ?? '.tmp/openapi.json'
mkdirSync('.tmp', { recursive: true })
const bundle = resolve('.tmp/app.bundle.mjs')
await build({
  entryPoints: ['src/app.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: bundle,
  external: ['cloudflare:*'],
  logLevel: 'error',
  loader: { '.json': 'json' },
})
const { app } = await import(pathToFileURL(bundle).href)
const res = await app.request('/api/v1/openapi.json')
if (res.status !== 200) throw new Error(`openapi.json: ${res.status}`)
writeFileSync(out, `${JSON.stringify(await res.json(), null, 2)}\n`)
console.log(`wrote ${out}`)
