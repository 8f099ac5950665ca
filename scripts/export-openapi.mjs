#!/usr/bin/env node
// Writes the OpenAPI document the worker serves to a file, without starting a server: loads src/app.ts
// in Node (scripts/lib/load-ts.mjs, as wrangler bundles it) and generates the document from the app's
// routes, as GET /api/v1/openapi.json does.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cliArgs } from './lib/cli.mjs'
import { dirname } from 'node:path'
import { loadTs } from './lib/load-ts.mjs'

const { positionals } = cliArgs({}, { positionals: true, usage: 'npm run openapi:export -- [out.json]' })
const out = positionals[0] ?? '.tmp/openapi.json'
const { app, OPENAPI_DOCUMENT } = await loadTs('src/app.ts', { external: ['cloudflare:*'] })
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, `${JSON.stringify(app.getOpenAPI31Document(OPENAPI_DOCUMENT), null, 2)}\n`)
console.log(`wrote ${out}`)
