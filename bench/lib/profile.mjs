// The V8 sampling profiler of the worker's isolate under `wrangler dev` (its inspector port), and a
// summary of a profile: self time by function and by source module, and total (inclusive) time.
import { writeFileSync } from 'node:fs'
import WebSocket from 'ws'

/** Connects to the worker's isolate (not a Durable Object's) on wrangler's inspector port. */
export async function inspectIsolate(inspectorPort) {
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
  return {
    async startProfile(intervalMicros = 200) {
      await send('Profiler.enable')
      await send('Profiler.setSamplingInterval', { interval: intervalMicros })
      await send('Profiler.start')
    },
    /** Stops the profiler; frames are named by source module; written to `out` when given. */
    async stopProfile(out) {
      const { result } = await send('Profiler.stop')
      const profile = result.profile
      // The bundle's text, to name each frame by its source module (esbuild marks each with a `// path` comment).
      await send('Debugger.enable')
      const scripts = new Map()
      for (const n of profile.nodes) {
        const { scriptId } = n.callFrame
        if (scriptId && scriptId !== '0' && !scripts.has(scriptId)) {
          const reply = await send('Debugger.getScriptSource', { scriptId })
          const text = reply.result?.scriptSource ?? ''
          scripts.set(scriptId, { modules: moduleLines(text), lines: text.split('\n') })
        }
      }
      for (const n of profile.nodes) {
        const script = scripts.get(n.callFrame.scriptId)
        if (!script) continue
        const { functionName, lineNumber, columnNumber } = n.callFrame
        n.callFrame.url = script.modules[lineNumber] ?? n.callFrame.url
        // An anonymous function is named by the start of its source text.
        if (!functionName) n.callFrame.functionName = `(${(script.lines[lineNumber] ?? '').slice(columnNumber, columnNumber + 40).trim()}…)`
      }
      if (out) writeFileSync(out, JSON.stringify(profile))
      return profile
    },
    close: () => ws.close(),
  }
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

/** Prints the functions and modules with the most self time, and the functions with the most total time. */
export function printProfile(profile, { top: count = 40 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const counts = new Map()
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
  const total = profile.samples.length
  const idle = new Set(['(idle)', '(program)', '(garbage collector)'])
  const nameOf = ({ functionName, url, lineNumber }) =>
    `${functionName || '(anonymous)'} ${(url || '(native)').replace(/^.*\/(src|node_modules)\//, '$1/')}:${lineNumber + 1}`
  const fns = new Map()
  const files = new Map()
  for (const [id, n] of counts) {
    const frame = byId.get(id).callFrame
    fns.set(nameOf(frame), (fns.get(nameOf(frame)) ?? 0) + n)
    const key = idle.has(frame.functionName) ? frame.functionName : frame.url || '(native)'
    files.set(key, (files.get(key) ?? 0) + n)
  }
  // Total (inclusive) time: each function counted once per sample it is on the stack of.
  const parent = new Map()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const inclusive = new Map()
  for (const [id, n] of counts) {
    const seen = new Set()
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at).callFrame
      if (!frame.url || seen.has(nameOf(frame))) continue
      seen.add(nameOf(frame))
      inclusive.set(nameOf(frame), (inclusive.get(nameOf(frame)) ?? 0) + n)
    }
  }
  const ms = (profile.endTime - profile.startTime) / 1000
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, n]) => ({ '%': ((100 * n) / total).toFixed(1), ms: ((ms * n) / total).toFixed(1), name }))
  console.log(`\n${total} samples over ${ms.toFixed(0)} ms; self time by function:`)
  console.table(top(fns, count))
  console.log('self time by module:')
  console.table(top(files, 25))
  console.log('total (inclusive) time by function:')
  console.table(top(inclusive, count))
}
