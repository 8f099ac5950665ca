#!/usr/bin/env node
// The first POST /score after a cold start (issue 21 item 8: ≤ 100 ms under wrangler dev), median of N.
// The geodata store is loaded once into a throwaway local state; every sample then starts a fresh
// `wrangler dev` on that state (a new isolate: nothing decoded, nothing cached), warms auth with one
// GET /api/v1/me (KV, the limiter's Durable Object, D1), and times the first POST /score: an address
// in one fresh server, coordinates in another. `--compare <git ref>` measures that commit's tree the
// same way, interleaved. `--profile <file>` writes a V8 profile of one first score of each kind (file name
// + .address / .coordinates) and prints its top functions (the worker isolate's inspector, --inspector-port).
// Usage: npm run bench:cold-score [-- --samples 5 --port 8801 --inspector-port 9801 --compare <ref> --profile /tmp/cold.cpuprofile]
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { createKeys, postScore, startServer } from './lib/server.mjs'
import { treeAt } from './lib/tree-at.mjs'
import { inspectIsolate, printProfile } from './lib/profile.mjs'

const { values: opts } = cliArgs({
  samples: { type: 'string', default: '5' },
  port: { type: 'string', default: '8801' },
  'inspector-port': { type: 'string', default: '9801' },
  compare: { type: 'string' },
  profile: { type: 'string' },
})
const samples = Number(opts.samples)
const port = Number(opts.port)
const inspectorPort = Number(opts['inspector-port'])
const compare = opts.compare
const profileOut = opts.profile
// Each startServer adds an exit listener (it kills its wrangler on exit): one server per sample.
process.setMaxListeners(0)
const REQUESTS = { address: { address: '100 Queen St W, Toronto, ON' }, coordinates: { lat: 45.4215, lng: -75.6972 } }

async function firstScore(tree, state, key, body, profile) {
  const server = await startServer({ cwd: tree, state: state.dir, adminToken: state.adminToken, port, inspectorPort })
  try {
    const me = await fetch(`${server.base}/api/v1/me`, { headers: { 'x-api-key': key } })
    if (me.status !== 200) throw new Error(`GET /me: ${me.status}`)
    const inspector = profile ? await inspectIsolate(inspectorPort) : undefined
    if (inspector) await inspector.startProfile(100)
    const { ms, precision } = await postScore(server, key, body)
    if (inspector) {
      printProfile(await inspector.stopProfile(profile), { top: 30 })
      inspector.close()
    }
    return { ms, precision }
  } finally {
    await server.stop()
  }
}

const trees = { 'this tree': process.cwd() }
if (compare) trees[`before (${compare.slice(0, 9)})`] = treeAt(compare)
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')
const loadAtStart = load()
// One store per tree (a tree's migrations and loader may differ), loaded once and reused by every sample.
const states = {}
for (const [name, tree] of Object.entries(trees)) {
  // A state given to startServer is kept on stop: the samples reuse it.
  const state = { dir: mkdtempSync(join(tmpdir(), 'spa-cold-')), adminToken: randomBytes(18).toString('base64url') }
  const server = await startServer({
    cwd: tree,
    state: state.dir,
    adminToken: state.adminToken,
    port,
    // The tree's own loader and artefacts: its schema (migrations) and store may differ from this one's.
    beforeStart: (dir) => {
      const load = spawnSync(process.execPath, ['scripts/load-geodata.mjs', '--persist-to', dir], { cwd: tree, encoding: 'utf8' })
      if (load.status !== 0) throw new Error(`${name}: geodata not loaded: ${load.stderr}`)
    },
  })
  ;[state.key] = await createKeys(server, 'enterprise', 1)
  await server.stop()
  states[name] = state
}
try {
  if (profileOut)
    for (const [kind, body] of Object.entries(REQUESTS)) {
      console.log(`\nprofile of a first score (${kind}):`)
      await firstScore(
        trees['this tree'],
        states['this tree'],
        states['this tree'].key,
        body,
        profileOut.replace(/(\.cpuprofile)?$/, `.${kind}$1`),
      )
    }
  const results = {}
  for (let i = 0; i < samples; i++)
    for (const [name, tree] of Object.entries(trees))
      for (const [kind, body] of Object.entries(REQUESTS)) {
        const r = await firstScore(tree, states[name], states[name].key, body)
        const what = `${name}, ${kind} (${r.precision})`
        results[what] = [...(results[what] ?? []), r.ms]
      }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  console.log(`\nfirst POST /score after a cold start (fresh wrangler dev, auth warmed by GET /me), ${samples} samples each`)
  console.log(`load average (1, 5, 15 min): ${loadAtStart} at the start, ${load()} at the end`)
  console.table(
    Object.entries(results).map(([what, xs]) => ({
      what,
      'median ms': Math.round(median(xs)),
      'min ms': Math.round(Math.min(...xs)),
      'max ms': Math.round(Math.max(...xs)),
    })),
  )
  console.log('target: ≤ 100 ms (issue 21 item 8)')
} finally {
  for (const state of Object.values(states)) rmSync(state.dir, { recursive: true, force: true })
  for (const [name, tree] of Object.entries(trees)) if (name !== 'this tree') rmSync(tree, { recursive: true, force: true })
  process.exit()
}
