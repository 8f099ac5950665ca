#!/usr/bin/env node
// `npm run soak [-- --quick] [--requests N] [--concurrency C] [--seed S] [--keep-state]`: starts the app as
// `npm run dev` does (own port on 127.0.0.1, own state directory), sends a bounded, seeded mix of API calls
// with keys on every plan, kills the server once mid-run and restarts it, and checks the invariants of
// docs/soak.md while it runs and at the end. Prints one summary line; exits 1 on any defect.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cliArgs } from './lib/cli.mjs'
import { loadSrc } from './lib/load-ts.mjs'
import { checkDurable } from './soak/invariants.mjs'
import { Ledger, newActor } from './soak/ledger.mjs'
import { ACTORS, operationStream } from './soak/mix.mjs'
import { checkoutDefects, quotaDefects, summaryLine, windowDefects } from './soak/report.mjs'
import { freePort, startDev } from './soak/server.mjs'
import { RunState } from './soak/state.mjs'

const { values: args } = cliArgs(
  {
    quick: { type: 'boolean', default: false },
    requests: { type: 'string' },
    concurrency: { type: 'string' },
    seed: { type: 'string', default: '32' },
    'keep-state': { type: 'boolean', default: false },
  },
  { usage: 'npm run soak [-- --quick] [--requests N] [--concurrency C] [--seed S] [--keep-state]' },
)
const target = Number(args.requests ?? (args.quick ? 10_000 : 100_000))
const concurrency = Number(args.concurrency ?? 8)
const seed = Number(args.seed)
// The plans' limits as the worker enforces them (src/auth/plans.ts): the quota and rate invariants count against them.
const { PLAN_LIMITS } = await loadSrc({ 'auth/plans.ts': ['PLAN_LIMITS'] })

// Ctrl-C or a CI timeout: exit through 'exit', whose handler kills the server's process group.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

const state = mkdtempSync(join(tmpdir(), 'soak-state-'))
const port = await freePort()
const started = performance.now()
console.log(`soak: ${target} requests, concurrency ${concurrency}, seed ${seed}; npm run dev on 127.0.0.1:${port}, state in ${state}`)
let server = await startDev({ port, state })
console.log(`soak: server ready in ${server.startSeconds.toFixed(1)} s`)
const ledger = new Ledger(server.base)
const runState = new RunState()
const fail = (text) => ledger.defect(text)

// Keys: one per actor, plus a reader key per user (same email: same user and month, its own minute) for
// the checks, so that they never wait behind the load's rate limits.
async function createKey(email, plan) {
  const res = await fetch(`${server.base}/admin/v1/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, plan, name: 'soak', mode: 'test' }),
  })
  if (res.status !== 201) throw new Error(`creating a ${plan} key: ${res.status} ${await res.text()}`)
  return (await res.json()).key
}
const actors = []
const readers = new Map()
for (const [id, plan, user, share] of ACTORS) {
  const actor = Object.assign(newActor(id, plan, await createKey(`soak-${user}@soak.local`, plan), PLAN_LIMITS[plan]), { user, share })
  actors.push(actor)
  if (!readers.has(user)) {
    const reader = newActor(`${user}-reader`, plan, await createKey(`soak-${user}@soak.local`, plan), PLAN_LIMITS[plan])
    readers.set(user, Object.assign(reader, { user, share: 0 }))
  }
}
const keysOf = (user) => [...actors.filter((a) => a.user === user), readers.get(user)]

const products = (await ledger.send(readers.get('ent-1'), { op: 'setup', path: '/api/v1/products' })).body
const prices = new Map(products.flatMap((p) => p.variants.map((v) => [v.id, v.price])))
const catalogue = { slugs: products.map((p) => p.slug), variants: [...prices.keys()] }

// A loopback receiver for the webhook endpoints the mix registers (http://127.0.0.1 is allowed in development):
// every delivery must be signed and for a path the run registered.
const hooks = { paths: new Set(), received: 0, unsigned: 0, stray: 0 }
const receiver = createServer((req, res) => {
  req.resume().on('end', () => {
    hooks.received++
    if (!/^t=\d+,v1=[0-9a-f]{64}/.test(String(req.headers['sign-placement-signature'] ?? ''))) hooks.unsigned++
    if (!hooks.paths.has(req.url)) hooks.stray++
    res.writeHead(200).end()
  })
})
const hookPort = await freePort()
await new Promise((resolve) => receiver.listen(hookPort, '127.0.0.1', () => resolve(undefined)))

let gate = Promise.resolve()
const ctx = {
  catalogue,
  state: runState,
  /** A receiver URL of the actor's, known to the receiver before the endpoint is created. */
  hookUrl: (actor, n) => {
    const path = `/hook/${actor.id}/${n}`
    hooks.paths.add(path)
    return `http://127.0.0.1:${hookPort}${path}`
  },
  send: async (actor, req) => {
    await gate
    return ledger.send(actor, req)
  },
  /** `send`: ledger.send where the load's gate is closed (the retries right after the restart). */
  checkout: async (actor, key, send = ctx.send) => {
    const res = await send(actor, { op: 'checkout', method: 'POST', path: '/api/v1/orders', headers: { 'idempotency-key': key } })
    for (const d of runState.checkout(actor, key, res, prices) ?? []) fail(d)
  },
  crossUser: (what, status) => {
    for (const d of runState.crossUser(what, status)) fail(d)
  },
}
const next = operationStream(seed, actors)

// Progress: a status line on a terminal, a line every 30 s with SOAK_VERBOSE (CI logs stay one summary line).
const progress = setInterval(
  () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0)
    const line = `soak: ${ledger.requests} of ${target} requests, ${ledger.defects.length} defects, ${seconds} s`
    if (process.env.SOAK_VERBOSE) console.log(line)
    else if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K${line}`)
  },
  process.env.SOAK_VERBOSE ? 30_000 : 1_000,
)
progress.unref()

/** Runs operations on `concurrency` workers until `until` requests have been sent in all. */
async function load(until) {
  const worker = async () => {
    while (ledger.requests < until) await next().run(ctx)
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

/** The quota of every user, read with its reader key: exact while nothing crashed. */
async function checkQuotas(crashes, when) {
  for (const [user, reader] of readers) {
    const me = await ledger.send(reader, { op: 'check', path: '/api/v1/me' })
    for (const d of quotaDefects(keysOf(user), reader, me, crashes)) fail(`${when}: ${d}`)
  }
}

// Phase 1: 40 % of the load, then a quiet check of every user's month (exact: nothing crashed yet).
await load(target * 0.4)
await checkQuotas(0, 'before the crash')

// Phase 2: the crash. At 50 %, while requests are in flight, the server is killed (SIGKILL) and restarted on
// the same state; new requests wait for it. Then every object acknowledged before the crash is read back.
const disturbed = new Set()
let serverCpu = 0
/** The output of the server before the crash (a 5xx before it is explained there). */
const earlierLogs = []
let restartSeconds = 0
const crash = (async () => {
  while (ledger.requests < target * 0.5) await new Promise((r) => setTimeout(r, 20))
  let open = () => {}
  gate = new Promise((r) => (open = r))
  const crashAt = Date.now()
  const before = [...runState.all.values()]
  if (!process.env.SOAK_NO_CRASH) {
    ledger.crashing = true
    await server.crash()
    serverCpu += server.cpuSeconds()
    earlierLogs.push(server.log())
    server = await startDev({ port, state })
    ledger.crashing = false
  }
  restartSeconds = (Date.now() - crashAt) / 1000
  for (let w = Math.floor(crashAt / 60_000); w <= Math.floor(Date.now() / 60_000); w++) disturbed.add((w + 1) * 60)
  console.log(
    `soak: killed and restarted at ${ledger.requests} requests (${restartSeconds.toFixed(1)} s); ${before.length} objects to read back`,
  )
  await checkQuotas(1, 'right after the restart')
  // Checkouts whose answer the crash lost: the same Idempotency-Key again makes at most one order.
  for (const { actor, key } of runState.unanswered.splice(0)) await ctx.checkout(actor, key, (a, req) => ledger.send(a, req))
  const reads = []
  for (const object of before) {
    const reader = readers.get(object.owner.user)
    let res = await ledger.send(object.kind === 'reports' ? null : reader, { op: 'durable', path: object.path })
    // Over the reader's minute (a long run's many objects): wait for the next minute and read again.
    while (res.status === 429 && res.body?.error?.code === 'RATE_LIMITED') {
      await new Promise((r) => setTimeout(r, Math.min(60, Number(res.headers?.get('retry-after')) || 1) * 1000))
      res = await ledger.send(object.kind === 'reports' ? null : reader, { op: 'durable', path: object.path })
    }
    if (res.status === 429) continue // the owner's month is used up (free plan): not readable, not lost
    reads.push({ what: `${object.kind} ${object.id}`, status: res.status })
  }
  for (const d of checkDurable(reads)) fail(d)
  runState.durableReads = reads.length
  open()
})()
await load(target)
await crash

// The end: retried checkouts, every user's orders against its checkouts, months and minute windows.
for (const { actor, key } of runState.unanswered.splice(0)) await ctx.checkout(actor, key)
// Late retries: ten answered checkout keys per user sent again (keys are the user's): each replays its order.
for (const [user, keys] of runState.checkouts) for (const key of [...keys.keys()].slice(0, 10)) await ctx.checkout(readers.get(user), key)
const histories = new Map()
for (const [user, reader] of readers) {
  const res = await ledger.send(reader, { op: 'check', path: '/api/v1/orders' })
  if (res.status === 200)
    histories.set(
      user,
      res.body.map((o) => o.id),
    )
  else if (res.status !== 429) fail(`GET /orders for ${user}: ${res.status}`)
}
for (const d of checkoutDefects(runState, histories)) fail(d)
await checkQuotas(1, 'at the end')
for (const d of windowDefects([...actors, ...readers.values()], disturbed)) fail(d)
// Webhook deliveries still queued when the server stops are not awaited: what arrived must be signed and ours.
if (hooks.unsigned) fail(`webhooks: ${hooks.unsigned} of ${hooks.received} deliveries without a well-formed signature`)
if (hooks.stray) fail(`webhooks: ${hooks.stray} deliveries to a path no endpoint of this run was given`)
// A 5xx: the server's own error output (wrangler at --log-level error) says what failed.
if ([...ledger.statuses.keys()].some((status) => status >= 500))
  console.error(`soak: server log:\n${[...earlierLogs, server.log()].map((log) => log.slice(-4000)).join('\n--- restart ---\n')}`)
clearInterval(progress)
if (process.stdout.isTTY) process.stdout.write('\r\x1b[K')
receiver.close()
receiver.closeAllConnections()
await server.stop()
serverCpu += server.cpuSeconds()
if (!args['keep-state']) rmSync(state, { recursive: true, force: true })

const seconds = (performance.now() - started) / 1000
const statuses = [...ledger.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`)
const clientCpu = (process.cpuUsage().user + process.cpuUsage().system) / 1e6
console.log(`soak: CPU ${serverCpu.toFixed(0)} s server (npm run dev, wrangler, workerd), ${clientCpu.toFixed(0)} s this client`)
console.log(`soak: statuses ${statuses.join(', ')}; ${ledger.unanswered} unanswered (crash)`)
const checkouts = [...runState.checkouts.values()].reduce((s, m) => s + m.size, 0)
const endpoints = [...runState.all.values()].filter((o) => o.kind === 'webhooks').length
console.log(
  `soak: ${runState.all.size} objects created, ${runState.durableReads} read back after the restart, ` +
    `${runState.crossUserReads} cross-user reads, ${checkouts} idempotent checkouts, ` +
    `${endpoints} webhook endpoints, ${hooks.received} signed deliveries received`,
)
if (process.env.SOAK_VERBOSE) console.log([...ledger.byOp].map(([op, { n, ms }]) => `${op} ${n}× ${(ms / n).toFixed(0)} ms`).join(', '))
console.log(
  summaryLine({ requests: ledger.requests, latencies: ledger.latencies, defects: ledger.defects.length, seconds, restartSeconds }),
)
process.exit(ledger.defects.length ? 1 : 0)
