import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, admin, createKey, expectError } from '../helpers/api'
import { KEY_CACHE_PREFIX } from '../../src/auth/key-cache'
import { VERIFIED_KEY_TTL_MS } from '../../src/auth/key-cache'

describe('auth: happy paths', () => {
  it('accepts the key in x-api-key and in Authorization: Bearer', async () => {
    const { key, email } = await createKey('pro')
    const viaHeader = await call('/api/v1/me', { key })
    expect(viaHeader.status).toBe(200)
    expect(viaHeader.json.user.email).toBe(email)
    expect(viaHeader.json.user.plan).toBe('pro')
    const viaBearer = await call('/api/v1/me', { headers: { authorization: `Bearer ${key}` } })
    expect(viaBearer.status).toBe(200)
    expect(viaBearer.json.key.prefix).toBe(key.slice(0, 12))
  })

  it('GET /me reports limits and this month’s usage, counting each request', async () => {
    const { key } = await createKey('scale')
    const first = await call('/api/v1/me', { key })
    const second = await call('/api/v1/me', { key })
    expect(first.json.limits).toEqual({ requestsPerMinute: 1000, monthlyQuota: 500000, reports: true, prospects: false, siteFinder: true })
    expect(second.json.usage.requests).toBe(first.json.usage.requests + 1)
    expect(second.json.usage.remaining).toBe(500000 - second.json.usage.requests)
    expect(second.json.usage.month).toBe(new Date().toISOString().slice(0, 7))
  })
})

describe('auth: errors', () => {
  it('rejects a missing key with 401 in the envelope', async () => {
    const res = await call('/api/v1/me')
    const error = expectError(res, 401, 'UNAUTHORIZED')
    expect(error.message).toMatch(/Missing API key/)
    expect(res.headers.get('x-request-id')).toBe(error.requestId)
  })

  it.each([
    ['not an sk_ key', 'pk_live_abc'],
    ['wrong mode', 'sk_prod_0123456789abcdefghijABCDEFGHIJKL012345'],
    ['too short', 'sk_live_abc'],
  ])('rejects a malformed key (%s) with 401', async (_, key) => {
    expectError(await call('/api/v1/me', { key }), 401, 'UNAUTHORIZED')
  })

  it('rejects a key whose checksum does not match (one character changed)', async () => {
    const { key } = await createKey()
    const tampered = key.slice(0, 20) + (key[20] === 'a' ? 'b' : 'a') + key.slice(21)
    expectError(await call('/api/v1/me', { key: tampered }), 401, 'UNAUTHORIZED')
  })

  it('rejects a well-formed key that was never issued', async () => {
    const { key } = await createKey()
    // Build a different well-formed key by issuing one, then revoking it via D1 deletion of its user.
    const other = await createKey()
    await env.DB.prepare('DELETE FROM users WHERE email = ?').bind(other.email).run()
    await env.KEYS.delete(KEY_CACHE_PREFIX + (await sha(other.key)))
    expectError(await call('/api/v1/me', { key: other.key }), 401, 'UNAUTHORIZED')
    expect((await call('/api/v1/me', { key })).status).toBe(200)
  })

  it('rejects a revoked key immediately, even after it was cached', async () => {
    const { key, keyId } = await createKey()
    expect((await call('/api/v1/me', { key })).status).toBe(200)
    const revoked = await admin(`/keys/${keyId}/revoke`, { method: 'POST' })
    expect(revoked.status).toBe(200)
    expect(revoked.json.revokedAt).toBeTruthy()
    expectError(await call('/api/v1/me', { key }), 401, 'UNAUTHORIZED')
  })

  it('refuses a key revoked elsewhere (another isolate: D1 and KV changed, this isolate not told) within a second', async () => {
    const { key, keyId } = await createKey()
    expect((await call('/api/v1/me', { key })).status).toBe(200)
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), keyId).run()
    await env.KEYS.delete(KEY_CACHE_PREFIX + (await sha(key)))
    expect(VERIFIED_KEY_TTL_MS).toBeLessThanOrEqual(1_000)
    await new Promise((resolve) => setTimeout(resolve, VERIFIED_KEY_TTL_MS + 50))
    expectError(await call('/api/v1/me', { key }), 401, 'UNAUTHORIZED')
  })

  it('a plan change takes effect on the next request', async () => {
    const { key, email } = await createKey('free')
    expect((await call('/api/v1/me', { key })).json.user.plan).toBe('free')
    expect((await admin(`/users/${email}`, { method: 'PATCH', body: { plan: 'enterprise' } })).status).toBe(200)
    const after = await call('/api/v1/me', { key })
    expect(after.json.user.plan).toBe('enterprise')
    expect(after.headers.get('x-ratelimit-limit')).toBe('3000')
  })
})

describe('auth: security', () => {
  it('stores no raw key in D1 or KV', async () => {
    const { key } = await createKey('pro')
    await call('/api/v1/me', { key })
    const tables = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT " +
        "LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
    ).all<{ name: string }>()
    let dump = ''
    for (const { name } of tables.results) dump += JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)
    const kv = await env.KEYS.list()
    for (const k of kv.keys) dump += k.name + (await env.KEYS.get(k.name))
    expect(dump.length).toBeGreaterThan(0)
    expect(dump).toContain(await sha(key))
    expect(dump).not.toContain(key)
    expect(dump).not.toContain(key.slice(12))
  })

  it('admin endpoints need the admin token', async () => {
    expectError(await call('/admin/v1/keys'), 401, 'UNAUTHORIZED')
    expectError(await call('/admin/v1/keys', { headers: { authorization: 'Bearer wrong' } }), 401, 'UNAUTHORIZED')
    const { key } = await createKey('enterprise')
    expectError(await call('/admin/v1/keys', { headers: { authorization: `Bearer ${key}` } }), 401, 'UNAUTHORIZED')
  })

  it('admin key listing never shows keys or hashes', async () => {
    const { key, email } = await createKey()
    const res = await admin(`/keys?email=${encodeURIComponent(email)}`)
    expect(res.status).toBe(200)
    expect(res.json.keys).toHaveLength(1)
    expect(res.text).not.toContain(key)
    expect(res.text).not.toContain(await sha(key))
  })
})

async function sha(text: string) {
  const d = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
