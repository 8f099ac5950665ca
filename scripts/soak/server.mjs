// Server control for `npm run soak`: the app started as `npm run dev` starts it (scripts/dev.mjs: migrations,
// demo prospects, geodata store, wrangler dev), on loopback, on its own port and in its own state directory
// (DEV_PERSIST_TO), so a developer's running dev server and local data are never touched. `crash()` kills the
// whole process group at once (SIGKILL: no shutdown hook runs), as a machine or runtime failure would.
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { readDevVars } from '../lib/dev-vars.mjs'
import { repoRoot } from '../lib/load-ts.mjs'
import { join } from 'node:path'

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
  })

/** Linux: CPU seconds (user + system) used so far by the live processes of process group `pgrp`; 0 elsewhere. */
export function groupCpuSeconds(pgrp) {
  let ticks = 0
  try {
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        if (Number(fields[2]) === pgrp) ticks += Number(fields[11]) + Number(fields[12])
      } catch {}
    }
  } catch {}
  return ticks / 100
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Starts `node scripts/dev.mjs` with PORT=`port` and DEV_PERSIST_TO=`state`; resolves once it printed its
 * summary (keys seeded, so the admin API answers).
 * @param {{ port: number, state: string, timeoutMs?: number }} options
 */
export async function startDev({ port, state, timeoutMs = 240_000 }) {
  let log = ''
  const started = performance.now()
  const args = ['scripts/dev.mjs', '--ip', '127.0.0.1', '--log-level', 'error', '--show-interactive-dev-session=false']
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DEV_PERSIST_TO: state },
    detached: true, // its own process group: crash() kills dev.mjs, wrangler and workerd together
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (c) => (log += c))
  child.stderr.on('data', (c) => (log += c))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {}
  }
  const onExit = () => kill('SIGKILL')
  process.on('exit', onExit)
  while (!log.includes('Demo API keys')) {
    if (child.exitCode !== null || performance.now() - started > timeoutMs) {
      kill('SIGKILL')
      throw new Error(`npm run dev did not start on :${port}:\n${log.slice(-3000)}`)
    }
    await sleep(200)
  }
  const base = `http://127.0.0.1:${port}`
  const adminToken = readDevVars(join(repoRoot, '.dev.vars')).ADMIN_TOKEN
  // The server's CPU time (dev.mjs, wrangler, workerd), read before it is killed or stopped.
  let cpu = 0
  const cpuSeconds = () => {
    if (child.exitCode === null && child.signalCode === null) cpu = groupCpuSeconds(child.pid)
    return cpu
  }
  /** Kills the process group without warning and waits until the port is closed. */
  const crash = async () => {
    cpuSeconds()
    kill('SIGKILL')
    await exited
    process.off('exit', onExit)
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`${base}/healthz`)
      } catch {
        return
      }
      await sleep(100)
    }
  }
  /** A clean stop (SIGTERM), for the end of the run. */
  const stop = async () => {
    cpuSeconds()
    kill('SIGTERM')
    await Promise.race([exited, sleep(5_000)])
    kill('SIGKILL')
    process.off('exit', onExit)
  }
  return { base, adminToken, startSeconds: (performance.now() - started) / 1000, crash, stop, cpuSeconds, log: () => log }
}
