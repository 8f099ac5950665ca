import { defineConfig } from 'vitest/config'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789'

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
              wrangler: { configPath: './wrangler.toml' },
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
