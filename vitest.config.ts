import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789'

/**
 * Wrangler reads `.dev.vars` (or `.env`) beside the config file it is given, and tests must never see a
 * developer's local secrets: an AI_API_KEY there would send test traffic to a paid provider. So the
 * tests get a copy of wrangler.toml in .tmp/ (git-ignored, no secrets beside it) whose `main` points
 * back at src/; every binding a test needs is set below.
 */
function wranglerConfigWithoutLocalSecrets(): string {
  const dir = resolve('.tmp/vitest')
  mkdirSync(dir, { recursive: true })
  const toml = readFileSync('wrangler.toml', 'utf8')
    .replace(/^main = "(.+)"$/m, (_, main: string) => `main = ${JSON.stringify(resolve(main))}`)
    // [alias] targets are relative to the config file as well.
    .replace(/^("[^"]+") = "(\.\/[^"]+)"$/gm, (_, from: string, to: string) => `${from} = ${JSON.stringify(resolve(to))}`)
  const path = join(dir, 'wrangler.toml')
  writeFileSync(path, toml)
  return path
}

/**
 * workerd logs "WebSocket peer disconnected" when the pool's runner socket closes after a test file:
 * benign teardown, not actionable. pool-workers filters it from 0.16 (workers-sdk#13833), but 0.15.1 is
 * the release that runs on Node 20 (docs/decisions.md §9), so the same message is dropped here.
 */
const BENIGN_TEARDOWN = /^exception = workerd\/api\/web-socket\.c\+\+:\d+: disconnected: WebSocket peer disconnected\n?$/
for (const stream of [process.stdout, process.stderr]) {
  const write = stream.write.bind(stream)
  stream.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
    BENIGN_TEARDOWN.test(String(chunk)) || write(chunk, ...rest)) as typeof stream.write
}

/**
 * `.bin` geodata in Node, as wrangler's Data rule gives it to the worker: an ArrayBuffer of the file
 * (read from disk when the module loads, so the transform stays small).
 */
const binAsArrayBuffer = {
  name: 'bin-as-array-buffer',
  load(id: string) {
    if (!id.endsWith('.bin')) return null
    return (
      `import { readFileSync } from 'node:fs'\n` +
      `const bytes = readFileSync(${JSON.stringify(id)})\n` +
      'export default bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)\n'
    )
  },
}

/** Test files by name (docs/conventions.md "Tests"): pure ones, and the slow set that `npm run test:quick` leaves out. */
const UNIT = 'test/**/*.unit.test.ts'
const SLOW = process.env.TEST_SKIP_SLOW ? ['test/**/*.slow.test.ts'] : []

// Three projects:
// - `unit`: pure code (src/geo, src/scoring, src/roi, src/lib, …: no bindings, no I/O) in plain Node, and
//   the geocoding and scoring services on the geodata store's memory adapter (test/helpers/memory-store.ts);
//   seconds, no workerd. Any `*.unit.test.ts` anywhere under test/.
// - `workers`: the API inside workerd (real D1, KV, R2, Durable Objects): every other test file.
// - `node`: data-pipeline and tooling tests (build scripts, importers, docs, local dev) that read
//   files on disk, e.g. ../shared/data, which the workerd sandbox cannot see: test/node/.
// The slow set (`*.slow.test.ts`: the route fuzzers, the determinism build, the cron walkthrough) belongs to
// the project its folder says; `npm run test:quick` leaves it out, `npm test` and CI run it.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations')
  return {
    test: {
      // Vitest's default is cores − 1: one file at a time on a 2-core machine, with the CPU idle while each
      // workerd starts. Two at a time overlaps one file's runtime start with another's tests.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          plugins: [binAsArrayBuffer],
          test: {
            name: 'unit',
            environment: 'node',
            include: [UNIT],
            exclude: SLOW,
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: wranglerConfigWithoutLocalSecrets() },
              miniflare: {
                // The API reference UI bundle (public/docs/scalar.js, copied from node_modules on install).
                assets: { directory: './public', binding: 'ASSETS', routerConfig: { invoke_user_worker_ahead_of_assets: true } },
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  ADMIN_TOKEN: TEST_ADMIN_TOKEN,
                  ENVIRONMENT: 'test',
                  REPORT_SIGNING_SECRET: 'test-report-signing-secret-0123456789',
                  WEBHOOK_SECRETS_KEY: 'test-webhook-secrets-key-0123456789abcdef',
                  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
                  FUZZ_SEED: process.env.FUZZ_SEED ?? '',
                },
              },
            }),
          ],
          // In workerd a `.bin` import is wrangler's Data rule (pool-workers answers it before Vite); this only
          // lets Vite's import graph (`vitest --changed`) pass through .bin files instead of parsing them as JS.
          assetsInclude: ['**/*.bin'],
          test: {
            name: 'workers',
            setupFiles: ['./test/setup/apply-migrations.ts'],
            include: ['test/**/*.test.ts'],
            exclude: ['test/node/**', UNIT, ...SLOW],
            testTimeout: 30_000,
          },
        },
        {
          // Layers import each other through their entry files, which reach the .bin readers too.
          plugins: [binAsArrayBuffer],
          test: {
            name: 'node',
            environment: 'node',
            include: ['test/node/**/*.test.ts'],
            exclude: [UNIT, ...SLOW],
            testTimeout: 120_000,
          },
        },
      ],
    },
  }
})
