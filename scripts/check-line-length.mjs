// Fails when a source line is longer than the limit. The formatter wraps code at this width but not
// comments, strings or regular expressions, so this covers what it leaves. Generated files are exempt.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const LIMIT = 140
const ROOTS = ['src', 'test', 'bench', 'scripts', 'research']
const SOURCE = /\.(?:ts|mjs|js)$/
const EXEMPT = /\.generated\.ts$/

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (SOURCE.test(entry.name) && !EXEMPT.test(entry.name)) yield path
  }
}

const offenders = []
for (const root of ROOTS) {
  for (const file of sourceFiles(root)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if ([...line].length > LIMIT) offenders.push(`${file}:${index + 1} (${[...line].length} characters)`)
      })
  }
}
if (offenders.length > 0) {
  console.error(`${offenders.length} line(s) over ${LIMIT} characters:\n${offenders.join('\n')}`)
  process.exit(1)
}
console.log(`line length: every line of ${ROOTS.join(', ')} is at most ${LIMIT} characters`)
