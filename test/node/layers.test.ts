// Routes validate, call one service and shape the response; services own storage and never see Hono's
// request Context. These read the source tree, so a new import across a layer fails here.
import { spawnSync } from 'node:child_process'
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

  it('src/geo holds its three layers and the artefacts, each layer with one entry file', () => {
    const entries = readdirSync('src/geo', { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    expect(entries.sort()).toEqual(['data/', 'geocode/', 'geodata/', 'signals/'])
    for (const layer of ['geocode', 'geodata', 'signals']) expect(readdirSync(join('src/geo', layer))).toContain('index.ts')
  })

  // dependency-cruiser with .dependency-cruiser.cjs: no import cycle anywhere in src/ (type-only
  // imports included) and the arrows of docs/code-map.md, scripts/ and research/ included (src/ imports
  // neither, scripts/ never imports research/). Its report names each offending import.
  it('src/, scripts/ and research/ have no import cycle and every import follows the layer arrows', () => {
    const run = spawnSync(
      process.execPath,
      [
        'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
        ...['src', 'scripts', 'research'],
        ...['--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      ],
      { encoding: 'utf8' },
    )
    expect(run.stdout).toContain('no dependency violations found')
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  })
})
