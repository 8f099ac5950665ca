// docs/projects.md tells developers how to trigger the monitoring cron locally. This test follows it
// to the letter: the documented `npm run dev -- …` command (with a stand-in wrangler that records what
// it is given), then a real `wrangler dev` started with exactly those arguments, then the documented
// URL. It fails when the doc, scripts/dev.mjs, wrangler.toml or the worker's scheduled handler drift.
import { describe, it, expect } from 'vitest'
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const repo = resolve('.')
const doc = readFileSync('docs/projects.md', 'utf8')
const section = doc.slice(doc.indexOf('## Monitoring (Cron Trigger)'), doc.indexOf('## Notifications'))
const documentedCommand = /`(npm run dev(?: -- [^`]+)?)`/.exec(section)
const documentedUrl = /curl "(http:\/\/localhost:8787\/__scheduled\?cron=[^"]+)"/.exec(section)
const offline = { WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' }

async function unusedPort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

/** Runs the documented `npm run dev -- …` in a scratch copy of the dev script; returns what `wrangler dev` was given. */
function wranglerDevArgsOf(command: string, port: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'cron-doc-dev-'))
  try {
    mkdirSync(join(dir, 'scripts/lib'), { recursive: true })
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true })
    copyFileSync('scripts/dev.mjs', join(dir, 'scripts/dev.mjs'))
    for (const lib of ['dev-vars.mjs', 'step.mjs']) copyFileSync(`scripts/lib/${lib}`, join(dir, 'scripts/lib', lib))
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'))
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cron-doc', private: true, scripts: { dev: pkg.scripts.dev } }))
    // Stand-in wrangler: records each invocation (one JSON line) and exits, so `dev` ends at once.
    const fake = join(dir, 'node_modules/.bin/wrangler')
    const callsFile = JSON.stringify(join(dir, 'calls.jsonl'))
    const record = `require('fs').appendFileSync(${callsFile}, JSON.stringify(process.argv.slice(2)) + '\\n')`
    writeFileSync(fake, `#!${process.execPath}\n${record}\n`)
    chmodSync(fake, 0o755)
    const [npm, ...npmArgs] = command.split(' ')
    const run = spawnSync(npm, npmArgs, { cwd: dir, env: { ...process.env, PORT: String(port) }, encoding: 'utf8', timeout: 60_000 })
    expect(run.status, run.stderr).toBe(0)
    const calls = readFileSync(join(dir, 'calls.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string[])
    const dev = calls.find((args) => args[0] === 'dev')
    expect(dev, `wrangler calls: ${JSON.stringify(calls)}`).toBeDefined()
    return dev!.slice(1)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** wrangler.toml beside test-only secrets, paths pointing back at the repository, state in `dir`. */
function isolatedConfig(dir: string): string {
  const toml = readFileSync('wrangler.toml', 'utf8')
    .replace(/^main = "(.+)"$/m, (_, main: string) => `main = ${JSON.stringify(join(repo, main))}`)
    .replace(/^migrations_dir = "(.+)"$/m, (_, migrations: string) => `migrations_dir = ${JSON.stringify(join(repo, migrations))}`)
    .replace(/^directory = "(.+)"$/m, (_, assets: string) => `directory = ${JSON.stringify(join(repo, assets))}`)
    // [alias] targets are paths relative to the config file too.
    .replace(/^("[^"]+") = "(\.\/[^"]+)"$/gm, (_, from: string, to: string) => `${from} = ${JSON.stringify(join(repo, to))}`)
  writeFileSync(join(dir, 'wrangler.toml'), toml)
  const secrets = [
    'ADMIN_TOKEN="cron-doc-test-token-0123456789"',
    'REPORT_SIGNING_SECRET="cron-doc-test-secret-0123456789"',
    'WEBHOOK_SECRETS_KEY="cron-doc-test-webhook-key-0123456789abcdef"',
  ]
  writeFileSync(join(dir, '.dev.vars'), `${secrets.join('\n')}\n`)
  return join(dir, 'wrangler.toml')
}

async function waitFor(url: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`no answer from ${url}`)
}

describe('docs/projects.md: triggering the monitoring cron locally', () => {
  it('documents a command and a URL, with the cron wrangler.toml schedules', () => {
    expect(documentedCommand, 'an `npm run dev` command in the Monitoring section').not.toBeNull()
    expect(documentedUrl, 'a curl of /__scheduled in the Monitoring section').not.toBeNull()
    const cron = new URL(documentedUrl![1]).searchParams.get('cron')
    const crons = /^crons = (\[.*\])$/m.exec(readFileSync('wrangler.toml', 'utf8'))
    expect(JSON.parse(crons![1])).toContain(cron)
  })

  it('works as written: npm run dev starts wrangler dev with --test-scheduled, the URL runs the scheduled handler', async () => {
    const port = await unusedPort()
    const devArgs = wranglerDevArgsOf(documentedCommand![1], port)
    expect(devArgs).toEqual(expect.arrayContaining(['--port', String(port), '--test-scheduled']))

    const dir = mkdtempSync(join(tmpdir(), 'cron-doc-wrangler-'))
    const wrangler = join(repo, 'node_modules/.bin/wrangler')
    const env = { ...process.env, ...offline }
    let log = ''
    let server: ReturnType<typeof spawn> | undefined
    try {
      const config = isolatedConfig(dir)
      const state = join(dir, 'state')
      const migrateArgs = ['d1', 'migrations', 'apply', 'DB', '--local', '--config', config, '--persist-to', state]
      const migrate = spawnSync(wrangler, migrateArgs, { env, encoding: 'utf8', timeout: 60_000 })
      expect(migrate.status, migrate.stderr).toBe(0)
      server = spawn(wrangler, ['dev', ...devArgs, '--config', config, '--persist-to', state], { env, detached: true })
      server.stdout!.on('data', (chunk) => (log += chunk))
      server.stderr!.on('data', (chunk) => (log += chunk))
      const url = documentedUrl![1].replace('localhost:8787', `localhost:${port}`)
      // A first wrangler dev builds and starts workerd: well under a minute alone, longer on a loaded machine.
      await waitFor(`http://localhost:${port}/healthz`, Date.now() + 150_000).catch((e) => {
        throw new Error(`${e.message}; wrangler said: ${log.slice(-1500)}`)
      })
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) })
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('Ran scheduled event')
      const deadline = Date.now() + 15_000
      while (!log.includes('"event":"monitoring"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
      const line = log.split('\n').find((l) => l.includes('"event":"monitoring"'))
      expect(line, log.slice(-2000)).toBeDefined()
      const run = JSON.parse(line!.slice(line!.indexOf('{')))
      expect(run).toMatchObject({ event: 'monitoring', cron: new URL(documentedUrl![1]).searchParams.get('cron'), failed: 0 })
    } finally {
      if (server?.pid && server.exitCode === null) {
        const exited = new Promise((done) => server!.once('exit', done))
        process.kill(-server.pid, 'SIGTERM') // wrangler and its workerd child
        await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))])
      }
      rmSync(dir, { recursive: true, force: true })
    }
    // Two wrangler processes start here while the rest of the suite runs beside it on 2 cores.
  }, 300_000)
})
