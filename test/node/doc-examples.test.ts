// The docs' curl examples follow the conventions `npm run docs:check` relies on (docs/conventions.md
// "Examples in the docs"); checked here without a server, so `npm test` catches a new example that
// needs uuidgen, sends a body without its content-type or shows a response that is not JSON.
import { describe, expect, it } from 'vitest'
import { blocksOf, DOC_FILES, missingKeys, staticProblems, valueAt } from '../../scripts/lib/doc-examples.mjs'

describe('curl examples in README.md and docs/', () => {
  const blocks = DOC_FILES.flatMap((file) => blocksOf(file))

  it('are found, and every one is runnable as written (no uuidgen, a content-type with every body, JSON responses)', () => {
    expect(blocks.flatMap((b) => b.examples).length).toBeGreaterThan(40)
    expect(staticProblems(blocks)).toEqual([])
  })

  it('a skipped block says why', () => {
    for (const block of blocks.filter((b) => b.skip !== undefined)) expect(block.skip, `${block.file}:${block.line}`).toMatch(/\w{3,}/)
  })

  it('reads status and exact markers, and the response shown after a block', () => {
    const [block] = blocksOf(
      'x.md',
      [
        '```sh',
        'curl -s $API/score -H "x-api-key: $KEY" \\',
        `  -d '{"lat":45}'   # → 400 exact: error.code`,
        '```',
        '',
        '```json',
        '{"error":{"code":"BAD_REQUEST","details":[{"path":"lng"}]}}',
        '```',
      ].join('\n'),
    )
    expect(block.examples).toMatchObject([{ line: 2, status: 400, exact: ['error.code'], json: { error: { code: 'BAD_REQUEST' } } }])
    expect(staticProblems([block])).toEqual(['x.md:2: sends a body without a content-type'])
  })

  it('compare shapes by keys ("…" elides), and read values by path', () => {
    const shown = { a: 1, b: { c: 'x', '…': '…' }, list: [{ id: 'i' }] }
    expect(missingKeys(shown, { a: 2, b: { c: 'y', d: 0 }, list: [{ id: 'j', more: 1 }] })).toEqual([])
    expect(missingKeys(shown, { a: 2, b: {}, list: [{}] })).toEqual(['b.c', 'list[0].id'])
    expect(missingKeys(shown, [])).toEqual(['(root)'])
    expect(valueAt({ results: [{ precision: 'address' }] }, 'results[0].precision')).toBe('address')
  })
})
