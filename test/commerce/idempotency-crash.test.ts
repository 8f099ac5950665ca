import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { createApp } from '../../src/app'
import { call, createKey } from '../helpers/api'
import { YARD_SIGN_SINGLE } from './fixtures'
import { faultyD1 } from '../helpers/d1-faults'

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
const app = createApp()

/** The worker "dies" right after the handler's write committed: storing the response fails. */
const dyingAfterCommit = faultyD1({
  beforeStatement(sql) {
    // The statement that stores the response after the handler: raw SQL before drizzle, drizzle's after.
    const storesResponse = /^update "?idempotency_records"? set .*"?response_body"? = \? where/i
    if (storesResponse.test(sql)) throw new Error('worker killed')
  },
})

async function postWith(db: D1Database, path: string, key: string, idem: string, body?: unknown) {
  const headers = new Headers({ 'x-api-key': key, 'idempotency-key': idem, 'cf-connecting-ip': '192.0.2.13' })
  if (body !== undefined) headers.set('content-type', 'application/json')
  const res = await app.fetch(
    new Request(`http://api.test${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    { ...env, DB: db },
    ctx,
  )
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: JSON.parse(text) as any }
}

/** What a retry sees once the 30 s lock of an abandoned claim has passed. */
const lockExpired = (userId: string) =>
  env.DB.prepare("UPDATE idempotency_records SET locked_until = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(userId).run()
const count = async (table: 'orders' | 'quotes' | 'reports', userId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<{ n: number }>())!.n

describe('idempotency survives a crash between the commit and storing the response', () => {
  it('checkout: the retry replays the original 201 and exactly one order exists', async () => {
    const { key, userId } = await createKey()
    expect((await call('/api/v1/cart', { key, body: { productVariantId: YARD_SIGN_SINGLE, quantity: 3 } })).status).toBe(201)
    await postWith(dyingAfterCommit, '/api/v1/orders', key, 'checkout-crash')
    await lockExpired(userId)
    const retry = await postWith(env.DB, '/api/v1/orders', key, 'checkout-crash')
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.json.total).toBe('72.00')
    expect(retry.json.items).toHaveLength(1)
    expect(await count('orders', userId)).toBe(1)
    expect((await call(`/api/v1/orders/${retry.json.id}`, { key })).status).toBe(200)
  })

  it('quote request: the retry replays the original 201 and exactly one quote exists', async () => {
    const { key, userId } = await createKey()
    const body = { signType: 'Pylon', requirements: '20 ft, double-sided' }
    await postWith(dyingAfterCommit, '/api/v1/quotes', key, 'quote-crash', body)
    await lockExpired(userId)
    const retry = await postWith(env.DB, '/api/v1/quotes', key, 'quote-crash', body)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.json).toMatchObject({ signType: 'Pylon', status: 'pending' })
    expect(await count('quotes', userId)).toBe(1)
  })
})

describe('idempotency survives a crash: cart adds and reports', () => {
  const cartQuantity = async (userId: string) =>
    (
      await env.DB.prepare('SELECT quantity FROM cart_items WHERE user_id = ? AND variant_id = ?')
        .bind(userId, YARD_SIGN_SINGLE)
        .first<{ quantity: number }>()
    )?.quantity

  it('cart add (new item): the retry replays the original 201 byte for byte; the cart was incremented once', async () => {
    const { key, userId } = await createKey()
    const body = { productVariantId: YARD_SIGN_SINGLE, quantity: 3 }
    // The client never sees this answer (the worker died); the test keeps it to compare the replay.
    const first = await postWith(dyingAfterCommit, '/api/v1/cart', key, 'cart-crash', body)
    await lockExpired(userId)
    const retry = await postWith(env.DB, '/api/v1/cart', key, 'cart-crash', body)
    expect(await cartQuantity(userId)).toBe(3)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.json).toEqual({ id: expect.any(String), quantity: 3 })
    expect(retry.text).toBe(first.text)
  })

  it('cart add (increment): the retry replays the 200 with the total as it was then, not as later adds left it', async () => {
    const { key, userId } = await createKey()
    expect((await call('/api/v1/cart', { key, body: { productVariantId: YARD_SIGN_SINGLE, quantity: 2 } })).status).toBe(201)
    const body = { productVariantId: YARD_SIGN_SINGLE, quantity: 3 }
    await postWith(dyingAfterCommit, '/api/v1/cart', key, 'cart-crash-inc', body)
    const later = await call('/api/v1/cart', { key, body: { productVariantId: YARD_SIGN_SINGLE, quantity: 1 } })
    expect(later.json.quantity).toBe(6)
    await lockExpired(userId)
    const retry = await postWith(env.DB, '/api/v1/cart', key, 'cart-crash-inc', body)
    expect(await cartQuantity(userId)).toBe(6)
    expect(retry.status).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.json).toEqual({ id: later.json.id, quantity: 5 })
  })

  it('cart add refused (quantity cap): the key is not completed, so a retry after fixing the cart runs again', async () => {
    const { key } = await createKey()
    const full = await call('/api/v1/cart', { key, body: { productVariantId: YARD_SIGN_SINGLE, quantity: 999 } })
    const body = { productVariantId: YARD_SIGN_SINGLE, quantity: 1 }
    expect((await postWith(env.DB, '/api/v1/cart', key, 'cart-capped', body)).status).toBe(409)
    expect((await call(`/api/v1/cart?id=${full.json.id}`, { key, method: 'DELETE' })).status).toBe(200)
    const retry = await postWith(env.DB, '/api/v1/cart', key, 'cart-capped', body)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBeNull()
    expect(retry.json.quantity).toBe(1)
  })

  it('report: the retry replays the original 201 (same id, link and expiry); one row, one PDF, one quota unit per request', async () => {
    const { key, userId } = await createKey('pro')
    const body = { lat: 43.4643, lng: -80.5204 }
    const first = await postWith(dyingAfterCommit, '/api/v1/reports/score', key, 'report-crash', body)
    await lockExpired(userId)
    const retry = await postWith(env.DB, '/api/v1/reports/score', key, 'report-crash', body)
    expect(await count('reports', userId)).toBe(1)
    expect((await env.REPORTS.list({ prefix: `reports/${userId}/` })).objects).toHaveLength(1)
    expect(retry.status).toBe(201)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(Object.keys(retry.json).sort()).toEqual(['expiresAt', 'reportId', 'reportUrl', 'warnings'])
    expect(retry.json).toEqual(first.json)
    // Each HTTP request counts one unit; the retry is not charged for a second report.
    expect(Number(first.headers.get('x-quota-remaining')) - Number(retry.headers.get('x-quota-remaining'))).toBe(1)
    const link = new URL(retry.json.reportUrl)
    expect((await call(`${link.pathname}${link.search}`)).status).toBe(200)
  })
})

describe('checkout racing a cart add', () => {
  it('reports the cart as it was when the checkout ran, not as the racing add left it', async () => {
    const { key, userId } = await createKey()
    // The add lands after the checkout's transaction, before the checkout answers.
    const racingAdd = faultyD1({
      afterBatch: async (sqls) => {
        if (!sqls.some((sql) => /insert into "?orders\b/i.test(sql))) return
        await env.DB.prepare(
          'INSERT INTO cart_items (id, user_id, variant_id, quantity, created_at, updated_at) VALUES ' +
            "(?, ?, ?, 1, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z') ON CONFLICT DO NOTHING",
        )
          .bind(crypto.randomUUID(), userId, YARD_SIGN_SINGLE)
          .run()
      },
    })
    const res = await postWith(racingAdd, '/api/v1/orders', key, 'race-1')
    expect(res.status).toBe(400)
    expect(res.json.error.message).toMatch(/Cart is empty/)
    const retry = await postWith(env.DB, '/api/v1/orders', key, 'race-2')
    expect(retry.status).toBe(201)
  })
})
