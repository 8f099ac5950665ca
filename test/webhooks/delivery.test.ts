// Webhook delivery, happy path and retries: events written with their change reach the endpoint signed, a
// failing receiver is retried on the schedule (fake clock) with the same event id, and an endpoint that
// fails every retry is disabled with a notification to its owner.
import { env } from 'cloudflare:workers'
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { admin, call, expectError } from '../helpers/api'
import { deliverDue } from '../../src/services/webhooks/deliver'
import { eventStatements } from '../../src/services/webhooks/outbox'
import { attemptTimes, MAX_ATTEMPTS } from '../../src/services/webhooks/schedule'
import { getDb } from '../../src/db/client'
import { signPayload } from '../../src/lib/webhook-signature'
import { expectDocumented, fakeReceiver, orderOf, rows, sentTo, userWithHook } from './support'

afterEach(() => vi.restoreAllMocks())

describe('events reach the endpoint', () => {
  it('an order status change is delivered once, signed, in the one envelope, by the dispatcher', async () => {
    const { received: all } = fakeReceiver()
    const { key, userId, hook } = await userWithHook('pro', ['order.status_changed'])
    const mine = () => sentTo(all, hook.url)
    const order = await orderOf(key)
    expect((await admin(`/orders/${order.id}/advance`, { body: {} })).status).toBe(200)
    await vi.waitFor(() => expect(mine()).toHaveLength(1), { timeout: 5000 })
    const [r] = mine()
    expect(r.url).toBe(hook.url)
    expect(Object.keys(r.json).sort()).toEqual(['apiVersion', 'created', 'data', 'id', 'type'])
    expect(r.json).toMatchObject({ type: 'order.status_changed', apiVersion: 'v1' })
    expectDocumented(r.json)
    expect(r.json.data).toMatchObject({ orderId: order.id, previousStatus: 'ordered', status: 'in_production' })
    const header = r.headers.get('sign-placement-signature')!
    const t = Number(/t=(\d+)/.exec(header)![1])
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(60)
    expect(header).toContain(`v1=${await signPayload(hook.secret, t, r.body)}`)
    expect(r.headers.get('sign-placement-event-id')).toBe(r.json.id)
    // Only the subscribed type: the notification.created of the same change went nowhere.
    const events = await rows<{ type: string }>('SELECT type FROM webhook_events WHERE user_id = ?', userId)
    expect(events.map((e) => e.type)).toEqual(['order.status_changed'])
    await vi.waitFor(async () => {
      const log = (await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json
      expect(log).toMatchObject([{ eventId: r.json.id, eventType: 'order.status_changed', attempt: 1, ok: true, responseCode: 200 }])
      expect(log[0].latencyMs).toBeGreaterThanOrEqual(0)
    })
  })

  it('"*" receives the notification and the quote answer; POST /test sends a ping to that endpoint only', async () => {
    const { received: all } = fakeReceiver()
    const { key, hook } = await userWithHook('pro', ['*'])
    const mine = () => sentTo(all, hook.url)
    const quote = await call('/api/v1/quotes', {
      key,
      body: { signType: 'Channel letters', requirements: '10 x 2 ft, front of store' },
    })
    expect(quote.status).toBe(201)
    expect((await admin(`/quotes/${quote.json.id}/answer`, { body: { price: 1250, message: 'Installed in 3 weeks' } })).status).toBe(200)
    await vi.waitFor(() =>
      expect(
        mine()
          .map((r) => r.json.type)
          .sort(),
      ).toEqual(['notification.created', 'quote.answered']),
    )
    const answered = mine().find((r) => r.json.type === 'quote.answered')!.json
    expect(answered.data).toMatchObject({ quoteId: quote.json.id, status: 'quoted', price: '1250.00', message: 'Installed in 3 weeks' })
    const ping = await call(`/api/v1/webhooks/${hook.id}/test`, { key, method: 'POST' })
    expect(ping.status).toBe(202)
    await vi.waitFor(() => expect(mine().map((r) => r.json.id)).toContain(ping.json.eventId))
    expect(mine().at(-1)!.json).toMatchObject({ type: 'webhook.ping', data: { endpointId: hook.id } })
    for (const r of mine()) expectDocumented(r.json)
  })

  it('a receiver that hangs or answers 500 does not slow or fail the request that caused the event', async () => {
    fakeReceiver(() => new Promise<Response>(() => {})) // never answers
    const { key } = await userWithHook('pro', ['*'])
    const order = await orderOf(key)
    const started = Date.now()
    const res = await admin(`/orders/${order.id}/advance`, { body: {} })
    expect(res.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(3000)
  })
})

describe('retries with a fake clock', () => {
  // Far in the future, so the real-clock dispatcher of this user never finds these due first.
  const t0 = new Date('2031-03-01T12:00:00Z')

  async function queuedEvent(userId: string) {
    const db = getDb(env.DB)
    const event = eventStatements(db, userId, { type: 'order.status_changed', data: { orderId: 'x' } }, t0)
    await db.batch([...event.statements])
    return event.id
  }

  it('retries on the schedule with the same event id, then succeeds', async () => {
    let fail = 3
    let url = ''
    const { received: all } = fakeReceiver((r) => (r.url === url && fail-- > 0 ? new Response('no', { status: 500 }) : new Response('ok')))
    const { userId, key, hook } = await userWithHook('pro', ['order.status_changed'])
    url = hook.url
    const mine = () => sentTo(all, hook.url)
    const eventId = await queuedEvent(userId)
    const times = attemptTimes(t0)
    expect((await deliverDue(env, userId, t0))!.getTime()).toBeGreaterThanOrEqual(times[1].getTime())
    // Not yet due: nothing is sent.
    await deliverDue(env, userId, new Date(times[1].getTime() - 1000))
    expect(mine()).toHaveLength(1)
    for (let i = 1; i <= 3; i++) {
      const next = (
        await rows<{ next_attempt_at: string }>('SELECT next_attempt_at FROM webhook_deliveries WHERE event_id = ?', eventId)
      )[0]
      await deliverDue(env, userId, new Date(next.next_attempt_at))
    }
    expect(mine()).toHaveLength(4)
    expect(new Set(mine().map((r) => r.json.id))).toEqual(new Set([eventId]))
    expect(new Set(mine().map((r) => r.body)).size).toBe(1) // byte-identical envelope on every attempt
    const log = (await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json
    expect(log.map((a: any) => [a.attempt, a.ok, a.responseCode])).toEqual([
      [4, true, 200],
      [3, false, 500],
      [2, false, 500],
      [1, false, 500],
    ])
    const [delivery] = await rows<{ status: string; next_attempt_at: string | null }>(
      'SELECT * FROM webhook_deliveries WHERE event_id = ?',
      eventId,
    )
    expect(delivery).toMatchObject({ status: 'succeeded', next_attempt_at: null })
  })

  it('after every retry fails (over 24 h) the endpoint is disabled and its owner notified', async () => {
    const { received: all } = fakeReceiver(() => new Response('down', { status: 503 }))
    const { userId, key, hook } = await userWithHook('pro', ['order.status_changed'])
    const mine = () => sentTo(all, hook.url)
    const eventId = await queuedEvent(userId)
    let now = t0
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverDue(env, userId, now)
      const [d] = await rows<{ next_attempt_at: string | null }>(
        'SELECT next_attempt_at FROM webhook_deliveries WHERE event_id = ?',
        eventId,
      )
      if (d.next_attempt_at) now = new Date(d.next_attempt_at)
    }
    expect(mine()).toHaveLength(MAX_ATTEMPTS)
    expect((now.getTime() - t0.getTime()) / 3600_000).toBeGreaterThan(24)
    const endpoint = (await call(`/api/v1/webhooks/${hook.id}`, { key })).json
    expect(endpoint).toMatchObject({ status: 'disabled', disabledReason: expect.stringContaining('failed') })
    const notes = (await call('/api/v1/notifications', { key })).json
    expect(notes[0]).toMatchObject({ type: 'system', title: 'Webhook endpoint disabled' })
    expect(notes[0].message).toContain(hook.url)
    // A disabled endpoint gets no new events.
    await queuedEvent(userId)
    expect(await rows('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ? AND status = ?', hook.id, 'pending')).toHaveLength(0)
    // PATCH enabled: true turns it back on: events from then on are delivered again.
    const enabled = await call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', body: { enabled: true } })
    expect(enabled.json).toMatchObject({ status: 'enabled', disabledReason: null })
    await queuedEvent(userId)
    expect(await rows('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = ? AND status = ?', hook.id, 'pending')).toHaveLength(1)
  })

  it('a timeout is a failed attempt with no response code, retried later', async () => {
    fakeReceiver(() => Promise.reject(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' })))
    const { userId, key, hook } = await userWithHook('pro', ['order.status_changed'])
    await queuedEvent(userId)
    const next = await deliverDue(env, userId, t0)
    expect(next!.getTime() - t0.getTime()).toBeGreaterThanOrEqual(30_000)
    const [attempt] = (await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json
    expect(attempt).toMatchObject({ ok: false, responseCode: null, error: expect.stringMatching(/timed out/) })
  })

  it('the dispatcher Durable Object delivers from its alarm and sets the next one for a retry', async () => {
    const { received: all } = fakeReceiver(() => new Response('no', { status: 500 }))
    const { userId, hook } = await userWithHook('pro', ['order.status_changed'])
    const mine = () => sentTo(all, hook.url)
    const db = getDb(env.DB)
    const event = eventStatements(db, userId, { type: 'order.status_changed', data: { orderId: 'y' } }, new Date())
    await db.batch([...event.statements])
    const stub = env.WEBHOOKS.get(env.WEBHOOKS.idFromName(userId))
    await stub.wake(userId)
    // The wake set an alarm for now; run it (it may also have fired already).
    await runDurableObjectAlarm(stub)
    await vi.waitFor(() => expect(mine().length).toBeGreaterThanOrEqual(1))
    const [d] = await rows<{ attempts: number; status: string }>(
      'SELECT attempts, status FROM webhook_deliveries WHERE event_id = ?',
      event.id,
    )
    expect(d).toMatchObject({ attempts: 1, status: 'pending' })
    const alarm = await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())
    expect(alarm).toBeGreaterThan(Date.now() + 20_000)
  })
})

describe('sending an event again (POST /webhooks/{id}/deliveries/{eventId}/retry)', () => {
  const t0 = new Date('2031-04-01T12:00:00Z')

  it('after a disabled endpoint is re-enabled, its failed event is sent again: same id, same bytes', async () => {
    let up = false
    let url = ''
    const { received: all } = fakeReceiver((r) => (r.url === url && !up ? new Response('down', { status: 503 }) : new Response('ok')))
    const { userId, key, hook } = await userWithHook('pro', ['order.status_changed'])
    url = hook.url
    const mine = () => sentTo(all, hook.url)
    const db = getDb(env.DB)
    const event = eventStatements(db, userId, { type: 'order.status_changed', data: { orderId: 'z' } }, t0)
    await db.batch([...event.statements])
    let now = t0
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await deliverDue(env, userId, now)
      const [d] = await rows<{ next_attempt_at: string | null }>(
        'SELECT next_attempt_at FROM webhook_deliveries WHERE event_id = ?',
        event.id,
      )
      if (d.next_attempt_at) now = new Date(d.next_attempt_at)
    }
    expect((await call(`/api/v1/webhooks/${hook.id}`, { key })).json.status).toBe('disabled')
    const retry = `/api/v1/webhooks/${hook.id}/deliveries/${event.id}/retry`
    expectError(await call(retry, { key, method: 'POST' }), 409, 'CONFLICT')
    up = true
    expect((await call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', body: { enabled: true } })).status).toBe(200)
    const queued = await call(retry, { key, method: 'POST' })
    expect(queued.status).toBe(202)
    expect(queued.json).toEqual({ eventId: event.id, type: 'order.status_changed', status: 'queued' })
    await vi.waitFor(() => expect(mine()).toHaveLength(MAX_ATTEMPTS + 1), { timeout: 5000 })
    expect(new Set(mine().map((r) => r.body)).size).toBe(1)
    await vi.waitFor(async () => {
      const [d] = await rows<{ status: string }>('SELECT status FROM webhook_deliveries WHERE event_id = ?', event.id)
      expect(d.status).toBe('succeeded')
    })
    // Delivered: it can be sent again (a receiver that lost it).
    expect((await call(retry, { key, method: 'POST' })).status).toBe(202)
    await vi.waitFor(() => expect(mine()).toHaveLength(MAX_ATTEMPTS + 2), { timeout: 5000 })
  })

  it('an event already queued is 409; one never sent to this endpoint is 404', async () => {
    fakeReceiver(() => new Response('no', { status: 500 }))
    const { userId, key, hook } = await userWithHook('pro', ['order.status_changed'])
    const db = getDb(env.DB)
    const event = eventStatements(db, userId, { type: 'order.status_changed', data: { orderId: 'q' } }, t0)
    await db.batch([...event.statements])
    expectError(await call(`/api/v1/webhooks/${hook.id}/deliveries/${event.id}/retry`, { key, method: 'POST' }), 409, 'CONFLICT')
    expectError(
      await call(`/api/v1/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/retry`, { key, method: 'POST' }),
      404,
      'NOT_FOUND',
    )
    const other = await userWithHook('pro', ['order.status_changed'])
    // Another user's event, through one's own endpoint: never sent there.
    expectError(
      await call(`/api/v1/webhooks/${other.hook.id}/deliveries/${event.id}/retry`, { key: other.key, method: 'POST' }),
      404,
      'NOT_FOUND',
    )
  })
})
