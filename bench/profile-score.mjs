#!/usr/bin/env node
// Where POST /score spends the worker's CPU: starts `wrangler dev` (throwaway state) with its inspector,
// drives authenticated POST /score (the bench:hot-path load: 16 connections, coordinates of five cities)
// while the V8 sampling profiler of the worker's isolate runs, and prints the functions and source files
// with the most self time. Writes the raw profile (open it in Chrome DevTools) when `--out` is given.
// Usage: npm run bench:profile-score [-- --seconds 10 --port 8801 --inspector-port 9801 --out /tmp/score.cpuprofile]
import { writeFileSync } from 'node:fs'
import WebSocket from 'ws'
import { option } from '../scripts/lib/cli.mjs'
import { ENDPOINTS, hotPathLoad } from './lib/hot-path-load.mjs'
import { startServer } from './lib/server.mjs'

const seconds = Number(option('--seconds', '10'))
const port = option('--port', undefined)
const inspectorPort = Number(option('--inspector-port', '9801'))
const out = option('--out', undefined)
const endpointName = option('--endpoint', 'score')

const server = await startServer({ port: port && Number(port), inspectorPort })
try {
  const load = await hotPathLoad(server)
  await load.measure(ENDPOINTS[endpointName], 3) // warm-up: JIT, caches, lease sizes
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()
  const target = targets.find((t) => t.webSocketDebuggerUrl && !/RateLimiter/.test(t.title ?? '')) ?? targets[0]
  const ws = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  let nextId = 1
  const pending = new Map()
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data))
    if (msg.id && pending.has(msg.id)) pending.get(msg.id)(msg)
  })
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = nextId++
      pending.set(id, resolve)
      ws.send(JSON.stringify({ id, method, params }))
    })
  await send('Profiler.enable')
  await send('Profiler.setSamplingInterval', { interval: 200 })
  await send('Profiler.start')
  const measured = await load.measure(ENDPOINTS[endpointName], seconds)
  const { result } = await send('Profiler.stop')
  const profile = result.profile
  // The bundle's text, to name each frame by its source module (esbuild marks each with a `// path` comment).
  await send('Debugger.enable')
  const scripts = new Map()
  for (const n of profile.nodes) {
    const { scriptId } = n.callFrame
    if (scriptId && scriptId !== '0' && !scripts.has(scriptId)) {
      const reply = await send('Debugger.getScriptSource', { scriptId })
      scripts.set(scriptId, moduleLines(reply.result?.scriptSource ?? ''))
    }
  }
  ws.close()
  for (const n of profile.nodes) {
    const modules = scripts.get(n.callFrame.scriptId)
    if (modules) n.callFrame.url = modules[n.callFrame.lineNumber] ?? n.callFrame.url
  }
  if (out) writeFileSync(out, JSON.stringify(profile))
  printSummary(profile, measured)
} finally {
  await server.stop()
  process.exit(0)
}

/** For each line of an esbuild bundle, the module it comes from (the last `// src/…` or `// node_modules/…` marker above it). */
function moduleLines(text) {
  let current = ''
  return text.split('\n').map((line) => {
    const marker = /^\/\/ ((?:src|node_modules|\.\.\/)\S*)$/.exec(line)
    if (marker) current = marker[1].replace(/^node_modules\/(\.pnpm\/)?/, '')
    return current
  })
}

function printSummary(profile, measured) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const counts = new Map()
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
  const total = profile.samples.length
  const idle = new Set(['(idle)', '(program)', '(garbage collector)'])
  const fns = new Map()
  const files = new Map()
  for (const [id, n] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame
    const file = (url || '(native)').replace(/^.*\/(src|node_modules)\//, '$1/')
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`
    fns.set(fn, (fns.get(fn) ?? 0) + n)
    const key = idle.has(functionName) ? functionName : file
    files.set(key, (files.get(key) ?? 0) + n)
  }
  // Total (inclusive) time: each function counted once per sample it is on the stack of.
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inclusive = new Map()
  for (const [id, n] of counts) {
    const seen = new Set()
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at).callFrame
      if (!url) continue
      const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(src|node_modules)\//, '$1/')}:${lineNumber + 1}`
      if (seen.has(fn)) continue
      seen.add(fn)
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + n)
    }
  }
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, n]) => ({ 'self %': ((100 * n) / total).toFixed(1), name }))
  console.log(`\n${Math.round(measured.reqPerSec)} req/s, worker CPU ${Math.round(measured.cpuMicros ?? 0)} µs/request, ${total} samples`)
  console.table(top(fns, 40))
  console.table(top(files, 25))
  console.log('total (inclusive) time:')
  console.table(top(inclusive, 50))
}
