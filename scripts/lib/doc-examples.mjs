// The HTTP examples of README.md and docs/*.md, as `npm run docs:check` runs them (docs/conventions.md
// "Examples in the docs"): every `curl` command in a ```sh or ```bash block, with what it expects.
//   trailing `# → 201`          the status it must answer (default: any 2xx)
//   trailing `exact: a.b,c`     documented values (in the ```json block that follows) that must match
//   `<!-- docs:skip: why -->`    on the line before a block: not run (say why)
// A ```json block right after a block is the last command's documented response: its keys are the
// response's shape; its values are examples unless listed as exact.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './load-ts.mjs'

export const DOC_FILES = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

/**
 * @typedef {{ file: string, line: number, command: string, status?: number, exact: string[], json?: unknown, jsonError?: string }} Example
 * @typedef {{ file: string, line: number, script: string, skip?: string, examples: Example[] }} Block
 */

/** Shell lines joined at trailing backslashes; each with the line number it starts on. */
function logicalLines(lines, firstLine) {
  const out = []
  for (let i = 0; i < lines.length; i++) {
    const start = i
    let text = lines[i]
    while (/\\$/.test(text) && i + 1 < lines.length) text = `${text.slice(0, -1)} ${lines[++i].trim()}`
    out.push({ text, line: firstLine + start })
  }
  return out
}

/** The documented JSON of a ```json block; a block that is not JSON is reported by staticProblems. */
function parseJson(text) {
  try {
    return { json: JSON.parse(text) }
  } catch (error) {
    return { jsonError: error.message }
  }
}

/** @returns {Block[]} every shell block of one Markdown file that runs curl */
export function blocksOf(file, markdown = readFileSync(join(repoRoot, file), 'utf8')) {
  const lines = markdown.split('\n')
  const blocks = []
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(sh|bash)\s*$/.exec(lines[i])
    if (!fence) continue
    const end = lines.indexOf('```', i + 1)
    const body = lines.slice(i + 1, end)
    const skip = /^<!--\s*docs:skip:?\s*(.*?)\s*-->$/.exec(lines[i - 1] ?? '')?.[1]
    const examples = logicalLines(body, i + 2)
      .filter(({ text }) => /^\s*(\S+=\$\()?curl\s/.test(text))
      .map(({ text, line }) => ({
        file,
        line,
        command: text.replace(/\s+#.*$/, ''),
        status: Number(/#\s*→\s*(\d{3})\b/.exec(text)?.[1]) || undefined,
        exact: /exact:\s*([\w.,[\]]+)/.exec(text)?.[1].split(',') ?? [],
      }))
    let next = end + 1
    while (lines[next] === '') next++
    if (examples.length && lines[next] === '```json') {
      const jsonEnd = lines.indexOf('```', next + 1)
      Object.assign(examples.at(-1), parseJson(lines.slice(next + 1, jsonEnd).join('\n')))
    }
    if (examples.length) blocks.push({ file, line: i + 1, script: body.join('\n'), skip: skip ?? undefined, examples })
    i = end
  }
  return blocks
}

/** Problems any reader would hit, found without a server: a missing content-type, a tool that is not everywhere. */
export function staticProblems(blocks) {
  const problems = []
  for (const block of blocks) {
    if (/\buuidgen\b/.test(block.script))
      problems.push(`${block.file}:${block.line}: uuidgen is missing on many machines (use node -e or openssl rand)`)
    for (const ex of block.examples) {
      const curl = ex.command.split(' | ')[0] // not the commands it pipes into
      const sendsBody = /\s(-d|--data|--data-raw|--data-binary)\s/.test(curl)
      if (sendsBody && !/-H\s+["']content-type:/i.test(curl)) problems.push(`${ex.file}:${ex.line}: sends a body without a content-type`)
      if (ex.jsonError) problems.push(`${ex.file}:${ex.line}: the response shown is not JSON (${ex.jsonError}); elide with "…": "…"`)
      for (const path of ex.exact)
        if (valueAt(ex.json, path) === undefined) problems.push(`${ex.file}:${ex.line}: exact: ${path} is not in the response shown`)
    }
  }
  return problems
}

/** Key paths of the documented JSON that the response lacks ("…" keys are elisions; arrays: their first item). */
export function missingKeys(documented, actual, path = '') {
  if (Array.isArray(documented)) {
    if (!Array.isArray(actual)) return [path || '(root)']
    return documented.length && actual.length ? missingKeys(documented[0], actual[0], `${path}[0]`) : []
  }
  if (documented && typeof documented === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return [path || '(root)']
    return Object.keys(documented)
      .filter((key) => key !== '…')
      .flatMap((key) =>
        key in actual ? missingKeys(documented[key], actual[key], path ? `${path}.${key}` : key) : [path ? `${path}.${key}` : key],
      )
  }
  return []
}

/** The value at a path like `results[0].precision`. */
export const valueAt = (value, path) =>
  path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .reduce((v, key) => (v == null ? undefined : v[key]), value)
