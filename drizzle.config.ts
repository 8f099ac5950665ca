import { defineConfig } from 'drizzle-kit'

// Migrations are generated into migrations/, the directory wrangler applies (`wrangler d1 migrations apply`).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema/index.ts',
  out: './migrations',
})
