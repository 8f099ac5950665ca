import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { call, createKey, expectError } from '../helpers/api'
import { BANNER_2X4, CHANNEL_12IN, GLASS_NEON_VARIANT, PYLON_30FT_INACTIVE, YARD_SIGN_DOUBLE, YARD_SIGN_SINGLE } from './fixtures'

const add = (key: string, body: unknown, headers?: Record<string, string>) => call('/api/v1/cart', { key, body, headers })
const cartOf = async (key: string) => (await call('/api/v1/cart', { key })).json as any[]

describe('cart: happy paths', () => {
  it('adds a variant (201), increments it on a second add (200), and lists it with product details', async () => {
    const { key } = await createKey()
    const first = await add(key, { productVariantId: CHANNEL_12IN })
    expect(first.status).toBe(201)
    expect(first.json).toEqual({ id: expect.any(String), quantity: 1 })
    const second = await add(key, { productVariantId: CHANNEL_12IN, quantity: 3 })
    expect(second.status).toBe(200)
    expect(second.json).toEqual({ id: first.json.id, quantity: 4 })
    const cart = await cartOf(key)
    expect(cart).toHaveLength(1)
    expect(cart[0]).toMatchObject({
      id: first.json.id,
      productVariantId: CHANNEL_12IN,
      productName: 'Front-lit LED channel letters',
      sizeLabel: '12 in letters, up to 8 ft run',
      price: '4200.00',
      quantity: 4,
      lineTotal: '16800.00',
      locationContext: null,
      available: true,
    })
  })

  it('stores a validated locationContext, and keeps it when a later add has none', async () => {
    const { key } = await createKey()
    const context = { lat: 43.6487, lng: -79.3817, address: '100 Queen St W, Toronto, ON', score: 91.5 }
    expect((await add(key, { productVariantId: BANNER_2X4, quantity: 2, locationContext: context })).status).toBe(201)
    await add(key, { productVariantId: BANNER_2X4 })
    const [item] = await cartOf(key)
    expect(item.locationContext).toEqual(context)
    expect(item.quantity).toBe(3)
  })

  it('PATCH sets the quantity; DELETE by ?id= and by body both remove', async () => {
    const { key } = await createKey()
    const a = await add(key, { productVariantId: YARD_SIGN_SINGLE, quantity: 5 })
    const b = await add(key, { productVariantId: YARD_SIGN_DOUBLE })
    const patched = await call('/api/v1/cart', { key, method: 'PATCH', body: { cartItemId: a.json.id, quantity: 12 } })
    expect(patched.status).toBe(200)
    expect(patched.json).toEqual({ id: a.json.id, quantity: 12 })
    expect((await cartOf(key)).find((i) => i.id === a.json.id).quantity).toBe(12)

    const byQuery = await call(`/api/v1/cart?id=${a.json.id}`, { key, method: 'DELETE' })
    expect(byQuery.status).toBe(200)
    expect(byQuery.json).toEqual({ deleted: true })
    const byBody = await call('/api/v1/cart', { key, method: 'DELETE', body: { cartItemId: b.json.id } })
    expect(byBody.json).toEqual({ deleted: true })
    const both = await add(key, { productVariantId: YARD_SIGN_SINGLE })
    expect((await call(`/api/v1/cart?id=${both.json.id}`, { key, method: 'DELETE', body: { cartItemId: both.json.id } })).status).toBe(200)
    expect(await cartOf(key)).toEqual([])
  })

  it('carts are per user', async () => {
    const alice = await createKey()
    const bob = await createKey()
    await add(alice.key, { productVariantId: CHANNEL_12IN })
    expect(await cartOf(bob.key)).toEqual([])
  })
})

describe('cart: errors', () => {
  it('POST without productVariantId → 400 naming the field', async () => {
    const { key } = await createKey()
    const error = expectError(await add(key, { quantity: 1 }), 400, 'BAD_REQUEST')
    expect(error.details?.[0].path).toBe('productVariantId')
  })

  it.each([[0], [-1], [1.5], [1000], ['2'], [null]])('quantity %s → 400 on POST and PATCH', async (quantity) => {
    const { key } = await createKey()
    expectError(await add(key, { productVariantId: CHANNEL_12IN, quantity }), 400, 'BAD_REQUEST')
    const item = await add(key, { productVariantId: CHANNEL_12IN })
    expectError(await call('/api/v1/cart', { key, method: 'PATCH', body: { cartItemId: item.json.id, quantity } }), 400, 'BAD_REQUEST')
    expect((await cartOf(key))[0].quantity).toBe(1)
  })

  it('quantity 999 is accepted; an increment past 999 → 409 and leaves the item unchanged', async () => {
    const { key } = await createKey()
    expect((await add(key, { productVariantId: CHANNEL_12IN, quantity: 999 })).status).toBe(201)
    expectError(await add(key, { productVariantId: CHANNEL_12IN, quantity: 1 }), 409, 'CONFLICT')
    expect((await cartOf(key))[0].quantity).toBe(999)
  })

  it.each([
    ['unknown variant', '20000000-0000-4000-8000-999999999999'],
    ['inactive variant', PYLON_30FT_INACTIVE],
    ['variant of an inactive product', GLASS_NEON_VARIANT],
  ])('%s → 404 NOT_FOUND, nothing added', async (_, productVariantId) => {
    const { key } = await createKey()
    expectError(await add(key, { productVariantId }), 404, 'NOT_FOUND')
    expect(await cartOf(key)).toEqual([])
  })

  it.each([
    ['lat out of range', { lat: 91 }],
    ['unknown key', { lat: 45, lng: -75, city: 'Ottawa' }],
    ['score above 100', { score: 101 }],
    ['address not a string', { address: 12 }],
  ])('locationContext with %s → 400', async (_, locationContext) => {
    const { key } = await createKey()
    expectError(await add(key, { productVariantId: CHANNEL_12IN, locationContext }), 400, 'BAD_REQUEST')
  })

  it('PATCH without cartItemId → 400; unknown item → 404', async () => {
    const { key } = await createKey()
    expectError(await call('/api/v1/cart', { key, method: 'PATCH', body: { quantity: 2 } }), 400, 'BAD_REQUEST')
    expectError(
      await call('/api/v1/cart', { key, method: 'PATCH', body: { cartItemId: crypto.randomUUID(), quantity: 2 } }),
      404,
      'NOT_FOUND',
    )
  })

  it('DELETE: no id → 400; query and body ids differ → 400; unknown → 404; malformed → 400', async () => {
    const { key } = await createKey()
    const a = await add(key, { productVariantId: YARD_SIGN_SINGLE })
    const b = await add(key, { productVariantId: YARD_SIGN_DOUBLE })
    expectError(await call('/api/v1/cart', { key, method: 'DELETE' }), 400, 'BAD_REQUEST')
    expectError(await call('/api/v1/cart', { key, method: 'DELETE', body: {} }), 400, 'BAD_REQUEST')
    const differ = expectError(
      await call(`/api/v1/cart?id=${a.json.id}`, { key, method: 'DELETE', body: { cartItemId: b.json.id } }),
      400,
      'BAD_REQUEST',
    )
    expect(differ.message).toMatch(/differ/)
    expect(await cartOf(key)).toHaveLength(2)
    expectError(await call(`/api/v1/cart?id=${crypto.randomUUID()}`, { key, method: 'DELETE' }), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/cart?id=not-a-uuid', { key, method: 'DELETE' }), 400, 'BAD_REQUEST')
  })

  it('needs a key', async () => {
    expectError(await call('/api/v1/cart'), 401, 'UNAUTHORIZED')
    expectError(await call('/api/v1/cart', { body: { productVariantId: CHANNEL_12IN } }), 401, 'UNAUTHORIZED')
  })
})

describe('cart: security', () => {
  it('another user’s cart item is 404 on PATCH and DELETE, and stays untouched', async () => {
    const alice = await createKey()
    const mallory = await createKey()
    const item = await add(alice.key, { productVariantId: CHANNEL_12IN, quantity: 2 })
    expectError(
      await call('/api/v1/cart', { key: mallory.key, method: 'PATCH', body: { cartItemId: item.json.id, quantity: 999 } }),
      404,
      'NOT_FOUND',
    )
    expectError(await call(`/api/v1/cart?id=${item.json.id}`, { key: mallory.key, method: 'DELETE' }), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/cart', { key: mallory.key, method: 'DELETE', body: { cartItemId: item.json.id } }), 404, 'NOT_FOUND')
    expect((await cartOf(alice.key))[0].quantity).toBe(2)
  })

  it('treats SQL in ids as data', async () => {
    const { key } = await createKey()
    expectError(await call(`/api/v1/cart?id=${encodeURIComponent("' OR 1=1 --")}`, { key, method: 'DELETE' }), 400, 'BAD_REQUEST')
  })
})

describe('cart: concurrency', () => {
  it('50 concurrent adds of the same variant end at quantity exactly 50, in one row', async () => {
    const { key, userId } = await createKey('scale')
    const results = await Promise.all(Array.from({ length: 50 }, () => add(key, { productVariantId: CHANNEL_12IN, quantity: 1 })))
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true)
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.map((r) => r.json.quantity).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    const rows = await env.DB.prepare('SELECT quantity FROM cart_items WHERE user_id = ?').bind(userId).all<{ quantity: number }>()
    expect(rows.results).toEqual([{ quantity: 50 }])
  })
})
