#!/usr/bin/env node
// `npm run load:geodata -- [--local|--remote] [--force] [--persist-to DIR]`: loads the committed geodata
// store (geodata/store/, built by `npm run build:geodata-store`) into D1: address points and street
// pieces. Skips when the database already holds the manifest's data version. `npm run dev` runs it
// (local); production is `npm run load:geodata -- --remote` after `wrangler d1 migrations apply DB --remote`.
import { parseArgs } from 'node:util'
import { loadGeodata } from './lib/geodata-load.mjs'

const { values: args } = parseArgs({
  options: { local: { type: 'boolean' }, remote: { type: 'boolean' }, force: { type: 'boolean' }, 'persist-to': { type: 'string' } },
})
if (args.local && args.remote) {
  console.error('usage: npm run load:geodata -- [--local|--remote] [--force] [--persist-to DIR]')
  process.exit(2)
}
const tty = process.stdout.isTTY
const progress = (line) => (tty ? process.stdout.write(`\r\x1b[K› ${line}`) : console.log(`› ${line}`))
try {
  const r = await loadGeodata({ target: args.remote ? 'remote' : 'local', force: args.force, persistTo: args['persist-to'], progress })
  if (tty) process.stdout.write('\r\x1b[K')
  console.log(
    r.skipped
      ? `✔ geodata ${r.dataVersion} already loaded (checked in ${r.seconds.toFixed(1)} s)`
      : `✔ geodata ${r.dataVersion}: ${r.rows.toLocaleString('en')} rows loaded in ${r.seconds.toFixed(0)} s`,
  )
} catch (error) {
  if (tty) process.stdout.write('\n')
  console.error(`✖ geodata not loaded: ${error.message}`)
  process.exit(1)
}
