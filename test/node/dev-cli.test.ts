import { describe, it, expect } from 'vitest'
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

async function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

describe('npm run admin without a running server', () => {
  it('honours PORT and prints one clear line, not a stack trace', async () => {
    const port = await unusedPort()
    const run = spawnSync(process.execPath, ['scripts/admin.mjs', 'keys', 'list'], {
      env: { ...process.env, PORT: String(port), ADMIN_TOKEN: 'x', API_URL: '' },
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`http://localhost:${port}`)
    expect(lines[0]).toMatch(/npm run dev/)
    expect(run.stderr).not.toMatch(/\n\s+at |TypeError|fetch failed/)
  })
})

describe('npm run dev', () => {
  it('loads the demo prospects (sample POIs) before starting the server', () => {
    const dev = readFileSync('scripts/dev.mjs', 'utf8')
    const importAt = dev.indexOf("'scripts/import-pois.mjs'")
    expect(importAt).toBeGreaterThan(0)
    expect(dev).toContain('scripts/data/sample-pois.geojson')
    expect(importAt).toBeLessThan(dev.indexOf("spawn(wranglerBin, ['dev'"))
  })
})

const devSource = readFileSync('scripts/dev.mjs', 'utf8')
const stepScripts = [...new Set([...devSource.matchAll(/'scripts\/([\w-]+\.mjs)'/g)].map((m) => m[1]))].filter((s) => s !== 'dev.mjs')
const stepCount = devSource.match(/^await step\(/gm)?.length ?? 0

/** `npm run dev` in a scratch copy with stand-ins for wrangler and the importers, which print a page each. */
function devWithStandIns(wranglerExit: number) {
  const dir = mkdtempSync(join(tmpdir(), 'dev-quiet-'))
  try {
    mkdirSync(join(dir, 'scripts/lib'), { recursive: true })
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true })
    copyFileSync('scripts/dev.mjs', join(dir, 'scripts/dev.mjs'))
    for (const lib of ['dev-vars.mjs', 'step.mjs']) copyFileSync(`scripts/lib/${lib}`, join(dir, 'scripts/lib', lib))
    const noise = 'for (let i = 0; i < 40; i++) console.log("noise " + i)'
    // Every script dev.mjs runs as a step (importers, loaders) prints a page and a closing line.
    for (const script of stepScripts) writeFileSync(join(dir, 'scripts', script), `${noise}\nconsole.log('✔ ${script} done')\n`)
    const calls = JSON.stringify(join(dir, 'calls.jsonl'))
    const offline = JSON.stringify(['WRANGLER_SEND_METRICS', 'WRANGLER_HIDE_BANNER', 'CLOUDFLARE_CF_FETCH_ENABLED'])
    const record =
      `const env = Object.fromEntries(${offline}.map((k) => [k, process.env[k]]))\n` +
      `require('fs').appendFileSync(${calls}, JSON.stringify({ args: process.argv.slice(2), env }) + '\\n')\n`
    const fail = wranglerExit ? `console.error('migration 0003 failed: no such table')\nprocess.exit(${wranglerExit})\n` : ''
    // A step's output is what dev.mjs hides; `wrangler dev` itself (here: ends at once) keeps its own output.
    const steps = `if (process.argv[2] !== 'dev') { ${noise} }\n`
    writeFileSync(join(dir, 'node_modules/.bin/wrangler'), `#!${process.execPath}\n${record}${steps}${fail}`)
    chmodSync(join(dir, 'node_modules/.bin/wrangler'), 0o755)
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(WRANGLER_|CLOUDFLARE_)/.test(k)))
    const run = spawnSync(process.execPath, ['scripts/dev.mjs'], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 })
    const wrangler = readFileSync(join(dir, 'calls.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    return { run, wrangler }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('npm run dev output', () => {
  it('one line per preparation step, wrangler offline and with --test-scheduled', () => {
    const { run, wrangler } = devWithStandIns(0)
    expect(run.status).toBe(0)
    expect(run.stdout).not.toContain('noise')
    const lines = run.stdout.trim().split('\n')
    expect(stepCount).toBeGreaterThanOrEqual(3)
    expect(lines).toHaveLength(stepCount)
    for (const line of lines) expect(line).toMatch(/^✔ [^:]+(: .+)? \(\d+\.\d s\)$/)
    expect(lines[0]).toMatch(/^✔ local D1 migrations/)
    expect(lines.join('\n')).toContain('import-pois.mjs done')
    for (const call of wrangler)
      expect(call.env).toEqual({ WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' })
    expect(wrangler.find((c) => c.args[0] === 'dev')?.args).toContain('--test-scheduled')
  })

  it('a failing step says so and shows what it printed, and dev stops', () => {
    const { run, wrangler } = devWithStandIns(1)
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/^✖ local D1 migrations: .*exited with 1/m)
    expect(run.stderr).toContain('migration 0003 failed: no such table')
    expect(wrangler.map((c) => c.args[0])).toEqual(['d1'])
  })
})
