// The outbox: an event is written in the same D1 batch as the change it reports. A failure between the
// change and its event (a trigger that aborts the event's INSERT, a worker dying mid-batch) leaves
// neither; a change that does not happen writes no event; users without endpoints get no event rows.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { admin, createKey } from '../helpers/api'
import { runMonitoring } from '../../src/services/monitoring'
import { expectDocumented, fakeReceiver, orderOf, rows, userWithHook } from './support'
import { METHODOLOGY_VERSION } from '../../src/scoring'

afterEach(() => vi.restoreAllMocks())

async function withTrigger(sql: string, run: () => Promise<void>) {
  await env.DB.exec(sql)
  try {
    await run()
  } finally {
    await env.DB.exec('DROP TRIGGER IF EXISTS webhook_fault')
  }
}
const statusOf = async (orderId: string) => (await rows<{ status: string }>('SELECT status FROM orders WHERE id = ?', orderId))[0].status
const eventsOf = (userId: string) => rows<{ type: string; data: string }>('SELECT type, data FROM webhook_events WHERE user_id = ?', userId)
const notificationsOf = (userId: string, type: string) => rows('SELECT 1 FROM notifications WHERE user_id = ? AND type = ?', userId, type)

describe('outbox atomicity', () => {
  it('the event INSERT fails after the order update ran → the order status, its notification and its event all roll back', async () => {
    fakeReceiver()
    const { key, userId } = await userWithHook('pro', ['order.status_changed'])
    const order = await orderOf(key)
    await withTrigger(
      "CREATE TRIGGER webhook_fault BEFORE INSERT ON webhook_events BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
      async () => {
        const res = await admin(`/orders/${order.id}/advance`, { body: {}, contract: false })
        expect(res.status).toBe(500)
      },
    )
    expect(await statusOf(order.id)).toBe('ordered')
    expect(await notificationsOf(userId, 'orderStatus')).toHaveLength(0)
    expect(await eventsOf(userId)).toHaveLength(0)
    expect(await rows('SELECT 1 FROM webhook_deliveries WHERE user_id = ?', userId)).toHaveLength(0)
    // Without the fault the same change writes all three.
    expect((await admin(`/orders/${order.id}/advance`, { body: {} })).status).toBe(200)
    expect(await statusOf(order.id)).toBe('in_production')
    expect((await eventsOf(userId)).map((e) => e.type)).toEqual(['order.status_changed'])
    expect(await rows('SELECT 1 FROM webhook_deliveries WHERE user_id = ?', userId)).toHaveLength(1)
  })

  it('the change fails after the event was queued in the batch → no event is invented', async () => {
    fakeReceiver()
    const { key, userId } = await userWithHook('pro', ['*'])
    const order = await orderOf(key)
    // The notification INSERT comes after the order UPDATE and before the events: fail it.
    await withTrigger(
      "CREATE TRIGGER webhook_fault BEFORE INSERT ON notifications BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
      async () => {
        expect((await admin(`/orders/${order.id}/advance`, { body: {}, contract: false })).status).toBe(500)
      },
    )
    expect(await statusOf(order.id)).toBe('ordered')
    expect(await eventsOf(userId)).toHaveLength(0)
  })

  it('a refused change (409) writes no event', async () => {
    const { key, userId } = await userWithHook('pro', ['*'])
    const order = await orderOf(key)
    expect((await admin(`/orders/${order.id}/advance`, { body: { status: 'installed' } })).status).toBe(409)
    expect(await eventsOf(userId)).toHaveLength(0)
  })

  it('a user with no endpoint, or none subscribed to the type, gets no event rows', async () => {
    const plain = await createKey('pro')
    const order = await orderOf(plain.key)
    expect((await admin(`/orders/${order.id}/advance`, { body: {} })).status).toBe(200)
    expect(await eventsOf(plain.userId)).toHaveLength(0)
    const other = await userWithHook('pro', ['report.ready'])
    const second = await orderOf(other.key)
    expect((await admin(`/orders/${second.id}/advance`, { body: {} })).status).toBe(200)
    expect(await eventsOf(other.userId)).toHaveLength(0)
  })

  it('the monitoring cron writes location.score_changed with the location update, and only then', async () => {
    fakeReceiver()
    const { key, userId } = await userWithHook('pro', ['location.score_changed'])
    const { call } = await import('../helpers/api')
    const project = (await call('/api/v1/projects', { key, body: { name: 'Hooks' } })).json
    const loc = (await call(`/api/v1/projects/${project.id}/locations`, { key, body: { lat: 43.6528, lng: -79.384 } })).json
    expect(
      (await call(`/api/v1/projects/${project.id}/locations/${loc.id}`, { key, method: 'PATCH', body: { monitored: true } })).status,
    ).toBe(200)
    // Pretend the stored score was 20 points lower, so the re-score is a significant change.
    await env.DB.prepare('UPDATE saved_locations SET latest_score = latest_score - 20 WHERE id = ?').bind(loc.id).run()
    await withTrigger(
      "CREATE TRIGGER webhook_fault BEFORE INSERT ON webhook_events BEGIN SELECT RAISE(ABORT, 'injected fault'); END",
      async () => {
        await expect(runMonitoring(env)).rejects.toThrow(/injected fault/)
      },
    )
    expect(await eventsOf(userId)).toHaveLength(0)
    expect(await notificationsOf(userId, 'scoreChange')).toHaveLength(0)
    await runMonitoring(env)
    const [event] = await eventsOf(userId)
    expect(event.type).toBe('location.score_changed')
    const [row] = await rows<any>('SELECT * FROM webhook_events WHERE user_id = ?', userId)
    expectDocumented({ id: row.id, type: row.type, created: row.created_at, data: JSON.parse(row.data), apiVersion: row.api_version })
    expect(JSON.parse(event.data)).toMatchObject({
      locationId: loc.id,
      projectId: project.id,
      current: { overallScore: expect.any(Number), methodologyVersion: METHODOLOGY_VERSION },
    })
    expect(await notificationsOf(userId, 'scoreChange')).toHaveLength(1)
  })
})
