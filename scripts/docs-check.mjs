#!/usr/bin/env node
// `npm run docs:check`: runs every curl example of README.md and docs/*.md against a dev server and
// checks its status and response shape (docs/conventions.md "Examples in the docs"). Uses the server
// on $PORT (default 8787) when one answers, else starts `npm run dev` on a free port and stops it after.
// Each file's blocks run in order in one bash session (so a block can use a variable an earlier one
// set), in a scratch directory, with `curl` answered by scripts/lib/curl-shim.mjs.
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { blocksOf, DOC_FILES, missingKeys, staticProblems, valueAt } from './lib/doc-examples.mjs'
import { repoRoot } from './lib/load-ts.mjs'
import { cliArgs } from './lib/cli.mjs'

const { positionals: only } = cliArgs({}, { positionals: true, usage: 'npm run docs:check -- [README.md docs/….md …]' })
const files = only.length ? only : DOC_FILES

async function answers(base) {
  try {
    return (await fetch(`${base}/healthz`)).ok
  } catch {
    return false
  }
}

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
      server.close(() => done(port))
    })
  })

/** The dev server: the one running on $PORT, or `npm run dev` started here (its output kept for a failure). */
async function devServer() {
  const base = `http://localhost:${process.env.PORT ?? 8787}`
  if ((await answers(base)) && existsSync(join(repoRoot, '.dev-keys.json'))) return { base, stop: () => {} }
  const port = await freePort()
  let log = ''
  const dev = spawn(process.execPath, ['scripts/dev.mjs'], { cwd: repoRoot, env: { ...process.env, PORT: String(port) }, detached: true })
  dev.stdout.on('data', (c) => (log += c))
  dev.stderr.on('data', (c) => (log += c))
  const stop = () => {
    try {
      process.kill(-dev.pid, 'SIGTERM')
    } catch {}
  }
  for (let i = 0; i < 240 && !log.includes('Demo API keys'); i++) {
    if (dev.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 500))
  }
  if (!log.includes('Demo API keys')) {
    stop()
    throw new Error(`npm run dev did not start:\n${log.slice(-3000)}`)
  }
  console.log(`docs:check: started npm run dev on :${port}`)
  return { base: `http://localhost:${port}`, stop }
}

const blocks = files.flatMap((file) => blocksOf(file))
const problems = staticProblems(blocks)
const { base, stop } = await devServer()
const keys = JSON.parse(readFileSync(join(repoRoot, '.dev-keys.json'), 'utf8'))
const dir = mkdtempSync(join(tmpdir(), 'docs-check-'))
writeFileSync(
  join(dir, 'curl'),
  `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(repoRoot, 'scripts/lib/curl-shim.mjs'))} "$@"\n`,
)
chmodSync(join(dir, 'curl'), 0o755)

let passed = 0
let skipped = 0
try {
  for (const file of files) {
    const runnable = blocks.filter((b) => b.file === file && !b.skip)
    skipped += blocks.filter((b) => b.file === file && b.skip).reduce((n, b) => n + b.examples.length, 0)
    if (!runnable.length) continue
    // The docs' own `KEY=…` placeholders give way to a real demo key (Enterprise: every route is open to it).
    const script = runnable
      .map((b) => b.script.replace(/^(export\s+)?KEY=\S+.*$/gm, '').replace(/(\bexport\s+[^\n]*?)\s+KEY=\S+/g, '$1'))
      .join('\n')
      .replaceAll('http://localhost:8787', base)
    const logFile = join(dir, 'exchanges.jsonl')
    writeFileSync(logFile, '')
    const run = spawnSync('bash', ['-c', script], {
      cwd: dir,
      env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, KEY: keys.enterprise, API: `${base}/api/v1`, DOCS_CHECK_LOG: logFile },
      encoding: 'utf8',
      timeout: 120_000,
    })
    const exchanges = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
    const examples = runnable.flatMap((b) => b.examples)
    if (exchanges.length !== examples.length)
      problems.push(
        `${file}: ${examples.length} curl examples but ${exchanges.length} requests ran (bash: ${run.stderr.trim().slice(-500)})`,
      )
    examples.forEach((ex, i) => {
      const got = exchanges[i]
      if (!got) return
      const where = `${ex.file}:${ex.line} ${got.method} ${got.url.replace(base, '')}`
      const statusOk = ex.status ? got.status === ex.status : got.status >= 200 && got.status < 300
      const failures = []
      if (!statusOk) failures.push(`status ${got.status}, expected ${ex.status ?? '2xx'}: ${got.body.slice(0, 300)}`)
      if (ex.json !== undefined && statusOk) {
        let actual
        try {
          actual = JSON.parse(got.body)
        } catch {
          failures.push('documented JSON, but the response is not JSON')
        }
        if (actual !== undefined) {
          const missing = missingKeys(ex.json, actual)
          if (missing.length) failures.push(`response lacks documented keys: ${missing.join(', ')}`)
          for (const path of ex.exact) {
            const [want, have] = [valueAt(ex.json, path), valueAt(actual, path)]
            if (JSON.stringify(want) !== JSON.stringify(have))
              failures.push(`${path} is ${JSON.stringify(have)}, the docs say ${JSON.stringify(want)}`)
          }
        }
      }
      if (failures.length) problems.push(`${where}: ${failures.join('; ')}`)
      else {
        passed++
        console.log(`✔ ${where} → ${got.status}`)
      }
    })
  }
} finally {
  stop()
  rmSync(dir, { recursive: true, force: true })
}
for (const problem of problems) console.error(`✖ ${problem}`)
console.log(`docs:check: ${passed} passed, ${problems.length} failed, ${skipped} skipped (docs:skip)`)
process.exit(problems.length ? 1 : 0)
