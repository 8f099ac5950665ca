import { describe, it, expect } from 'vitest'
import { createApp } from '../../src/app'
import { admin, call, createKey, expectError } from '../helpers/api'

describe('error envelope', () => {
  it('malformed JSON → 400', async () => {
    const res = await admin('/keys', { rawBody: '{"email": "a@b.c",', contentType: 'application/json' })
    expect(expectError(res, 400, 'BAD_REQUEST').message).toMatch(/JSON/i)
  })

  it('wrong content type → 415', async () => {
    const res = await admin('/keys', { rawBody: 'email=a@b.c', contentType: 'application/x-www-form-urlencoded' })
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it('a body declared in another charset than UTF-8 → 415 (JSON and CSV); charset=utf-8 in any spelling passes', async () => {
    const { key } = await createKey('pro')
    const body = JSON.stringify({ lat: 45.5017, lng: -73.5673 })
    for (const contentType of [
      'application/json; charset=utf-16',
      'application/json;charset="UTF-16LE"',
      'application/json; charset=latin1',
    ]) {
      const error = expectError(await call('/api/v1/score', { key, rawBody: body, contentType }), 415, 'UNSUPPORTED_MEDIA_TYPE')
      expect(error.message).toMatch(/must be UTF-8/)
    }
    const csv = await call('/api/v1/score/batch', { key, rawBody: 'lat,lng\n45.5,-73.57\n', contentType: 'text/csv; charset=utf-16' })
    expectError(csv, 415, 'UNSUPPORTED_MEDIA_TYPE')
    for (const contentType of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;charset=utf8']) {
      expect((await call('/api/v1/score', { key, rawBody: body, contentType })).status).toBe(200)
    }
  })

  it('100 KiB body → 413', async () => {
    const res = await admin('/keys', { body: { email: 'big@example.com', name: 'x'.repeat(100 * 1024) } })
    expectError(res, 413, 'PAYLOAD_TOO_LARGE')
    const { key } = await createKey()
    expectError(await call('/api/v1/me', { key, method: 'POST', body: { pad: 'x'.repeat(100 * 1024) } }), 413, 'PAYLOAD_TOO_LARGE')
  })

  it('validation errors carry details with paths', async () => {
    const res = await admin('/keys', { body: { email: 'not-an-email', plan: 'gold' } })
    const error = expectError(res, 400, 'BAD_REQUEST')
    expect(error.details?.map((d) => d.path).sort()).toEqual(['email', 'plan'])
  })

  it('unknown route → 404 envelope (with a key) and 401 without one', async () => {
    const { key } = await createKey()
    expect(expectError(await call('/api/v1/does-not-exist', { key }), 404, 'NOT_FOUND').message).toMatch(/does-not-exist/)
    expectError(await call('/nowhere'), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/does-not-exist'), 401, 'UNAUTHORIZED')
  })

  it('unknown method on a known path → 405 with Allow', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/me', { key, method: 'DELETE' })
    expectError(res, 405, 'METHOD_NOT_ALLOWED')
    expect(res.headers.get('allow')).toContain('GET')
  })

  it('a thrown error → 500 INTERNAL with requestId and no internals', async () => {
    const app = createApp()
    app.get('/api/v1/boom', () => {
      throw new Error('database password is hunter2')
    })
    const { key } = await createKey()
    const res = await call('/api/v1/boom', { key, app })
    const body = res.json
    expect(res.status).toBe(500)
    expect(body.error.code).toBe('INTERNAL')
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'))
    const text = JSON.stringify(body)
    expect(text).not.toContain('hunter2')
    expect(text).not.toMatch(/at .*\.ts/)
  })
})

describe('public surface', () => {
  it('GET /healthz needs no key', async () => {
    const res = await call('/healthz')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ ok: true })
  })

  it('CORS preflight succeeds and exposes the limit headers', async () => {
    const res = await call('/api/v1/me', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const { key } = await createKey()
    const get = await call('/api/v1/me', { key, headers: { origin: 'https://app.example' } })
    expect(get.headers.get('access-control-expose-headers')).toContain('X-RateLimit-Remaining')
  })

  it('sets security headers', async () => {
    const res = await call('/healthz')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toBeTruthy()
  })

  it('serves an OpenAPI 3.1 document listing every route, and the docs page', async () => {
    const res = await call('/api/v1/openapi.json')
    expect(res.status).toBe(200)
    expect(res.json.openapi).toBe('3.1.0')
    expect(res.json.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' })
    const documented = new Set<string>()
    for (const [path, ops] of Object.entries<Record<string, unknown>>(res.json.paths))
      for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${path}`)
    const app = createApp()
    // POST /mcp is JSON-RPC on one path: its tools describe themselves in tools/list (docs/mcp.md).
    const hidden = new Set(['GET /api/v1/openapi.json', 'GET /docs', 'GET /docs/scalar.js', 'POST /mcp'])
    for (const r of app.routes) {
      if (r.method === 'ALL' || hidden.has(`${r.method} ${r.path}`)) continue
      expect(documented).toContain(`${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`)
    }
    const docs = await call('/docs')
    expect(docs.status).toBe(200)
    expect(docs.text).toContain('openapi.json')
  })
})
