// Issue 13, "First run and docs": the README and docs/ explain the repository without anything beside
// it. Links resolve to files inside the repository, and the decisions the code cites live in
// docs/decisions.md (no "DESIGN §n" pointing at a document outside the repository).
import { describe, it, expect } from 'vitest'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const repo = resolve('.')
const docs = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

function filesUnder(dir: string, exts: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesUnder(path, exts)
    return exts.test(name) ? [path] : []
  })
}
const sources = ['src', 'scripts', 'test', 'bench'].filter(existsSync).flatMap((dir) => filesUnder(dir, /\.(ts|mjs|js)$/))

/** Markdown link targets: [text](target) and <a href="target">, without the #fragment. */
function linkTargets(markdown: string): string[] {
  const inline = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1])
  const anchors = [...markdown.matchAll(/href="([^"]+)"/g)].map((m) => m[1])
  return [...inline, ...anchors].map((t) => t.split('#')[0]).filter((t) => t && !/^[a-z]+:/i.test(t))
}

describe('README and docs/ are self-contained', () => {
  it('every relative link points at a file inside the repository that exists', () => {
    const broken: string[] = []
    let checked = 0
    for (const doc of docs) {
      for (const target of linkTargets(readFileSync(doc, 'utf8'))) {
        checked++
        const path = resolve(dirname(doc), target)
        if (relative(repo, path).startsWith('..') || !existsSync(path)) broken.push(`${doc} → ${target}`)
      }
    }
    expect(broken).toEqual([])
    expect(checked).toBeGreaterThan(10)
  })

  it('no document or source cites DESIGN.md or "DESIGN §n"; cited decisions.md sections exist', () => {
    const sections = new Set([...readFileSync('docs/decisions.md', 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]))
    const outside: string[] = []
    const missing: string[] = []
    for (const file of [...docs, ...sources]) {
      if (file === relative(repo, __filename) || file === __filename) continue
      const text = readFileSync(file, 'utf8')
      if (/DESIGN(\.md| §)/.test(text)) outside.push(file)
      for (const m of text.matchAll(/decisions\.md §(\d+)/g)) if (!sections.has(m[1])) missing.push(`${file}: §${m[1]}`)
    }
    expect(outside).toEqual([])
    expect(missing).toEqual([])
  })

  it('the README says how to run the dev server on another port, and the dev script reads PORT', () => {
    expect(readFileSync('README.md', 'utf8')).toMatch(/^PORT=\d+ npm run dev/m)
    expect(readFileSync('scripts/dev.mjs', 'utf8')).toMatch(/process\.env\.PORT/)
  })
})
