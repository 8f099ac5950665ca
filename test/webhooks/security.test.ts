// Webhook security: another user's endpoint is 404 on every route; in production the URL rules (https, no
// private/loopback/link-local address, by literal or by DNS) refuse at creation and again before each delivery.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { deliverDue } from '../../src/services/webhooks/deliver'
import { eventStatements } from '../../src/services/webhooks/outbox'
import { DOH_URL } from '../../src/services/webhooks/url-guard'
import { getDb } from '../../src/db/client'
import { signPayload } from '../../src/lib/webhook-signature'
import { fakeReceiver, HOOK_URL, rows, sentTo, userWithHook } from './support'

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

describe('signing secrets at rest (docs/webhooks.md "Secrets at rest")', () => {
  const stored = async (id: string) =>
    (
      await rows<{ secret: string; previous_secret: string | null }>(
        'SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?',
        id,
      )
    )[0]
  const ping = async (userId: string, at: Date) => {
    const db = getDb(env.DB)
    await db.batch([...eventStatements(db, userId, { type: 'report.ready', data: {} }, at).statements])
    await deliverDue(env, userId, at)
  }

  it('are stored sealed, never as the secret the owner was shown, and still sign every delivery', async () => {
    const { received } = fakeReceiver()
    const { userId, hook } = await userWithHook('pro')
    const row = await stored(hook.id)
    expect(hook.secret).toMatch(/^whsec_/)
    expect(row.secret).toMatch(/^sealed:v1:/)
    expect(row.secret).not.toContain(hook.secret.slice('whsec_'.length))
    const t0 = new Date('2032-03-01T00:00:00Z')
    await ping(userId, t0)
    const [r] = sentTo(received, hook.url)
    expect(r.headers.get('sign-placement-signature')).toBe(
      `t=${t0.getTime() / 1000},v1=${await signPayload(hook.secret, t0.getTime() / 1000, r.body)}`,
    )
  })

  it("a sealed secret copied onto another endpoint's row does not open: nothing is sent unsigned", async () => {
    const { received } = fakeReceiver()
    const a = await userWithHook('pro')
    const b = await userWithHook('pro')
    await env.DB.prepare('UPDATE webhook_endpoints SET secret = ? WHERE id = ?')
      .bind((await stored(a.hook.id)).secret, b.hook.id)
      .run()
    await ping(b.userId, new Date('2032-03-02T00:00:00Z'))
    expect(sentTo(received, b.hook.url)).toEqual([])
    const [attempt] = (await call(`/api/v1/webhooks/${b.hook.id}/deliveries`, { key: b.key })).json
    expect(attempt).toMatchObject({ ok: false, responseCode: null, error: expect.stringMatching(/^not signed: .*does not open/) })
  })

  it('an endpoint stored before secrets were sealed still signs, and both its secrets are sealed at the next roll', async () => {
    const { received } = fakeReceiver()
    const { userId, key, hook } = await userWithHook('pro')
    const legacy = 'whsec_stored-before-sealing-0123456789'
    await env.DB.prepare('UPDATE webhook_endpoints SET secret = ? WHERE id = ?').bind(legacy, hook.id).run()
    const t0 = new Date('2032-03-03T00:00:00Z')
    await ping(userId, t0)
    const [r] = sentTo(received, hook.url)
    expect(r.headers.get('sign-placement-signature')).toContain(`v1=${await signPayload(legacy, t0.getTime() / 1000, r.body)}`)
    const rolled = await call(`/api/v1/webhooks/${hook.id}/roll-secret`, { key, method: 'POST' })
    expect(rolled.status).toBe(200)
    const row = await stored(hook.id)
    expect(row.secret).toMatch(/^sealed:v1:/)
    expect(row.previous_secret).toMatch(/^sealed:v1:/)
    const t1 = new Date(Date.now() + 1000)
    await ping(userId, t1)
    const { headers, body } = sentTo(received, hook.url)[1]
    const t = Math.floor(t1.getTime() / 1000)
    const [fresh, old] = [await signPayload(rolled.json.secret, t, body), await signPayload(legacy, t, body)]
    expect(headers.get('sign-placement-signature')).toBe(`t=${t},v1=${fresh},v1=${old}`)
  })

  it('a server without WEBHOOK_SECRETS_KEY refuses to create or roll, says why, and writes nothing', async () => {
    const { key, hook } = await userWithHook('pro')
    const before = await stored(hook.id)
    const noKey = { WEBHOOK_SECRETS_KEY: '' }
    const created = expectError(
      await call('/api/v1/webhooks', { key, env: noKey, body: { url: HOOK_URL, events: ['*'] } }),
      500,
      'INTERNAL',
    )
    expect(created.message).toBe('Webhooks are not configured on this server (WEBHOOK_SECRETS_KEY is missing); contact support')
    expectError(await call(`/api/v1/webhooks/${hook.id}/roll-secret`, { key, env: noKey, method: 'POST' }), 500, 'INTERNAL')
    expect((await call('/api/v1/webhooks', { key })).json).toHaveLength(1)
    expect(await stored(hook.id)).toEqual(before)
  })
})
