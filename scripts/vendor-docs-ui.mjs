#!/usr/bin/env node
// Copies the API reference UI (the pinned @scalar/api-reference standalone bundle) from node_modules
// into public/docs/, which wrangler serves as static assets (wrangler.toml [assets]). Runs on
// `npm install` (postinstall), so /docs works offline with no CDN. The copy is not committed.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = new URL('../', import.meta.url)
const packageDir = new URL('node_modules/@scalar/api-reference/', root)
const source = fileURLToPath(new URL('dist/browser/standalone.js', packageDir))
const targetDir = fileURLToPath(new URL('public/docs/', root))
if (!existsSync(source)) {
  console.error('vendor-docs-ui: @scalar/api-reference is not installed (run npm install); /docs will have no UI')
  process.exit(1)
}
mkdirSync(targetDir, { recursive: true })
copyFileSync(source, `${targetDir}scalar.js`)
const { version } = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8'))
console.log(`vendor-docs-ui: public/docs/scalar.js ← @scalar/api-reference ${version}`)
