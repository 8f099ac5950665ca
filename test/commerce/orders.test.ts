import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, createKey, expectError } from '../helpers/api'
import { BANNER_2X4, CHANNEL_12IN, variant, YARD_SIGN_DOUBLE, YARD_SIGN_SINGLE } from './fixtures'

const add = (key: string, productVariantId: string, quantity = 1) => call('/api/v1/cart', { key, body: { productVariantId, quantity } })
const checkout = (key: string, headers?: Record<string, string>) => call('/api/v1/orders', { key, method: 'POST', headers })
const cents = (money: string) => Math.round(Number(money) * 100)

describe('orders: checkout', () => {
  it('turns the cart into an order (201): frozen prices, totals in cents, cart emptied', async () => {
    const { key } = await createKey()
    await add(key, CHANNEL_12IN, 2)
    await call('/api/v1/cart', {
      key,
      body: { productVariantId: YARD_SIGN_SINGLE, quantity: 3, locationContext: { address: '1 Main St, Moncton, NB' } },
    })
    const res = await checkout(key)
    expect(res.status).toBe(201)
    const order = res.json
    expect(order).toMatchObject({ status: 'ordered', total: '8472.00' })
    expect(order.trackingNumber).toBeNull()
    expect(order.items).toEqual([
      expect.objectContaining({
        productName: 'Front-lit LED channel letters',
        sizeLabel: '12 in letters, up to 8 ft run',
        unitPrice: '4200.00',
        quantity: 2,
        lineTotal: '8400.00',
        productVariantId: CHANNEL_12IN,
      }),
      expect.objectContaining({
        productName: 'Coroplast yard sign',
        unitPrice: '24.00',
        quantity: 3,
        lineTotal: '72.00',
        locationContext: { address: '1 Main St, Moncton, NB' },
      }),
    ])
    for (const item of order.items) expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect((await call('/api/v1/cart', { key })).json).toEqual([])
    expect((await call(`/api/v1/orders/${order.id}`, { key })).json).toEqual(order)
  })

  it('prices are frozen: a later catalogue price change does not touch the order', async () => {
    const { key } = await createKey()
    const v = variant(13, 2) // magnetic door signs, 189.00
    await add(key, v)
    const order = (await checkout(key)).json
    await env.DB.prepare('UPDATE product_variants SET price_cents = 99999 WHERE id = ?').bind(v).run()
    try {
      const again = (await call(`/api/v1/orders/${order.id}`, { key })).json
      expect(again.total).toBe('189.00')
      expect(again.items[0].unitPrice).toBe('189.00')
    } finally {
      await env.DB.prepare('UPDATE product_variants SET price_cents = 18900 WHERE id = ?').bind(v).run()
    }
  })

  it('GET /orders lists newest first with items and product names', async () => {
    const { key } = await createKey()
    await add(key, BANNER_2X4)
    const first = (await checkout(key)).json
    await add(key, YARD_SIGN_DOUBLE, 10)
    const second = (await checkout(key)).json
    const list = await call('/api/v1/orders', { key })
    expect(list.status).toBe(200)
    expect(list.json.map((o: any) => o.id)).toEqual([second.id, first.id])
    expect(list.json[0].items[0].productName).toBe('Coroplast yard sign')
    expect(list.json[0].total).toBe('320.00')
  })

  it('empty cart → 400; an item withdrawn since it was added → 409 and nothing changes', async () => {
    const { key, userId } = await createKey()
    expect(expectError(await checkout(key), 400, 'BAD_REQUEST').message).toMatch(/empty/i)
    const v = variant(10, 3)
    await add(key, v)
    await add(key, BANNER_2X4)
    await env.DB.prepare('UPDATE product_variants SET active = 0 WHERE id = ?').bind(v).run()
    try {
      expectError(await checkout(key), 409, 'CONFLICT')
      const cart = (await call('/api/v1/cart', { key })).json
      expect(cart.map((i: any) => i.available)).toEqual([false, true])
      const orders = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?').bind(userId).first<{ n: number }>()
      expect(orders!.n).toBe(0)
    } finally {
      await env.DB.prepare('UPDATE product_variants SET active = 1 WHERE id = ?').bind(v).run()
    }
  })

  it('another user’s order and unknown ids → 404', async () => {
    const alice = await createKey()
    const mallory = await createKey()
    await add(alice.key, BANNER_2X4)
    const order = (await checkout(alice.key)).json
    expectError(await call(`/api/v1/orders/${order.id}`, { key: mallory.key }), 404, 'NOT_FOUND')
    expectError(await call(`/api/v1/orders/${crypto.randomUUID()}`, { key: alice.key }), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/orders/not-a-uuid', { key: alice.key }), 404, 'NOT_FOUND')
    expect((await call('/api/v1/orders', { key: mallory.key })).json).toEqual([])
    expectError(await call('/api/v1/orders'), 401, 'UNAUTHORIZED')
  })
})

describe('orders: concurrency', () => {
  it('10 concurrent checkouts with one Idempotency-Key create exactly one order, all answering with it', async () => {
    const { key, userId } = await createKey('scale')
    await add(key, CHANNEL_12IN, 2)
    const idem = crypto.randomUUID()
    const results = await Promise.all(Array.from({ length: 10 }, () => checkout(key, { 'idempotency-key': idem })))
    const orders = await env.DB.prepare('SELECT id FROM orders WHERE user_id = ?').bind(userId).all<{ id: string }>()
    expect(orders.results).toHaveLength(1)
    for (const r of results) {
      expect(r.status).toBe(201)
      expect(r.json.id).toBe(orders.results[0].id)
    }
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9)
  })

  it('a checkout racing cart changes never yields an order whose total differs from its items', async () => {
    const { key } = await createKey('scale')
    const variants = [CHANNEL_12IN, BANNER_2X4, YARD_SIGN_SINGLE, YARD_SIGN_DOUBLE]
    let ordered = 0
    for (let round = 0; round < 6; round++) {
      const seed = await add(key, variants[round % 4], 1)
      const racers = await Promise.all([
        add(key, variants[(round + 1) % 4], 2),
        checkout(key),
        call('/api/v1/cart', { key, method: 'PATCH', body: { cartItemId: seed.json.id, quantity: 7 } }),
        add(key, variants[(round + 2) % 4], 3),
        checkout(key),
      ])
      for (const r of racers) expect(r.status).toBeLessThan(500)
      ordered += racers.filter((r) => r.status === 201 && r.json.status === 'ordered').length
    }
    const orders = (await call('/api/v1/orders', { key })).json as any[]
    expect(orders.length).toBe(ordered)
    expect(ordered).toBeGreaterThan(0)
    for (const order of orders) {
      expect(order.items.length).toBeGreaterThan(0)
      const sum = order.items.reduce((s: number, i: any) => s + cents(i.unitPrice) * i.quantity, 0)
      expect(cents(order.total)).toBe(sum)
      expect(new Set(order.items.map((i: any) => i.productVariantId)).size).toBe(order.items.length)
    }
  })
})
