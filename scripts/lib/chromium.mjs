// Headless Chromium screenshots for the screenshot:* scripts (Debian: apt-get install -y chromium).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

const QUIET = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--hide-scrollbars',
]

/**
 * Captures `url` to the PNG `out` at width × height; `args` are extra Chromium switches. Returns
 * Chromium's stderr (its console log when `--enable-logging=stderr` is passed); throws with the
 * log's tail when Chromium is missing or writes no PNG.
 */
export function captureScreenshot(url, out, { width, height, args = [], timeoutMs = 60_000 }) {
  const chromium = ['chromium', 'chromium-browser', 'google-chrome'].find((bin) => spawnSync(bin, ['--version']).status === 0)
  if (!chromium) throw new Error('Chromium not found: apt-get install -y chromium')
  mkdirSync(dirname(out), { recursive: true })
  const run = spawnSync(chromium, [...QUIET, ...args, `--window-size=${width},${height}`, `--screenshot=${out}`, url], {
    stdio: ['ignore', 'inherit', 'pipe'],
    timeout: timeoutMs,
  })
  const log = String(run.stderr ?? '')
  if (run.status !== 0 || !existsSync(out)) throw new Error(`chromium exited with ${run.status}\n${log.slice(-2000)}`)
  return log
}
