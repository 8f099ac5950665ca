// Routes validate, call one service and shape the response; services own storage and never see Hono's
// request Context. These read the source tree, so a new import across a layer fails here.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : []
  })
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1])

describe('layers', () => {
  it('no route imports drizzle or the DB schema and client', () => {
    const offenders = sources('src/routes').flatMap((file) =>
      importsOf(file)
        .filter((m) => m.startsWith('drizzle-orm') || /(^|\/)db(\/|$)/.test(m))
        .map((m) => `${file}: ${m}`),
    )
    expect(offenders).toEqual([])
  })

  it('no service imports Hono (request handling stays in routes and middleware)', () => {
    const offenders = sources('src/services').flatMap((file) =>
      importsOf(file)
        .filter((m) => m === 'hono' || m.startsWith('hono/'))
        .map((m) => `${file}: ${m}`),
    )
    expect(offenders).toEqual([])
  })
})
