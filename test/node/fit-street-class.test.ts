// `npm run fit:street-class` measures the road class inferred from a street's address points against the
// store's street networks on held-out streets (docs/methodology.md §2.3). It reads only committed artefacts.
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

describe('fit:street-class', () => {
  it('reports exact, within-one and Spearman agreement on held-out streets for the name-only baseline and the inference', () => {
    const run = spawnSync(process.execPath, [join(repoRoot, 'research/fit-street-class.mjs')], { encoding: 'utf8' })
    expect(run.status, run.stderr).toBe(0)
    const heldOut = run.stdout.split('\nheld out\n')[1]?.split('\nheld out, ')[0] ?? ''
    const line = (label: string) => heldOut.split('\n').find((l) => l.trim().startsWith(label)) ?? ''
    for (const label of ['name and type only (baseline)', '+ extent, highest number '])
      expect(line(label)).toMatch(/exact \d+\.\d % +within one \d+\.\d % +ρ -?\d\.\d{3}/)
    const [, held] =
      run.stdout
        .match(/train (\d+), held out (\d+)/)
        ?.slice(1)
        .map(Number) ?? []
    expect(held).toBeGreaterThan(100)
  }, 60_000)
})
