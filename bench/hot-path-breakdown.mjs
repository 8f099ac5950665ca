// Where does an authenticated POST /score spend its time, next to GET /healthz? Runs the working tree
// as it is and with parts of the rate limiter switched off (throwaway copies, never the real tree),
// each under its own `wrangler dev`, in interleaved rounds so that load from elsewhere on the machine
// falls on every variant alike. Prints, per variant, the throughput ratio /score ÷ /healthz (what
// `npm run bench:auth` reports) and the worker's CPU per request (Linux; wrangler's proxy excluded).
// The switched-off variants are not shippable: they show what each part costs, nothing more.
// Usage: npm run bench:hot-path [-- --seconds 5 --rounds 4]
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { option } from '../scripts/lib/cli.mjs'
import { ENDPOINTS, hotPathLoad } from './lib/hot-path-load.mjs'
import { startServer } from './lib/server.mjs'

const seconds = Number(option('--seconds', '5'))
const rounds = Number(option('--rounds', '4'))
const root = resolve(import.meta.dirname, '..')

/** Each variant is a set of exact text replacements; one that no longer matches the source fails loudly. */
const VARIANTS = {
  'as is': [],
  'limiter call, no storage write': [
    {
      file: 'src/durable/rate-limiter.ts',
      find: '    kv.put(minuteKey(req.windowKey), { window, count: count + 1 } satisfies MinuteWindow)\n',
      replace: '',
    },
    { file: 'src/durable/rate-limiter.ts', find: '      kv.put(monthKey(req.now), used + 1)\n', replace: '' },
  ],
  'no limiter call': [
    {
      file: 'src/middleware/rate-limit.ts',
      find: '      result = await stub.consume({',
      replace: '      result = { allowed: true, limit: 1, remaining: 1, reset: 1 }\n      if (stub === undefined) await stub.consume({',
    },
  ],
}

function copyTree(edits) {
  const dir = mkdtempSync(join(tmpdir(), 'spa-hot-path-'))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
  for (const file of [...files, 'public/docs/scalar.js']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    try {
      copyFileSync(join(root, file), join(dir, file))
    } catch {} // a file deleted in the working tree but still in the index
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  for (const { file, find, replace } of edits) {
    const text = readFileSync(join(dir, file), 'utf8')
    if (!text.includes(find)) throw new Error(`bench/hot-path-breakdown.mjs: the variant edit no longer matches ${file}; update it`)
    writeFileSync(join(dir, file), text.replace(find, replace))
  }
  return dir
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const runs = []
try {
  for (const [name, edits] of Object.entries(VARIANTS)) {
    const dir = copyTree(edits)
    const server = await startServer({ cwd: dir })
    runs.push({ name, dir, server, load: await hotPathLoad(server), samples: [] })
  }
  for (const run of runs) for (const endpoint of [ENDPOINTS.healthz, ENDPOINTS.score]) await run.load.measure(endpoint, 2) // warm-up
  for (let round = 0; round < rounds; round++) {
    for (const run of round % 2 ? [...runs].reverse() : runs) {
      const healthz = await run.load.measure(ENDPOINTS.healthz, seconds)
      const score = await run.load.measure(ENDPOINTS.score, seconds)
      run.samples.push({ healthz, score })
    }
  }
  console.log(`\n${rounds} interleaved rounds × ${seconds} s per endpoint, 16 connections, wrangler dev on 127.0.0.1\n`)
  console.table(
    runs.map(({ name, samples }) => ({
      variant: name,
      '/healthz req/s': Math.round(median(samples.map((s) => s.healthz.reqPerSec))),
      '/score req/s': Math.round(median(samples.map((s) => s.score.reqPerSec))),
      'ratio (median)': median(samples.map((s) => s.score.reqPerSec / s.healthz.reqPerSec)).toFixed(2),
      'ratio per round': samples.map((s) => (s.score.reqPerSec / s.healthz.reqPerSec).toFixed(2)).join(' '),
      '/healthz CPU µs': samples[0].healthz.cpuMicros === null ? 'n/a' : Math.round(median(samples.map((s) => s.healthz.cpuMicros))),
      '/score CPU µs': samples[0].score.cpuMicros === null ? 'n/a' : Math.round(median(samples.map((s) => s.score.cpuMicros))),
      failed: samples.reduce((n, s) => n + s.healthz.non2xx + s.healthz.errors + s.score.non2xx + s.score.errors, 0),
    })),
  )
} finally {
  for (const run of runs) {
    await run.server.stop()
    rmSync(run.dir, { recursive: true, force: true })
  }
  process.exit(0)
}
