import { describe, it, expect } from 'vitest'
import { call, createKey, ADMIN_TOKEN } from '../helpers/api'

/** Counting tests must not straddle a minute boundary. */
async function awayFromWindowEdge() {
  const intoMinute = Date.now() % 60_000
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute))
}

const expectLimitHeaders = (res: { status: number; headers: Headers }) => {
  expect(res.headers.get('x-ratelimit-remaining'), `status ${res.status}`).toMatch(/^\d+$/)
  const reset = Number(res.headers.get('x-ratelimit-reset'))
  expect(reset % 60).toBe(0)
  expect(reset).toBeGreaterThan(Date.now() / 1000 - 1)
}

describe('X-RateLimit-Remaining and X-RateLimit-Reset on every response', () => {
  it('413 payload too large', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/score', {
      key,
      rawBody: JSON.stringify({ address: 'x'.repeat(70_000) }),
      contentType: 'application/json',
    })
    expect(res.status).toBe(413)
    expectLimitHeaders(res)
  })

  it('415 unsupported media type', async () => {
    const { key } = await createKey()
    const res = await call('/api/v1/quotes', { key, rawBody: 'signType=Pylon', contentType: 'text/plain' })
    expect(res.status).toBe(415)
    expectLimitHeaders(res)
  })

  it('404 on a path outside /api', async () => {
    const res = await call('/wp-login.php')
    expect(res.status).toBe(404)
    expectLimitHeaders(res)
  })

  it('CORS preflight: headers present, and the preflight itself is not counted', async () => {
    const headers = { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'cf-connecting-ip': '198.51.100.31' }
    const first = await call('/api/v1/score', { method: 'OPTIONS', headers, contract: false })
    const second = await call('/api/v1/score', { method: 'OPTIONS', headers, contract: false })
    expect(first.status).toBe(204)
    expect(first.headers.get('access-control-allow-origin')).toBe('*')
    expectLimitHeaders(first)
    expect(second.headers.get('x-ratelimit-remaining')).toBe(first.headers.get('x-ratelimit-remaining'))
  })

  it('the admin API carries the headers', async () => {
    const res = await call('/admin/v1/keys', {
      body: { email: `hdr-${Date.now()}@example.com`, plan: 'free' },
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    expect(res.status).toBe(201)
    expectLimitHeaders(res)
  })

  it('the admin API is throttled per client IP like other unauthenticated traffic', async () => {
    const headers = { authorization: 'Bearer wrong-token', 'cf-connecting-ip': '198.51.100.32' }
    await awayFromWindowEdge()
    const responses = await Promise.all(Array.from({ length: 62 }, () => call('/admin/v1/orders', { headers })))
    expect(responses.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(59)
    const limited = responses.filter((r) => r.status === 429)
    expect(limited.length).toBeGreaterThanOrEqual(2)
    expect(limited[0].json.error.code).toBe('RATE_LIMITED')
    expect(Number(limited[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })

  it('a 429 is readable by browsers (CORS headers present)', async () => {
    const headers = { origin: 'https://app.example.com', 'cf-connecting-ip': '198.51.100.33' }
    await awayFromWindowEdge()
    const responses = await Promise.all(Array.from({ length: 62 }, () => call('/api/v1/me', { headers })))
    const limited = responses.find((r) => r.status === 429)!
    expect(limited.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('request ids', () => {
  it('are always our own, even when the client sends one; a well-formed client id is echoed separately', async () => {
    const res = await call('/api/v1/me', { headers: { 'x-request-id': 'client-trace-42' } })
    expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/)
    expect(res.json.error.requestId).toBe(res.headers.get('x-request-id'))
    expect(res.headers.get('x-client-request-id')).toBe('client-trace-42')
  })

  it('a malformed or oversized client id is not echoed', async () => {
    for (const sent of ['a'.repeat(300), 'bad id<script>']) {
      const res = await call('/api/v1/me', { headers: { 'x-request-id': sent } })
      expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/)
      expect(res.headers.get('x-client-request-id')).toBeNull()
    }
  })
})

describe('404 and 405 messages stay short whatever the path', () => {
  it('a 3,000-character path gives a bounded message', async () => {
    const { key } = await createKey()
    const long = `/api/v1/${'a'.repeat(3000)}`
    const notFound = await call(long, { key })
    expect(notFound.status).toBe(404)
    expect(notFound.json.error.message.length).toBeLessThanOrEqual(300)
    const notAllowed = await call(`/api/v1/projects/${'b'.repeat(3000)}`, { key, method: 'PUT', body: {} })
    expect(notAllowed.status).toBe(405)
    expect(notAllowed.json.error.message.length).toBeLessThanOrEqual(300)
  })
})
