// Webhook endpoints: the happy path (create with a secret shown once, list, read, roll, delete, report.ready)
// and bad input (clear 4xx in the error envelope, plan limits).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { PLAN_LIMITS, PLANS } from '../../src/auth/plans'
import { signPayload } from '../../src/lib/webhook-signature'
import { expectDocumented, fakeReceiver, sentTo, userWithHook } from './support'

afterEach(() => vi.restoreAllMocks())
const URL = 'https://hooks.example.com/in'

describe('webhook endpoints: happy path', () => {
  it('creates (secret once), lists and reads (no secret), deletes', async () => {
    const { key } = await createKey('pro')
    const created = await call('/api/v1/webhooks', {
      key,
      body: { url: URL, events: ['order.status_changed', 'quote.answered'], description: 'ERP' },
    })
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({
      url: URL,
      events: ['order.status_changed', 'quote.answered'],
      status: 'enabled',
      description: 'ERP',
    })
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/)
    const list = await call('/api/v1/webhooks', { key })
    expect(list.json).toHaveLength(1)
    expect(list.text).not.toContain(created.json.secret)
    const one = await call(`/api/v1/webhooks/${created.json.id.toUpperCase()}`, { key })
    expect(one.json).toEqual(list.json[0])
    expect(one.json).not.toHaveProperty('secret')
    expect((await call(`/api/v1/webhooks/${created.json.id}`, { key, method: 'DELETE' })).json).toEqual({
      id: created.json.id,
      deleted: true,
    })
    expectError(await call(`/api/v1/webhooks/${created.json.id}`, { key }), 404, 'NOT_FOUND')
  })

  it('rolling the secret shows the new one once; both sign during the grace period', async () => {
    const { received } = fakeReceiver()
    const { key, hook } = await userWithHook('pro')
    const rolled = await call(`/api/v1/webhooks/${hook.id}/roll-secret`, { key, method: 'POST' })
    expect(rolled.status).toBe(200)
    expect(rolled.json.secret).toMatch(/^whsec_/)
    expect(rolled.json.secret).not.toBe(hook.secret)
    expect(Date.parse(rolled.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000)
    const ping = await call(`/api/v1/webhooks/${hook.id}/test`, { key, method: 'POST' })
    await vi.waitFor(() => expect(sentTo(received, hook.url).map((r) => r.json.id)).toContain(ping.json.eventId))
    const r = sentTo(received, hook.url).at(-1)!
    const header = r.headers.get('sign-placement-signature')!
    const t = Number(/t=(\d+)/.exec(header)![1])
    const v1 = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1])
    expect(v1).toEqual([await signPayload(rolled.json.secret, t, r.body), await signPayload(hook.secret, t, r.body)])
  })

  it('a PDF report sends report.ready with its signed link', async () => {
    const { received } = fakeReceiver()
    const { key, hook } = await userWithHook('pro', ['report.ready'])
    const report = await call('/api/v1/reports/score', { key, body: { lat: 43.6528, lng: -79.384 } })
    expect(report.status).toBe(201)
    await vi.waitFor(() => expect(sentTo(received, hook.url)).toHaveLength(1))
    expect(sentTo(received, hook.url)[0].json).toMatchObject({
      type: 'report.ready',
      data: { reportId: report.json.reportId, reportUrl: report.json.reportUrl },
    })
    expectDocumented(sentTo(received, hook.url)[0].json)
  })
})

describe('webhook endpoints: bad input and limits', () => {
  it.each([
    [{ events: ['*'] }, 'url', /url is required/],
    [{ url: URL }, 'events', /events/],
    [{ url: URL, events: [] }, 'events', /at least one/],
    [{ url: URL, events: ['order.created'] }, 'events.0', /must be one of/],
    [{ url: 'not a url', events: ['*'] }, 'url', /absolute http\(s\) URL/],
    [{ url: 'ftp://example.com/x', events: ['*'] }, 'url', /absolute http\(s\) URL/],
    [{ url: URL, events: ['*'], secret: 'mine' }, 'body', /Unknown field secret/],
    [{ url: `https://example.com/${'a'.repeat(2100)}`, events: ['*'] }, 'url', /at most 2048/],
  ])('%j → 400 naming %s', async (body, path, message) => {
    const { key } = await createKey('free')
    const error = expectError(await call('/api/v1/webhooks', { key, body }), 400, 'BAD_REQUEST')
    expect(error.message).toMatch(message)
    expect(error.details?.[0].path).toBe(path)
    expect((await call('/api/v1/webhooks', { key })).json).toEqual([])
  })

  it('PATCH changes events and description; an empty or unknown-field body → 400', async () => {
    const { key, hook } = await userWithHook('pro', ['*'])
    const patched = await call(`/api/v1/webhooks/${hook.id}`, {
      key,
      method: 'PATCH',
      body: { events: ['report.ready'], description: 'Reports' },
    })
    expect(patched.json).toMatchObject({ events: ['report.ready'], description: 'Reports', status: 'enabled' })
    const empty = expectError(await call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', body: {} }), 400, 'BAD_REQUEST')
    expect(empty.message).toMatch(/at least one of/)
    expectError(await call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', body: { secret: 'x' } }), 400, 'BAD_REQUEST')
    expectError(await call(`/api/v1/webhooks/${hook.id}`, { key, method: 'PATCH', body: { events: [] } }), 400, 'BAD_REQUEST')
  })

  it('a body that is not JSON → 415; unknown id → 404; malformed id → 404', async () => {
    const { key } = await createKey('free')
    expectError(
      await call('/api/v1/webhooks', { key, rawBody: 'url=x', contentType: 'application/x-www-form-urlencoded' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expectError(await call(`/api/v1/webhooks/${crypto.randomUUID()}`, { key }), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/webhooks/nope/deliveries', { key }), 404, 'NOT_FOUND')
  })

  it.each(PLANS)('%s: the plan table’s endpoint limit, then 403 naming it', async (plan) => {
    const { key } = await createKey(plan)
    const limit = PLAN_LIMITS[plan].webhookEndpoints
    const made = await Promise.all(
      Array.from({ length: limit }, (_, i) => call('/api/v1/webhooks', { key, body: { url: `${URL}/${i}`, events: ['*'] } })),
    )
    expect(made.map((r) => r.status)).toEqual(Array(limit).fill(201))
    const over = expectError(await call('/api/v1/webhooks', { key, body: { url: URL, events: ['*'] } }), 403, 'FORBIDDEN')
    expect(over.message).toMatch(new RegExp(`allows ${limit} webhook endpoint`))
    // Deleting one frees a place.
    expect((await call(`/api/v1/webhooks/${made[0].json.id}`, { key, method: 'DELETE' })).status).toBe(200)
    expect((await call('/api/v1/webhooks', { key, body: { url: URL, events: ['*'] } })).status).toBe(201)
  })

  it('concurrent creations never exceed the limit', async () => {
    const { key } = await createKey('free')
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('/api/v1/webhooks', { key, body: { url: `${URL}/${i}`, events: ['*'] } })),
    )
    expect(results.filter((r) => r.status === 201)).toHaveLength(PLAN_LIMITS.free.webhookEndpoints)
    expect(results.filter((r) => r.status === 403)).toHaveLength(6 - PLAN_LIMITS.free.webhookEndpoints)
  })
})
