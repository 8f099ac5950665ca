// Issue 24 (black-box review): one text rule for every stored text field (src/lib/text.ts). The same
// characters are refused with the same 400 everywhere, and nothing is stored.
import { describe, it, expect } from 'vitest'
import { ADMIN_TOKEN, call, createKey, expectError } from '../helpers/api'
import { findUnsafeCharacter } from '../../src/lib/text'

const UNSAFE: [string, string, string][] = [
  ['ESC', '\u001b[31m', 'U+001B'],
  ['NUL', '\u0000', 'U+0000'],
  ['C1 CSI', '\u009b', 'U+009B'],
  ['bidi override', '\u202e', 'U+202E'],
  ['bidi isolate', '\u2066', 'U+2066'],
  ['lone surrogate', '\ud800', 'U+D800'],
  ['line separator', '\u2028', 'U+2028'],
  ['paragraph separator', '\u2029', 'U+2029'],
  ['tag character', '\u{E0041}', 'U+E0041'],
  ['zero-width space', '\u200b', 'U+200B'],
  ['byte order mark', '\ufeff', 'U+FEFF'],
]

describe('findUnsafeCharacter', () => {
  it('names the first refused character and its position; keeps French, emoji with ZWJ, and (multi-line) tabs and breaks', () => {
    expect(findUnsafeCharacter('a\u202eevil')).toEqual({ kind: 'bidirectional control', codePoint: 'U+202E', position: 2 })
    for (const [, ch, codePoint] of UNSAFE) expect(findUnsafeCharacter(`Rue ${ch}x`)?.codePoint).toBe(codePoint)
    expect(findUnsafeCharacter('Côte-des-Neiges, Montréal — « ok » 👨‍👩‍👧 Straße')).toBeUndefined()
    expect(findUnsafeCharacter('line 1\nline 2\tx\r\n', { multiline: true })).toBeUndefined()
    expect(findUnsafeCharacter('line 1\nline 2')?.kind).toBe('control character')
  })
})

describe('every stored text field refuses the same characters with a 400 that names them', () => {
  it('reports, projects, saved locations, quotes and admin key names; nothing is stored', async () => {
    const owner = await createKey('pro')
    const project = await call('/api/v1/projects', { key: owner.key, body: { name: 'Stored text' } })
    expect(project.status).toBe(201)
    const at = { lat: 45.5017, lng: -73.5673 }
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
    for (const [label, ch, codePoint] of UNSAFE) {
      const bad = `a${ch}evil`
      const attempts = [
        ['report address', call('/api/v1/reports/score', { key: owner.key, body: { ...at, address: bad } }), 'address'],
        ['project name', call('/api/v1/projects', { key: owner.key, body: { name: bad } }), 'name'],
        ['project description', call('/api/v1/projects', { key: owner.key, body: { name: 'ok', description: bad } }), 'description'],
        [
          'location address',
          call(`/api/v1/projects/${project.json.id}/locations`, { key: owner.key, body: { ...at, address: bad } }),
          'address',
        ],
        ['location notes', call(`/api/v1/projects/${project.json.id}/locations`, { key: owner.key, body: { ...at, notes: bad } }), 'notes'],
        ['quote', call('/api/v1/quotes', { key: owner.key, body: { signType: 'Pylon', requirements: bad } }), 'requirements'],
        ['admin key name', call('/admin/v1/keys', { headers: admin, body: { email: 'text@example.com', name: bad } }), 'name'],
      ] as const
      for (const [where, pending, field] of attempts) {
        const error = expectError(await pending, 400, 'BAD_REQUEST')
        expect(error.message, `${label} in ${where}`).toContain(`${field} must not contain ${codePoint}`)
        expect(error.details?.[0].path).toBe(field)
      }
    }
    expect((await call('/api/v1/reports', { key: owner.key })).json.reports).toEqual([])
    expect((await call(`/api/v1/projects/${project.json.id}`, { key: owner.key })).json.locations).toEqual([])
    expect((await call('/api/v1/quotes', { key: owner.key })).json).toEqual([])
    const keys = await call('/admin/v1/keys?email=text%40example.com', { headers: admin })
    expect(keys.json.keys).toEqual([])
  })

  it('multi-line fields keep tabs and line breaks; single-line fields refuse them', async () => {
    const { key } = await createKey('pro')
    const quote = await call('/api/v1/quotes', { key, body: { signType: 'Pylon', requirements: 'Line 1\nLine 2\tx' } })
    expect(quote.status).toBe(201)
    expect(quote.json.requirements).toBe('Line 1\nLine 2\tx')
    const error = expectError(await call('/api/v1/projects', { key, body: { name: 'a\nb' } }), 400, 'BAD_REQUEST')
    expect(error.message).toContain('name must not contain U+000A (control character, character 2)')
  })
})
