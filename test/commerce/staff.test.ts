import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { admin, call, createKey, expectError } from '../helpers/api'
import { BANNER_2X4 } from './fixtures'

async function newOrder() {
  const user = await createKey()
  await call('/api/v1/cart', { key: user.key, body: { productVariantId: BANNER_2X4, quantity: 2 } })
  const order = (await call('/api/v1/orders', { key: user.key, method: 'POST' })).json
  return { ...user, order }
}
const advance = (id: string, body: object = {}) => admin(`/orders/${id}/advance`, { body })
const notificationsOf = async (userId: string, type: string) =>
  (
    await env.DB.prepare('SELECT title, message FROM notifications WHERE user_id = ? AND type = ? ORDER BY created_at')
      .bind(userId, type)
      .all<{ title: string; message: string }>()
  ).results

describe('staff: order lifecycle', () => {
  it('moves ordered → in_production → shipped (tracking) → installed, one orderStatus notification per move', async () => {
    const { key, userId, order } = await newOrder()
    const first = await advance(order.id)
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ id: order.id, status: 'in_production', userId })
    expect(await notificationsOf(userId, 'orderStatus')).toHaveLength(1)

    const shipped = await advance(order.id, { status: 'shipped', trackingNumber: '1Z999AA10123456784' })
    expect(shipped.json.status).toBe('shipped')
    const seen = (await call(`/api/v1/orders/${order.id}`, { key })).json
    expect(seen.trackingNumber).toBe('1Z999AA10123456784')
    expect((await call('/api/v1/orders', { key })).json[0].trackingNumber).toBe('1Z999AA10123456784')

    expect((await advance(order.id, { status: 'installed' })).json.status).toBe('installed')
    const notes = await notificationsOf(userId, 'orderStatus')
    expect(notes).toHaveLength(3)
    expect(notes[1].message).toContain('1Z999AA10123456784')
    expect(notes.map((n) => n.title)).toEqual([
      expect.stringContaining('In production'),
      expect.stringContaining('Shipped'),
      expect.stringContaining('Installed'),
    ])
    // The user reads them through GET /notifications when that route exists; the rows are theirs.
  })

  it.each([
    ['skipping a step', [], { status: 'shipped', trackingNumber: 'T1' }],
    ['going backwards', [{}], { status: 'ordered' }],
    ['staying put', [{}], { status: 'in_production' }],
    ['shipped without a tracking number', [{}], { status: 'shipped' }],
    ['shipped by default without a tracking number', [{}], {}],
    ['past installed', [{}, { trackingNumber: 'T1' }, {}], {}],
  ])('%s → 409 CONFLICT, no change, no notification', async (_, before, body) => {
    const { userId, order } = await newOrder()
    for (const step of before) expect((await advance(order.id, step)).status).toBe(200)
    const statusBefore = (await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(order.id).first<{ status: string }>())!.status
    expectError(await advance(order.id, body), 409, 'CONFLICT')
    expect((await env.DB.prepare('SELECT status FROM orders WHERE id = ?').bind(order.id).first<{ status: string }>())!.status).toBe(
      statusBefore,
    )
    expect(await notificationsOf(userId, 'orderStatus')).toHaveLength(before.length)
  })

  it('concurrent advances of one order: one wins, one notification', async () => {
    const { userId, order } = await newOrder()
    const results = await Promise.all(Array.from({ length: 5 }, () => advance(order.id, { status: 'in_production' })))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((r) => r.status !== 200)) expectError(r, 409, 'CONFLICT')
    expect(await notificationsOf(userId, 'orderStatus')).toHaveLength(1)
  })

  it('unknown order → 404; bad status → 400; needs the admin token', async () => {
    expectError(await advance(crypto.randomUUID()), 404, 'NOT_FOUND')
    const { key, order } = await newOrder()
    expectError(await advance(order.id, { status: 'teleported' }), 400, 'BAD_REQUEST')
    expectError(await call(`/admin/v1/orders/${order.id}/advance`, { body: {} }), 401, 'UNAUTHORIZED')
    expectError(
      await call(`/admin/v1/orders/${order.id}/advance`, { body: {}, headers: { authorization: `Bearer ${key}` } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it('lists orders for staff, filtered by status', async () => {
    const { order, email } = await newOrder()
    const res = await admin('/orders?status=ordered')
    expect(res.status).toBe(200)
    expect(res.json.find((o: any) => o.id === order.id)).toMatchObject({ email, total: '158.00', status: 'ordered' })
  })
})

describe('staff: quotes', () => {
  const request = {
    signType: 'Pylon sign',
    requirements: 'Double-sided, 20 ft, LED message centre, plaza entrance',
    sizeEstimate: '20 ft',
    locationAddress: '7700 Hwy 7, Vaughan, ON',
    locationLat: 43.79,
    locationLng: -79.53,
  }

  it('pending → quoted (price + message, quoteResponse notification) → accepted', async () => {
    const { key, userId } = await createKey()
    const created = await call('/api/v1/quotes', { key, body: request })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ id: expect.any(String), status: 'pending', ...request, price: null, message: null })
    const answered = await admin(`/quotes/${created.json.id}/answer`, {
      body: { price: 38500, message: 'Includes engineering and permit drawings.' },
    })
    expect(answered.status).toBe(200)
    expect(answered.json).toMatchObject({
      status: 'quoted',
      price: '38500.00',
      message: 'Includes engineering and permit drawings.',
      userId,
    })
    const notes = await notificationsOf(userId, 'quoteResponse')
    expect(notes).toHaveLength(1)
    expect(notes[0].title).toContain('38500.00')
    expect((await call(`/api/v1/quotes/${created.json.id}`, { key })).json.status).toBe('quoted')
    const accepted = await call(`/api/v1/quotes/${created.json.id}/accept`, { key, method: 'POST' })
    expect(accepted.status).toBe(200)
    expect(accepted.json.status).toBe('accepted')
    expect(accepted.json.respondedAt).toBeTruthy()
    expectError(await call(`/api/v1/quotes/${created.json.id}/decline`, { key, method: 'POST' }), 409, 'CONFLICT')
  })

  it('accept/decline before a price → 409; answering twice → 409 with one notification; string price accepted', async () => {
    const { key, userId } = await createKey()
    const { id } = (await call('/api/v1/quotes', { key, body: { signType: 'Banner', requirements: '3x10 mesh' } })).json
    expectError(await call(`/api/v1/quotes/${id}/accept`, { key, method: 'POST' }), 409, 'CONFLICT')
    expectError(await call(`/api/v1/quotes/${id}/decline`, { key, method: 'POST' }), 409, 'CONFLICT')
    expect((await admin(`/quotes/${id}/answer`, { body: { price: '249.5', message: 'Mesh, grommets every 2 ft' } })).json.price).toBe(
      '249.50',
    )
    expectError(await admin(`/quotes/${id}/answer`, { body: { price: 300, message: 'again' } }), 409, 'CONFLICT')
    expect(await notificationsOf(userId, 'quoteResponse')).toHaveLength(1)
    expect((await call(`/api/v1/quotes/${id}/decline`, { key, method: 'POST' })).json.status).toBe('declined')
  })

  it.each([[0], [-5], [12.345], ['12,00'], ['abc'], ['0.00']])(
    'answer with price %s → 400 that says what a price must be',
    async (price) => {
      const { key } = await createKey()
      const { id } = (await call('/api/v1/quotes', { key, body: { signType: 'Banner', requirements: 'x' } })).json
      const error = expectError(await admin(`/quotes/${id}/answer`, { body: { price, message: 'm' } }), 400, 'BAD_REQUEST')
      expect(error.message).toMatch(/^price must be greater than 0/) // not "at least 0", which 0 satisfies
      expect(error.message).not.toMatch(/at least 0/)
    },
  )

  it('a quoted price holds 30 days (expiresAt); after that accepting → 410 GONE, declining still works', async () => {
    const { key } = await createKey()
    const quote = async () => {
      const { id } = (await call('/api/v1/quotes', { key, body: { signType: 'Pylon', requirements: 'x' } })).json
      const answered = (await admin(`/quotes/${id}/answer`, { body: { price: 500, message: 'ok' } })).json
      expect(Date.parse(answered.expiresAt) - Date.parse(answered.quotedAt)).toBe(30 * 86_400_000)
      const past = new Date(Date.now() - 31 * 86_400_000).toISOString()
      await env.DB.prepare('UPDATE quotes SET quoted_at = ? WHERE id = ?').bind(past, id).run()
      return id
    }
    const stale = await quote()
    const error = expectError(await call(`/api/v1/quotes/${stale}/accept`, { key, method: 'POST' }), 410, 'GONE')
    expect(error.message).toMatch(/expired at .*request a new quote/)
    expect((await call(`/api/v1/quotes/${stale}`, { key })).json.status).toBe('quoted')
    expect((await call(`/api/v1/quotes/${await quote()}/decline`, { key, method: 'POST' })).json.status).toBe('declined')
    const { id: fresh } = (await call('/api/v1/quotes', { key, body: { signType: 'Pylon', requirements: 'y' } })).json
    expect((await call(`/api/v1/quotes/${fresh}`, { key })).json.expiresAt).toBeNull()
  })

  it('unknown quote → 404; staff list filters by status', async () => {
    expectError(await admin(`/quotes/${crypto.randomUUID()}/answer`, { body: { price: 1, message: 'm' } }), 404, 'NOT_FOUND')
    const { key } = await createKey()
    const { id } = (await call('/api/v1/quotes', { key, body: { signType: 'Wayfinding', requirements: 'Hospital, 40 signs' } })).json
    const pending = await admin('/quotes?status=pending')
    expect(pending.json.some((q: any) => q.id === id)).toBe(true)
    expect((await admin('/quotes?status=declined')).json.some((q: any) => q.id === id)).toBe(false)
  })
})
