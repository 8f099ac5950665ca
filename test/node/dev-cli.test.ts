import { describe, it, expect } from 'vitest'
import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { readFileSync } from 'node:fs'

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
