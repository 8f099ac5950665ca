import { defineConfig } from 'vitest/config'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers'

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789'

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations')
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
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
      setupFiles: ['./test/setup/apply-migrations.ts'],
      include: ['test/**/*.test.ts'],
      testTimeout: 30_000,
    },
  }
})
