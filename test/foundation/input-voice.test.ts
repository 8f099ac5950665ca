import { describe, it, expect } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'

describe('text shown to others rejects control and bidi-override characters', () => {
  const unsafe = ['Shop\u0000Name', 'Ev\u001bil', 'abc\u202Egnp.exe', 'x\u2066y\u2069', 'del\u007f']

  it('project name and description, location notes', async () => {
    const { key } = await createKey()
    for (const value of unsafe) {
      const named = expectError(await call('/api/v1/projects', { key, body: { name: value } }), 400, 'BAD_REQUEST')
      expect(named.message).toMatch(/name must not contain U\+[0-9A-F]{4} \((control character|bidirectional control)/)
      const described = expectError(await call('/api/v1/projects', { key, body: { name: 'Ok', description: value } }), 400, 'BAD_REQUEST')
      expect(described.details?.[0].path).toBe('description')
    }
    const project = await call('/api/v1/projects', { key, body: { name: 'Shops', description: 'Line one\nLine two\twith a tab' } })
    expect(project.status).toBe(201)
    const notes = await call(`/api/v1/projects/${project.json.id}/locations`, { key, body: { lat: 43.65, lng: -79.38, notes: 'a\u202Eb' } })
    expect(expectError(notes, 400, 'BAD_REQUEST').details?.[0].path).toBe('notes')
    const projects = await call('/api/v1/projects', { key })
    expect(projects.json).toHaveLength(1)
  })

  it('quote text', async () => {
    const { key } = await createKey()
    for (const value of unsafe) {
      const res = await call('/api/v1/quotes', { key, body: { signType: 'Pylon', requirements: value } })
      expect(expectError(res, 400, 'BAD_REQUEST').message).toMatch(/requirements must not contain/)
    }
    expect((await call('/api/v1/quotes', { key })).json).toHaveLength(0)
  })
})

describe('error messages in one voice', () => {
  it('a missing field says "X is required"', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/quotes', { key, body: { signType: 'Pylon' } })
    const error = expectError(res, 400, 'BAD_REQUEST')
    expect(error.message).toBe('requirements is required')
    expect(error.details).toEqual([{ path: 'requirements', message: 'requirements is required' }])
  })

  it('a wrong type says "X must be a number"', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/score', { key, body: { lat: '43.6', lng: -79.4 } })
    expect(expectError(res, 400, 'BAD_REQUEST').message).toMatch(/^lat must be a number/)
  })

  it('no raw validator text anywhere in validation errors', async () => {
    const { key } = await createKey()
    const bodies: Array<[string, unknown]> = [
      ['/api/v1/quotes', {}],
      ['/api/v1/quotes', { signType: 5, requirements: true }],
      ['/api/v1/score', { lat: 'x' }],
      ['/api/v1/cart', { productVariantId: 'nope', quantity: 0 }],
      ['/api/v1/projects', { name: '' }],
    ]
    for (const [path, body] of bodies) {
      const error = expectError(await call(path, { key, body }), 400, 'BAD_REQUEST')
      for (const text of [error.message, ...(error.details ?? []).map((d) => d.message)]) {
        expect(text, path).not.toMatch(/Invalid input|expected \w+, received|Too small|Too big/)
      }
    }
  })

  it('`Authorization: sk_…` without Bearer says how to send it', async () => {
    const res = await call('/api/v1/me', { headers: { authorization: 'sk_test_abc123' } })
    expect(expectError(res, 401, 'UNAUTHORIZED').message).toMatch(/Authorization: Bearer sk_/)
    expect(res.json.error.message).toMatch(/missing the Bearer/)
  })
})

describe('bodyless POSTs reject malformed JSON like every other route', () => {
  it('POST /notifications/read-all with a malformed body → 400; without a body → 200', async () => {
    const { key } = await createKey()
    const bad = await call('/api/v1/notifications/read-all', {
      key,
      method: 'POST',
      rawBody: '{"all": tru',
      contentType: 'application/json',
    })
    expect(expectError(bad, 400, 'BAD_REQUEST').message).toMatch(/JSON/)
    expect((await call('/api/v1/notifications/read-all', { key, method: 'POST' })).status).toBe(200)
  })
})
