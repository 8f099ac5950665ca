// The hand-curated tables (geodata/curated/*.csv) and their compiled form in src/geo/data agree, and a bad
// row stops the build with its line (scripts/build-curated-tables.mjs).
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const SCRIPT = join(process.cwd(), 'scripts/build-curated-tables.mjs')
const run = (cwd: string, ...args: string[]) => {
  try {
    return { code: 0, out: execFileSync('node', [SCRIPT, ...args], { cwd, encoding: 'utf8', stdio: 'pipe' }) }
  } catch (e) {
    const err = e as { status: number; stderr: string; stdout: string }
    return { code: err.status, out: `${err.stdout}${err.stderr}` }
  }
}
const OUTPUTS = ['src/geo/data/stations.generated.ts', 'src/geo/data/cmas.generated.ts', 'src/services/ai/builtin/tables.generated.ts']
/** A copy of the tables and the committed output (the script and its libraries stay in the repository). */
function copy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'curated-'))
  cpSync('geodata/curated', join(dir, 'geodata/curated'), { recursive: true })
  for (const f of OUTPUTS) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    cpSync(f, join(dir, f))
  }
  return dir
}
const edit = (dir: string, table: string, from: string, to: string) => {
  const file = join(dir, 'geodata/curated', table)
  const text = readFileSync(file, 'utf8')
  expect(text).toContain(from)
  writeFileSync(file, text.replace(from, to))
}

describe('npm run build:curated', () => {
  it('the committed output is what the tables give', () => {
    expect(run(process.cwd(), '--check')).toMatchObject({ code: 0 })
  })

  it('an edited table makes --check fail until rebuilt', () => {
    const dir = copy()
    const file = join(dir, 'geodata/curated/cma-facts.csv')
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('Toronto,ON,43.6487,-79.3817,45,6202000,97000', 'Toronto,ON,43.6487,-79.3817,45,6202000,98000'),
    )
    expect(run(dir, '--check').code).toBe(1)
    expect(run(dir).code).toBe(0)
    expect(readFileSync(join(dir, 'src/geo/data/cmas.generated.ts'), 'utf8')).toContain('"medianHouseholdIncome":98000')
    expect(run(dir, '--check').code).toBe(0)
  })

  it('a bad row stops the build with its file and line', () => {
    const dir = copy()
    const file = join(dir, 'geodata/curated/rapid-transit-stations.csv')
    writeFileSync(file, readFileSync(file, 'utf8').replace('Finch,43.7804,-79.4153,S,TTC 1', 'Finch,43.7804,-79.4153,X,TTC 1'))
    const res = run(dir)
    expect(res.code).not.toBe(0)
    expect(res.out).toMatch(/rapid-transit-stations\.csv:2: mode X/)
  })

  it('an edited AI taxonomy table makes --check fail until rebuilt, and the new word is in the compiled table', () => {
    const dir = copy()
    edit(dir, 'ai-business-types.csv', 'bakery|bakeries|patisserie', 'bakery|bakeries|bagel shop|patisserie')
    expect(run(dir, '--check').code).toBe(1)
    expect(run(dir).code).toBe(0)
    expect(readFileSync(join(dir, 'src/services/ai/builtin/tables.generated.ts'), 'utf8')).toContain('"bakeries","bagel shop"')
    expect(run(dir, '--check').code).toBe(0)
  })

  it.each([
    ['ai-business-types.csv', ',boulangerie,walkInFood,', ',boulangerie,walkInFod,', /ai-business-types\.csv:3: profile walkInFod/],
    ['ai-business-types.csv', 'bakery|bakeries', 'Bakery|bakeries', /ai-business-types\.csv:3: "Bakery" is not folded/],
    ['ai-profiles.csv', '0.1,0.05,0.2,0.1,0.2,0.25,0.1', '0.1,0.05,0.2,0.1,0.2,0.3,0.1', /ai-profiles\.csv:2: weights sum to 1\.05/],
    ['ai-cue-words.csv', 'compare,versus', 'compar,versus', /ai-cue-words\.csv:\d+: cue compar/],
    ['ai-landmarks.csv', 'Montréal,QC,45.5362', 'Montréal,QB,45.5362', /ai-landmarks\.csv:2: province QB/],
  ])('a bad AI table row stops the build with its file and line (%s)', (table, from, to, message) => {
    const dir = copy()
    edit(dir, table, from, to)
    const res = run(dir)
    expect(res.code).not.toBe(0)
    expect(res.out).toMatch(message)
  })
})
