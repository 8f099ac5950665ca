import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
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
  const toml = readFileSync('wrangler.toml', 'utf8').replace(
    /^main = "(.+)"$/m,
    (_, main: string) => `main = ${JSON.stringify(resolve(main))}`,
  )
  const path = join(dir, 'wrangler.toml')
  writeFileSync(path, toml)
  return path
}

// Two projects: `workers` runs the API inside workerd (real D1, KV, R2, Durable Objects);
// `node` runs the data-pipeline tests (build scripts, importers, validation) that read files on disk,
// e.g. ../shared/data, which the workerd sandbox cannot see.
export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations')
  return {
    test: {
      projects: [
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
                  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '',
                },
              },
            }),
          ],
          test: {
            name: 'workers',
            setupFiles: ['./test/setup/apply-migrations.ts'],
            include: ['test/**/*.test.ts'],
            exclude: ['test/node/**'],
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: 'node',
            environment: 'node',
            include: ['test/node/**/*.test.ts'],
            testTimeout: 120_000,
          },
        },
      ],
    },
  }
})
