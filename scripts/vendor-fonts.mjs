#!/usr/bin/env node
// Copies the PDF report fonts (Noto Sans Regular and Bold, SIL OFL 1.1, from the pinned
// @expo-google-fonts/noto-sans package) from node_modules into public/fonts/. Wrangler uploads public/ as
// static assets, outside the worker's script-size limit; the worker reads them through the ASSETS binding
// (src/services/reports/fonts.ts). Runs on `npm install` (postinstall). The copy is not committed.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = new URL('../', import.meta.url)
const packageDir = new URL('node_modules/@expo-google-fonts/noto-sans/', root)
const targetDir = fileURLToPath(new URL('public/fonts/', root))
const files = {
  'NotoSans-Regular.ttf': '400Regular/NotoSans_400Regular.ttf',
  'NotoSans-Bold.ttf': '700Bold/NotoSans_700Bold.ttf',
  'OFL.txt': 'LICENSE_FONT',
}
mkdirSync(targetDir, { recursive: true })
for (const [target, source] of Object.entries(files)) {
  const path = fileURLToPath(new URL(source, packageDir))
  if (!existsSync(path)) {
    console.error('vendor-fonts: @expo-google-fonts/noto-sans is not installed (run npm install); PDF reports will fail')
    process.exit(1)
  }
  copyFileSync(path, `${targetDir}${target}`)
}
const { version } = JSON.parse(readFileSync(new URL('package.json', packageDir), 'utf8'))
console.log(`vendor-fonts: public/fonts/NotoSans-{Regular,Bold}.ttf ← @expo-google-fonts/noto-sans ${version}`)
