import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, createKey, expectError } from '../helpers/api'
import { canonicalJson, requestFingerprint } from '../../src/middleware/idempotency'
import { CHANNEL_12IN, YARD_SIGN_SINGLE } from './fixtures'

const quote = (key: string, idem: string, body: unknown = { signType: 'Pylon', requirements: '20 ft' }) =>
  call('/api/v1/quotes', { key, body, headers: { 'idempotency-key': idem } })
const countQuotes = async (userId: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM quotes WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n

describe('idempotency: replay', () => {
  it('same key + same body replays status and body without running again; headers stay per request', async () => {
    const { key, userId } = await createKey()
    const first = await quote(key, 'quote-1')
    const again = await quote(key, 'quote-1')
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.json).toEqual(first.json)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1)
    expect(await countQuotes(userId)).toBe(1)
  })

  it('key order and whitespace of the JSON body do not matter', async () => {
    const { key, userId } = await createKey()
    await call('/api/v1/quotes', {
      key,
      rawBody: '{"signType":"Pylon","requirements":"20 ft"}',
      contentType: 'application/json',
      headers: { 'idempotency-key': 'k' },
    })
    const again = await call('/api/v1/quotes', {
      key,
      rawBody: '{ "requirements": "20 ft",\n "signType": "Pylon" }',
      contentType: 'application/json',
      headers: { 'idempotency-key': 'k' },
    })
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await countQuotes(userId)).toBe(1)
  })

  it('POST /cart with a key increments once however often it is retried (200/201 replayed as is)', async () => {
    const { key } = await createKey()
    const send = () =>
      call('/api/v1/cart', { key, body: { productVariantId: CHANNEL_12IN, quantity: 2 }, headers: { 'idempotency-key': 'add-once' } })
    expect((await send()).status).toBe(201)
    expect((await send()).status).toBe(201)
    expect((await call('/api/v1/cart', { key })).json[0].quantity).toBe(2)
  })

  it('keys are scoped per user: the same key for two users runs twice', async () => {
    const alice = await createKey()
    const bob = await createKey()
    const a = await quote(alice.key, 'shared-key')
    const b = await quote(bob.key, 'shared-key')
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect(b.json.id).not.toBe(a.json.id)
    expect(await countQuotes(bob.userId)).toBe(1)
  })

  it('a replayed record expires after 24 h', async () => {
    const { key, userId } = await createKey()
    await quote(key, 'old')
    await env.DB.prepare("UPDATE idempotency_records SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(userId).run()
    const again = await quote(key, 'old')
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(await countQuotes(userId)).toBe(2)
  })
})

describe('idempotency: errors', () => {
  it('same key + different body → 409 CONFLICT, nothing created', async () => {
    const { key, userId } = await createKey()
    await quote(key, 'k1')
    const error = expectError(await quote(key, 'k1', { signType: 'Monument', requirements: 'other' }), 409, 'CONFLICT')
    expect(error.message).toMatch(/different request/)
    expect(await countQuotes(userId)).toBe(1)
  })

  it('same key on a different endpoint → 409', async () => {
    const { key } = await createKey()
    await quote(key, 'k2')
    expectError(
      await call('/api/v1/cart', { key, body: { signType: 'Pylon', requirements: '20 ft' }, headers: { 'idempotency-key': 'k2' } }),
      409,
      'CONFLICT',
    )
  })

  it('a failed request (4xx) is not stored: the key can be retried with a fixed body', async () => {
    const { key, userId } = await createKey()
    expectError(await quote(key, 'fix-me', { signType: 'Pylon' }), 400, 'BAD_REQUEST')
    expect(
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM idempotency_records WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n,
    ).toBe(0)
    expect((await quote(key, 'fix-me')).status).toBe(201)
    // Checkout of an empty cart is 400; adding items and retrying the same key then works.
    expectError(await call('/api/v1/orders', { key, method: 'POST', headers: { 'idempotency-key': 'co' } }), 400, 'BAD_REQUEST')
    await call('/api/v1/cart', { key, body: { productVariantId: YARD_SIGN_SINGLE } })
    expect((await call('/api/v1/orders', { key, method: 'POST', headers: { 'idempotency-key': 'co' } })).status).toBe(201)
  })

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(256)],
    ['space inside', 'a b'],
    ['control character', 'a\tb'],
  ])('%s key → 400, nothing created', async (_, idem) => {
    const { key, userId } = await createKey()
    const res = await call('/api/v1/quotes', { key, body: { signType: 'Pylon', requirements: 'x' }, headers: { 'idempotency-key': idem } })
    expect(expectError(res, 400, 'BAD_REQUEST').details?.[0].path).toBe('Idempotency-Key')
    expect(await countQuotes(userId)).toBe(0)
  })

  it('a pending claim older than its lock is taken over (the first worker died)', async () => {
    const { key, userId } = await createKey()
    const fingerprint = await requestFingerprint('POST', '/api/v1/quotes', JSON.stringify({ signType: 'Pylon', requirements: '20 ft' }))
    await env.DB.prepare(
      'INSERT INTO idempotency_records (user_id, key, request_hash, state, locked_until, expires_at, ' +
        "created_at) VALUES (?, 'stuck', ?, 'pending', '2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', " +
        "'2000-01-01T00:00:00.000Z')",
    )
      .bind(userId, fingerprint)
      .run()
    expect((await quote(key, 'stuck')).status).toBe(201)
  })

  it('a live pending claim makes a duplicate wait, then 409 with Retry-After if it never finishes', async () => {
    const { key, userId } = await createKey()
    const fingerprint = await requestFingerprint('POST', '/api/v1/quotes', JSON.stringify({ signType: 'Pylon', requirements: '20 ft' }))
    await env.DB.prepare(
      'INSERT INTO idempotency_records (user_id, key, request_hash, state, locked_until, expires_at, ' +
        "created_at) VALUES (?, 'busy', ?, 'pending', '2999-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', " +
        "'2000-01-01T00:00:00.000Z')",
    )
      .bind(userId, fingerprint)
      .run()
    const res = await quote(key, 'busy')
    expectError(res, 409, 'CONFLICT')
    expect(res.headers.get('retry-after')).toBe('1')
    expect(await countQuotes(userId)).toBe(0)
  }, 15_000)
})

describe('idempotency: canonical JSON', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}')
  })
})
