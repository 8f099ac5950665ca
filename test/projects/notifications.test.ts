import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { admin, call, createKey, expectError } from '../helpers/api'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

/** Writes `n` notifications for a user, one second apart, oldest first. */
async function seed(userId: string, n: number, start = Date.parse('2026-11-01T00:00:00Z')) {
  const rows = Array.from({ length: n }, (_, i) =>
    env.DB.prepare('INSERT INTO notifications (id, user_id, type, title, message, read, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)').bind(
      crypto.randomUUID(),
      userId,
      'orderStatus',
      `n${i}`,
      `message ${i}`,
      new Date(start + i * 1000).toISOString(),
    ),
  )
  await env.DB.batch(rows)
}

describe('welcome notification', () => {
  it('a new user gets one unread `system` welcome; a second key for the same user adds none', async () => {
    const email = `welcome-${Date.now()}@example.com`
    const { key } = await createKey('free', email)
    const res = await call('/api/v1/notifications', { key })
    expect(res.status).toBe(200)
    expect(res.json).toHaveLength(1)
    expect(res.json[0]).toMatchObject({ type: 'system', read: false })
    expect(res.json[0].title).toMatch(/Welcome/)
    await createKey('pro', email)
    await admin('/keys', { body: { email } })
    expect((await call('/api/v1/notifications', { key })).json).toHaveLength(1)
  })
})

describe('GET /api/v1/notifications', () => {
  it('returns the 50 newest, newest first, with the spec fields only', async () => {
    const { key, userId } = await createKey()
    await env.DB.prepare('DELETE FROM notifications WHERE user_id = ?').bind(userId).run()
    await seed(userId, 55)
    const res = await call('/api/v1/notifications', { key })
    expect(res.status).toBe(200)
    expect(res.json).toHaveLength(50)
    expect(res.json[0].title).toBe('n54')
    expect(res.json[49].title).toBe('n5')
    expect(Object.keys(res.json[0]).sort()).toEqual(['createdAt', 'id', 'message', 'read', 'title', 'type'])
  })
})

describe('PATCH /notifications/:id and POST /notifications/read-all', () => {
  it('PATCH {read:true} marks one read; read-all marks the rest and reports how many', async () => {
    const { key, userId } = await createKey()
    await seed(userId, 3)
    const [first] = (await call('/api/v1/notifications', { key })).json
    const res = await call(`/api/v1/notifications/${first.id}`, { key, method: 'PATCH', body: { read: true } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ id: first.id, read: true })
    const all = await call('/api/v1/notifications/read-all', { key, method: 'POST' })
    expect(all.status).toBe(200)
    expect(all.json).toEqual({ updated: 3 }) // two seeded + the welcome
    expect((await call('/api/v1/notifications', { key })).json.every((n: any) => n.read)).toBe(true)
    expect((await call('/api/v1/notifications/read-all', { key, method: 'POST' })).json).toEqual({ updated: 0 })
  })

  it('PATCH errors: read false or missing → 400; unknown or malformed id → 404', async () => {
    const { key, userId } = await createKey()
    await seed(userId, 1)
    const [n] = (await call('/api/v1/notifications', { key })).json
    expectError(await call(`/api/v1/notifications/${n.id}`, { key, method: 'PATCH', body: { read: false } }), 400, 'BAD_REQUEST')
    expectError(await call(`/api/v1/notifications/${n.id}`, { key, method: 'PATCH', body: {} }), 400, 'BAD_REQUEST')
    expectError(await call(`/api/v1/notifications/${UNKNOWN}`, { key, method: 'PATCH', body: { read: true } }), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/notifications/nope', { key, method: 'PATCH', body: { read: true } }), 404, 'NOT_FOUND')
  })

  it('a staff answer longer than a notification holds is cut to fit (the list stays within its declared schema)', async () => {
    const { key } = await createKey()
    const quote = await call('/api/v1/quotes', { key, body: { signType: 'Pylon sign', requirements: 'Two-sided' } })
    const answer = 'Detailed breakdown. '.repeat(200) // 4,000 characters: staff may write up to 5,000
    expect((await admin(`/quotes/${quote.json.id}/answer`, { body: { price: 1200, message: answer } })).status).toBe(200)
    const list = await call('/api/v1/notifications', { key })
    const note = list.json.find((n: any) => n.type === 'quoteResponse')
    expect(note.message).toHaveLength(2000)
    expect(answer.startsWith(note.message)).toBe(true)
  })

  it('no key → 401', async () => {
    expectError(await call('/api/v1/notifications'), 401, 'UNAUTHORIZED')
    expectError(await call('/api/v1/notifications/read-all', { method: 'POST' }), 401, 'UNAUTHORIZED')
  })
})
