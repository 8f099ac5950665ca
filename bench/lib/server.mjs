// Starts `wrangler dev` on a free loopback port with its own throwaway state, for benchmarks.
import { spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'

const wrangler = 'node_modules/.bin/wrangler'

/** Linux only: the pids of processes whose parent chain reaches `root`, with their command lines. */
function descendants(root) {
  const procs = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        return [{ pid: Number(pid), ppid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') }]
      } catch {
        return []
      }
    })
  const found = []
  const walk = (parent) => {
    for (const p of procs) {
      if (p.ppid !== parent) continue
      found.push(p)
      walk(p.pid)
    }
  }
  walk(root)
  return found
}

/** CPU seconds (user + system) a process has used so far, from /proc; null where /proc is missing. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/**
 * `state`/`port`/`adminToken` given: reuse them (a restart of the same server); the state is then kept on stop.
 * `beforeStart(state)` runs after the migrations, e.g. to load data into the local D1 at `state`.
 */
export async function startServer(options = {}) {
  const state = options.state ?? mkdtempSync(join(tmpdir(), 'spa-bench-'))
  const adminToken = options.adminToken ?? randomBytes(18).toString('base64url')
  const port = options.port ?? (await freePort())
  const cwd = options.cwd ?? process.cwd()
  const migrate = spawnSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    cwd,
    env: { ...process.env, CI: 'true' },
    encoding: 'utf8',
  })
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`)
  await options.beforeStart?.(state)
  const child = spawn(
    wrangler,
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      state,
      '--var',
      `ADMIN_TOKEN:${adminToken}`,
      '--var',
      'REPORT_SIGNING_SECRET:bench-secret',
      '--var',
      'ENVIRONMENT:development',
      '--log-level',
      process.env.BENCH_STDERR ? 'log' : 'error',
      '--show-interactive-dev-session=false',
      ...(options.inspectorPort ? ['--inspector-port', String(options.inspectorPort)] : []),
    ],
    { cwd, stdio: ['ignore', 'ignore', process.env.BENCH_STDERR ? 'inherit' : 'ignore'] },
  )
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {}
    if (i > 120) throw new Error('wrangler dev did not start')
    await new Promise((r) => setTimeout(r, 500))
  }
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    child.kill('SIGTERM')
    if (!options.state) rmSync(state, { recursive: true, force: true })
    await exited
  }
  process.on('exit', () => child.kill('SIGTERM'))
  // wrangler runs two workerd processes: its proxy (the public port) and the one that runs this worker
  // (and, locally, its Durable Objects); the latter is started with an inspector address.
  const workerPid = descendants(child.pid).find(
    (p) => p.cmd[0].endsWith('workerd') && p.cmd.some((a) => a.startsWith('--inspector-addr')),
  )?.pid
  /** CPU seconds used so far by the process running the worker, or null (not Linux, or wrangler changed). */
  const workerCpuSeconds = () => (workerPid ? cpuSeconds(workerPid) : null)
  return { base, port, state, adminToken, stop, workerCpuSeconds }
}

export async function createKeys(server, plan, count) {
  const keys = []
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${server.base}/admin/v1/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${plan}-${i}-${Date.now()}@example.com`, plan, mode: 'test' }),
    })
    if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${await res.text()}`)
    keys.push((await res.json()).key)
  }
  return keys
}

export const pct = (histogram, p) => histogram[`p${p}`] ?? histogram[`p${String(p).replace('.', '_')}`]

/** One POST /api/v1/score, timed from the request to the parsed answer; anything but 200 throws. */
export async function postScore(server, key, body) {
  const started = performance.now()
  const res = await fetch(`${server.base}/api/v1/score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  })
  const json = await res.json()
  if (res.status !== 200) throw new Error(`POST /score: ${res.status} ${JSON.stringify(json)}`)
  return { ms: performance.now() - started, precision: json.precision }
}
