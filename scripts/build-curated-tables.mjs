#!/usr/bin/env node
// npm run build:curated [-- --check]: the hand-curated tables (geodata/curated/*.csv: rapid-transit stations,
// CMA facts, provincial incomes; sources in geodata/curated/README.md) → src/geo/data/*.generated.ts, so
// src/geo/data holds only generated output; and the built-in AI's taxonomy (geodata/curated/ai-*.csv:
// scripts/lib/curated-ai.mjs) → src/services/ai/builtin/tables.generated.ts. Needs no ../shared. Validates
// every row (a bad row stops the build with its line). `--check`: exit 1 when the committed output differs from what the tables give.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { cliArgs } from './lib/cli.mjs'
import { repoRoot } from './lib/load-ts.mjs'
import { LAT, LNG, PROVINCES, header, number, rowsOf } from './lib/curated.mjs'
import { aiTables } from './lib/curated-ai.mjs'

const { values: args } = cliArgs({ check: { type: 'boolean' } }, { usage: 'npm run build:curated [-- --check]' })
const OUT = 'src/geo/data'
const MODES = new Set(['S', 'L', 'B', 'C', 'F'])

function stations() {
  const file = 'rapid-transit-stations.csv'
  const lines = rowsOf(file, ['name', 'lat', 'lng', 'mode', 'system']).map(({ row, line }) => {
    if (!MODES.has(row.mode)) throw new Error(`${file}:${line}: mode ${row.mode} is not one of ${[...MODES].join(' ')}`)
    if (!row.name || !row.system || /[|\n`]/.test(row.name + row.system)) throw new Error(`${file}:${line}: bad name or system`)
    return [row.name, number(file, line, row.lat, LAT), number(file, line, row.lng, LNG), row.mode, row.system].join('|')
  })
  return `${header(file)}
// Row format: name|lat|lng|mode (S subway/métro/SkyTrain, L light rail, B bus rapid transit, C commuter rail hub,
// F passenger ferry terminal)|system. Interchange stations appear once per line on purpose: each line adds service.
export const STATIONS_TEXT = \`${lines.join('\n')}\`
`
}

function cmas() {
  const file = 'cma-facts.csv'
  const cols = ['name', 'province', 'lat', 'lng', 'radius_km', 'population', 'median_household_income']
  const facts = rowsOf(file, cols).map(({ row, line }) => {
    if (!PROVINCES.has(row.province)) throw new Error(`${file}:${line}: province ${row.province}`)
    const fact = {
      name: row.name,
      province: row.province,
      lat: number(file, line, row.lat, LAT),
      lng: number(file, line, row.lng, LNG),
      radiusKm: number(file, line, row.radius_km, [1, 100]),
      population: number(file, line, row.population, [10_000, 10_000_000]),
      medianHouseholdIncome: number(file, line, row.median_household_income, [20_000, 250_000]),
    }
    return `  ${JSON.stringify(fact)},`
  })
  const provFile = 'province-incomes.csv'
  const provinces = rowsOf(provFile, ['province', 'median_household_income']).map(({ row, line }) => {
    if (!PROVINCES.has(row.province)) throw new Error(`${provFile}:${line}: province ${row.province}`)
    return `  ${row.province}: ${number(provFile, line, row.median_household_income, [20_000, 250_000])},`
  })
  if (provinces.length !== PROVINCES.size) throw new Error(`${provFile}: ${provinces.length} provinces and territories, not 13`)
  return `${header(`${file}, ${provFile}`)}
export interface CmaFact {
  name: string
  province: string
  /** The CMA's downtown (central business district). */
  lat: number
  lng: number
  /** Approximate radius of the CMA's built-up area. */
  radiusKm: number
  /** 2021 CMA population (rounded). */
  population: number
  /** Statistics Canada, 2021 Census, median total income of household in 2020 ($). */
  medianHouseholdIncome: number
}

export const CMAS: readonly CmaFact[] = [
${facts.join('\n')}
]

/** Same source, provincial/territorial medians; used outside every CMA. */
export const PROVINCE_MEDIAN_HOUSEHOLD_INCOME: Readonly<Record<string, number>> = {
${provinces.join('\n')}
}

export const INCOME_VINTAGE = '2021 Census (2020 incomes)'
`
}

const outputs = {
  [`${OUT}/stations.generated.ts`]: stations(),
  [`${OUT}/cmas.generated.ts`]: cmas(),
  'src/services/ai/builtin/tables.generated.ts': aiTables(),
}
let stale = 0
for (const [path, text] of Object.entries(outputs)) {
  if (!args.check) writeFileSync(path, text)
  else {
    let current = ''
    try {
      current = readFileSync(path, 'utf8')
    } catch {}
    if (current !== text) {
      stale++
      console.error(`✖ ${path} differs from geodata/curated: run npm run build:curated`)
    }
  }
}
if (stale) process.exit(1)
console.log(`✔ ${Object.keys(outputs).join(', ')} ${args.check ? 'match' : 'written from'} geodata/curated`)
// The stations' point index follows the stations (scripts/build-point-indexes.mjs), in this repository only:
// a copy of the tables elsewhere (test/node/curated-tables.test.ts) has no worker to index with.
if (!args.check && resolve(process.cwd()) === repoRoot) {
  const step = spawnSync(process.execPath, [join(repoRoot, 'scripts/build-point-indexes.mjs')], { stdio: 'inherit' })
  if (step.status !== 0) process.exit(step.status ?? 1)
}
