// Authenticated POST /score next to GET /healthz, before and after leased rate limits, in one run.
// Three throwaway copies of the working tree (never the real tree), each under its own `wrangler dev`,
// measured in interleaved rounds so that load from elsewhere on the machine falls on every variant alike:
//   - before: the limiter files as they were at `--before` (a Durable Object call per request);
//   - leases: the tree as it is;
//   - no limiter call: the tree with the metering call replaced by a constant (a ceiling, not shippable).
// Prints per variant the throughput ratio /score ÷ /healthz, p50/p99 of both, the worker's CPU per
// request (Linux; wrangler's proxy excluded) and the Durable Object calls per /score request (counted by
// the isolate, read through the dev-only X-Debug-Limiter-Stats header).
// With `--compare <git ref>` the variants are instead the whole tree at that commit and the tree as it is
// (a performance change measured before and after in one run; same load, same rounds).
// Usage: npm run bench:hot-path [-- --seconds 5 --rounds 4 --before <git ref> --compare <git ref> --ports 8793,8797,8798]
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { ENDPOINTS, hotPathLoad } from './lib/hot-path-load.mjs'
import { startServer } from './lib/server.mjs'
import { treeAt } from './lib/tree-at.mjs'

const { values: opts } = cliArgs({
  seconds: { type: 'string', default: '5' },
  rounds: { type: 'string', default: '4' },
  before: { type: 'string', default: '62179dce032d9acaf7e8aa0e35dc7c5e36ca1b84' },
  ports: { type: 'string', default: '' },
  compare: { type: 'string' },
})
const seconds = Number(opts.seconds)
const rounds = Number(opts.rounds)
/** The last commit with a Durable Object call per request (the parent of the leases commit). */
const before = opts.before
const ports = opts.ports.split(',').filter(Boolean).map(Number)
const compare = opts.compare
const root = resolve(import.meta.dirname, '..')

/** The files the leases changed or added; `before` takes them from that commit (absent there: deleted). */
const LIMITER_FILES = [
  'src/durable/rate-limiter.ts',
  'src/middleware/rate-limit.ts',
  'src/middleware/plan-gate.ts',
  'src/services/ai/cost-guard.ts',
  'src/lib/rate-limiter.ts',
  'src/lib/rate-leases.ts',
]

/** Each variant: files from the `before` commit, and exact text replacements (one that no longer matches fails loudly). */
const LIMITER_VARIANTS = {
  [`before (${before.slice(0, 7)}): a DO call per request`]: { fromBefore: LIMITER_FILES, edits: [] },
  'leases (this tree)': { fromBefore: [], edits: [] },
  'no limiter call (ceiling)': {
    fromBefore: [],
    edits: [
      {
        file: 'src/middleware/rate-limit.ts',
        find: '      result = await takeToken(take, leaseContext(c))\n    } else {',
        replace:
          '      result = { allowed: true, limit: 1, remaining: 1, reset: 1 }\n' +
          '      if (take === undefined) await takeToken(take, leaseContext(c))\n    } else {',
      },
    ],
  },
}

const VARIANTS = compare
  ? {
      [`before (${compare.slice(0, 9)})`]: { atRef: compare, fromBefore: [], edits: [] },
      'after (this tree)': { fromBefore: [], edits: [] },
    }
  : LIMITER_VARIANTS

function gitShow(file) {
  try {
    return execFileSync('git', ['show', `${before}:${file}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return null
  }
}

/** @param {{ atRef?: string, fromBefore: string[], edits: { file: string, find: string, replace: string }[] }} variant */
function copyTree({ atRef, fromBefore, edits }) {
  if (atRef) return treeAt(atRef)
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
  for (const file of fromBefore) {
    const text = gitShow(file)
    if (text === null) rmSync(join(dir, file), { force: true })
    else writeFileSync(join(dir, file), text)
  }
  for (const { file, find, replace } of edits) {
    const text = readFileSync(join(dir, file), 'utf8')
    if (!text.includes(find)) throw new Error(`bench/hot-path-breakdown.mjs: the variant edit no longer matches ${file}; update it`)
    writeFileSync(join(dir, file), text.replace(find, replace))
  }
  return dir
}

/** This isolate's Durable Object calls and metered requests so far (dev builds of the leases; null before them). */
async function limiterStats(server, key) {
  const res = await fetch(`${server.base}/api/v1/me`, { headers: { 'x-api-key': key, 'x-debug-limiter-stats': '1' } })
  const match = /grants=(\d+) takes=(\d+)/.exec(res.headers.get('x-debug-limiter-stats') ?? '')
  return match ? { grants: Number(match[1]), takes: Number(match[2]) } : null
}

/** One per request before the leases (by construction), none without the limiter call, else as counted. */
const doCallsOf = (name, samples) =>
  !compare && name.startsWith('before')
    ? '1 (each request)'
    : samples[0].doCalls === null
      ? '0'
      : median(samples.map((s) => s.doCalls)).toFixed(3)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
const runs = []
const loadAtStart = load()
try {
  for (const [name, variant] of Object.entries(VARIANTS)) {
    const dir = copyTree(variant)
    const server = await startServer({ cwd: dir, port: ports[runs.length] })
    const hotPath = await hotPathLoad(server)
    runs.push({ name, dir, server, load: hotPath, samples: [] })
  }
  // Warm-up: the JIT and caches, and for the leases the keys' pace (leases grow from 1 token as a key gets busy).
  for (const run of runs)
    for (const { endpoint, warm } of [
      { endpoint: ENDPOINTS.healthz, warm: 2 },
      { endpoint: ENDPOINTS.score, warm: 5 },
    ])
      await run.load.measure(endpoint, warm)
  for (let round = 0; round < rounds; round++) {
    for (const run of round % 2 ? [...runs].reverse() : runs) {
      const healthz = await run.load.measure(ENDPOINTS.healthz, seconds)
      const statsBefore = await limiterStats(run.server, run.load.keys[0])
      const score = await run.load.measure(ENDPOINTS.score, seconds)
      const statsAfter = await limiterStats(run.server, run.load.keys[0])
      const takes = statsAfter && statsBefore ? statsAfter.takes - statsBefore.takes : 0
      const doCalls = takes > 0 ? (statsAfter.grants - statsBefore.grants) / takes : null
      run.samples.push({ healthz, score, doCalls })
    }
  }
  const med = (samples, f) => median(samples.map(f))
  console.log(`\n${rounds} interleaved rounds × ${seconds} s per endpoint, 16 connections, wrangler dev on 127.0.0.1`)
  console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end\n`)
  console.table(
    runs.map(({ name, samples }) => ({
      variant: name,
      '/healthz req/s': Math.round(med(samples, (s) => s.healthz.reqPerSec)),
      '/score req/s': Math.round(med(samples, (s) => s.score.reqPerSec)),
      'ratio (median)': med(samples, (s) => s.score.reqPerSec / s.healthz.reqPerSec).toFixed(2),
      'ratio per round': samples.map((s) => (s.score.reqPerSec / s.healthz.reqPerSec).toFixed(2)).join(' '),
      'DO calls/req': doCallsOf(name, samples),
      failed: samples.reduce((n, s) => n + s.healthz.non2xx + s.healthz.errors + s.score.non2xx + s.score.errors, 0),
    })),
  )
  console.table(
    runs.map(({ name, samples }) => ({
      variant: name,
      '/healthz p50 ms': med(samples, (s) => s.healthz.p50),
      '/healthz p99 ms': med(samples, (s) => s.healthz.p99),
      '/score p50 ms': med(samples, (s) => s.score.p50),
      '/score p99 ms': med(samples, (s) => s.score.p99),
      '/healthz CPU µs': samples[0].healthz.cpuMicros === null ? 'n/a' : Math.round(med(samples, (s) => s.healthz.cpuMicros)),
      '/score CPU µs': samples[0].score.cpuMicros === null ? 'n/a' : Math.round(med(samples, (s) => s.score.cpuMicros)),
    })),
  )
  console.log('DO calls/req: Durable Object calls per metered request during the /score runs (median of the rounds).')
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  for (const run of runs) {
    await run.server.stop()
    rmSync(run.dir, { recursive: true, force: true })
  }
  process.exit()
}
