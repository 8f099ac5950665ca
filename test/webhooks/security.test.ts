// Webhook security: another user's endpoint is 404 on every route; in production the URL rules (https, no
// private/loopback/link-local address, by literal or by DNS) refuse at creation and again before each delivery.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { deliverDue } from '../../src/services/webhooks/deliver'
import { eventStatements } from '../../src/services/webhooks/outbox'
import { DOH_URL } from '../../src/services/webhooks/url-guard'
import { getDb } from '../../src/db/client'
import { userWithHook } from './support'

afterEach(() => vi.restoreAllMocks())
const production = { ENVIRONMENT: 'production' }

describe('cross-user access', () => {
  it.each([
    ['GET', ''],
    ['DELETE', ''],
    ['PATCH', ''],
    ['POST', '/roll-secret'],
    ['GET', '/deliveries'],
    ['POST', '/test'],
    ['POST', `/deliveries/${crypto.randomUUID()}/retry`],
  ])('%s /webhooks/{someone else’s id}%s → 404, and the endpoint is untouched', async (method, suffix) => {
    const owner = await userWithHook('pro')
    const intruder = await createKey('enterprise')
    const body = method === 'PATCH' ? { enabled: false } : undefined
    expectError(await call(`/api/v1/webhooks/${owner.hook.id}${suffix}`, { key: intruder.key, method, body }), 404, 'NOT_FOUND')
    const still = await call(`/api/v1/webhooks/${owner.hook.id}`, { key: owner.key })
    expect(still.json).toMatchObject({ id: owner.hook.id, status: 'enabled' })
    expect((await call('/api/v1/webhooks', { key: intruder.key })).json).toEqual([])
  })
})

/** Answers DNS-over-HTTPS queries from a table; any other fetch is recorded and answered 200. */
function fakeDns(answers: Record<string, string[]>) {
  const sent: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.href.startsWith(DOH_URL)) {
      const type = url.searchParams.get('type')!
      const data = (answers[url.searchParams.get('name')!] ?? []).filter((ip) => (type === 'AAAA') === ip.includes(':'))
      return Response.json({ Status: 0, Answer: data.map((ip) => ({ type: type === 'A' ? 1 : 28, data: ip })) })
    }
    sent.push(url.href)
    return new Response('ok')
  })
  return sent
}

describe('SSRF refusals in production', () => {
  it.each([
    ['http://hooks.example.com/x', /https/],
    ['https://127.0.0.1/x', /loopback/],
    ['https://[::1]/x', /loopback/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://10.0.0.7/x', /private/],
    ['https://localhost:8787/x', /internal/],
    ['https://rebind.example.com/x', /resolves to a private address \(10\.0\.0\.5\)/],
    ['https://six.example.com/x', /resolves to a unique local/],
    ['https://nowhere.example.com/x', /does not resolve/],
  ])('%s → 400 (%s)', async (url, reason) => {
    fakeDns({ 'rebind.example.com': ['93.184.216.34', '10.0.0.5'], 'six.example.com': ['fd12::1'] })
    const { key } = await createKey('pro')
    const error = expectError(await call('/api/v1/webhooks', { key, env: production, body: { url, events: ['*'] } }), 400, 'BAD_REQUEST')
    expect(error.message).toMatch(reason)
    expect(error.details).toEqual([{ path: 'url', message: error.message }])
  })

  it('PATCH to a private URL is refused the same way, and the endpoint keeps its URL', async () => {
    fakeDns({ 'hooks.example.com': ['93.184.216.34'], 'inside.example.com': ['192.168.1.20'] })
    const { key } = await createKey('pro')
    const hook = (await call('/api/v1/webhooks', { key, env: production, body: { url: 'https://hooks.example.com/x', events: ['*'] } }))
      .json
    const res = await call(`/api/v1/webhooks/${hook.id}`, {
      key,
      env: production,
      method: 'PATCH',
      body: { url: 'https://inside.example.com/x' },
    })
    expect(expectError(res, 400, 'BAD_REQUEST').message).toMatch(/resolves to a private address/)
    expect((await call(`/api/v1/webhooks/${hook.id}`, { key })).json.url).toBe('https://hooks.example.com/x')
  })

  it('a public https URL is accepted in production', async () => {
    fakeDns({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] })
    const { key } = await createKey('pro')
    const res = await call('/api/v1/webhooks', { key, env: production, body: { url: 'https://hooks.example.com/x', events: ['*'] } })
    expect(res.status).toBe(201)
  })

  it('DNS failure is a refusal (fail closed)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('busy', { status: 503 }))
    const { key } = await createKey('pro')
    const error = expectError(
      await call('/api/v1/webhooks', { key, env: production, body: { url: 'https://hooks.example.com/x', events: ['*'] } }),
      400,
      'BAD_REQUEST',
    )
    expect(error.message).toMatch(/could not be resolved/)
  })

  it('a name re-pointed at a private address after creation is refused at delivery (DNS rebinding), not fetched', async () => {
    const dns: Record<string, string[]> = { 'moving.example.com': ['93.184.216.34'] }
    const sent = fakeDns(dns)
    const { key, userId } = await createKey('pro')
    const hook = (await call('/api/v1/webhooks', { key, env: production, body: { url: 'https://moving.example.com/in', events: ['*'] } }))
      .json
    dns['moving.example.com'] = ['127.0.0.1']
    const db = getDb(env.DB)
    const t0 = new Date('2032-01-01T00:00:00Z')
    await db.batch([...eventStatements(db, userId, { type: 'report.ready', data: {} }, t0).statements])
    await deliverDue({ DB: env.DB, ENVIRONMENT: 'production' }, userId, t0)
    expect(sent).not.toContain('https://moving.example.com/in')
    const [attempt] = (await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json
    expect(attempt).toMatchObject({ ok: false, responseCode: null, error: expect.stringMatching(/refused: .*loopback/) })
  })

  it('redirects are not followed', async () => {
    const requests: RequestInit[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      requests.push(init!)
      return new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/' } })
    })
    const { userId, key, hook } = await userWithHook('pro')
    const db = getDb(env.DB)
    const t0 = new Date('2032-02-01T00:00:00Z')
    await db.batch([...eventStatements(db, userId, { type: 'report.ready', data: {} }, t0).statements])
    await deliverDue(env, userId, t0)
    expect(requests.every((r) => r.redirect === 'manual')).toBe(true)
    const [attempt] = (await call(`/api/v1/webhooks/${hook.id}/deliveries`, { key })).json
    expect(attempt).toMatchObject({ ok: false, responseCode: 302 })
  })
})
