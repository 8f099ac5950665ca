// Does a per-minute limit hold across a server restart? Against wrangler dev (127.0.0.1 only):
// a free key spends part of its 60/min window, the server restarts on the same local state within
// the same minute, and the key keeps going. Leased limits (docs/decisions.md §3): never more than 60
// admitted in total; the tokens leased to the old isolate and not spent are lost, at most one lease
// (6, a tenth of 60), so at least 54.
// Usage: npm run bench:restart [-- --port 8793]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { startServer, createKeys } from './lib/server.mjs'

const { values: opts } = cliArgs({ port: { type: 'string' } })
const port = opts.port
const BEFORE_RESTART = 45
const AFTER_RESTART = 40
const state = mkdtempSync(join(tmpdir(), 'spa-restart-'))

const burst = async (server, key, n) => {
  const statuses = await Promise.all(
    Array.from({ length: n }, () => fetch(`${server.base}/api/v1/me`, { headers: { 'x-api-key': key } }).then((r) => r.status)),
  )
  return {
    ok: statuses.filter((s) => s === 200).length,
    limited: statuses.filter((s) => s === 429).length,
    other: statuses.filter((s) => s !== 200 && s !== 429).length,
  }
}

try {
  let server = await startServer({ state, port: port && Number(port) })
  const [key] = await createKeys(server, 'free', 1)
  // Start right after a minute boundary so both bursts and the restart fit in one window.
  const wait = 61_000 - (Date.now() % 60_000)
  console.log(`waiting ${Math.round(wait / 1000)} s for the next minute window…`)
  await new Promise((r) => setTimeout(r, wait))
  const windowStart = Math.floor(Date.now() / 60_000)
  const first = await burst(server, key, BEFORE_RESTART)
  const restartAt = Date.now()
  await server.stop()
  server = await startServer({ state, port: server.port, adminToken: server.adminToken })
  const restartSeconds = ((Date.now() - restartAt) / 1000).toFixed(1)
  const second = await burst(server, key, AFTER_RESTART)
  const sameWindow = Math.floor(Date.now() / 60_000) === windowStart
  await server.stop()
  console.table([
    { phase: `before restart (${BEFORE_RESTART} requests)`, ...first },
    { phase: `after restart (${AFTER_RESTART} requests, restart took ${restartSeconds} s)`, ...second },
  ])
  const admitted = first.ok + second.ok
  console.log(
    `admitted in one 60/min window across the restart: ${admitted} (expected 54–60)` +
      (sameWindow ? '' : ' — WARNING: the window rolled over; run again'),
  )
  console.log(admitted <= 60 ? 'limit held across the restart' : 'LIMIT NOT HELD: the window was reset by the restart')
  if (admitted < 54) console.log('UNDER-ADMISSION ABOVE ITS BOUND: more than one lease was lost in the restart')
} finally {
  rmSync(state, { recursive: true, force: true })
  process.exit(0)
}
