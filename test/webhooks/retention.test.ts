// The webhook log's retention (services/webhooks/retention.ts): the daily cron deletes attempts and settled events
// older than 30 days; an event still being retried stays, whatever its age; recent rows stay.
import { env } from 'cloudflare:workers'
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '../../src/index'
import { getDb, schema } from '../../src/db/client'
import { eventStatements } from '../../src/services/webhooks/outbox'
import { pruneWebhookLog, WEBHOOK_RETENTION_DAYS } from '../../src/services/webhooks/retention'
import { rows, userWithHook } from './support'

const DAY = 86_400_000

/** An event for the user's endpoint created `daysAgo`, its delivery in `status`, with one logged attempt as old. */
async function eventAged(userId: string, endpointId: string, daysAgo: number, status: 'succeeded' | 'failed' | 'pending', now: Date) {
  const db = getDb(env.DB)
  const created = new Date(now.getTime() - daysAgo * DAY)
  const event = eventStatements(db, userId, { type: 'order.status_changed', data: { orderId: 'r' } }, created)
  await db.batch([...event.statements])
  await env.DB.prepare('UPDATE webhook_deliveries SET status = ?, next_attempt_at = ? WHERE event_id = ?')
    .bind(status, status === 'pending' ? new Date(now.getTime() + DAY).toISOString() : null, event.id)
    .run()
  await db.insert(schema.webhookAttempts).values({
    id: crypto.randomUUID(),
    endpointId,
    eventId: event.id,
    eventType: 'order.status_changed',
    attempt: 1,
    ok: status === 'succeeded',
    responseCode: status === 'succeeded' ? 200 : 500,
    latencyMs: 5,
    error: null,
    createdAt: created.toISOString(),
  })
  return event.id
}
const countOf = async (table: string, eventId: string) =>
  (await rows<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${table === 'webhook_events' ? 'id' : 'event_id'} = ?`, eventId))[0]
    .n

describe('webhook log retention', () => {
  it(`deletes attempts and settled events older than ${WEBHOOK_RETENTION_DAYS} days, keeps what is recent or still retried`, async () => {
    const now = new Date('2031-06-01T06:00:00Z')
    const { userId, hook } = await userWithHook('pro', ['order.status_changed'])
    const oldDone = await eventAged(userId, hook.id, WEBHOOK_RETENTION_DAYS + 5, 'succeeded', now)
    const oldFailed = await eventAged(userId, hook.id, WEBHOOK_RETENTION_DAYS + 5, 'failed', now)
    const oldPending = await eventAged(userId, hook.id, WEBHOOK_RETENTION_DAYS + 5, 'pending', now)
    const recent = await eventAged(userId, hook.id, 2, 'succeeded', now)
    const pruned = await pruneWebhookLog(env.DB, now)
    expect(pruned).toMatchObject({ deliveries: 2, events: 2 })
    expect(pruned.attempts).toBeGreaterThanOrEqual(3)
    for (const id of [oldDone, oldFailed]) {
      expect(await countOf('webhook_events', id)).toBe(0)
      expect(await countOf('webhook_deliveries', id)).toBe(0)
      expect(await countOf('webhook_attempts', id)).toBe(0)
    }
    // Still being retried: the event and its delivery stay (its old attempt goes).
    expect(await countOf('webhook_events', oldPending)).toBe(1)
    expect(await countOf('webhook_deliveries', oldPending)).toBe(1)
    for (const table of ['webhook_events', 'webhook_deliveries', 'webhook_attempts']) expect(await countOf(table, recent)).toBe(1)
    expect(await pruneWebhookLog(env.DB, now)).toMatchObject({ attempts: 0, deliveries: 0, events: 0 })
  })

  it('the daily cron prunes after monitoring', async () => {
    const { userId, hook } = await userWithHook('pro', ['order.status_changed'])
    const old = await eventAged(userId, hook.id, WEBHOOK_RETENTION_DAYS + 1, 'succeeded', new Date())
    const controller = createScheduledController({ scheduledTime: Date.now(), cron: '0 6 * * *' })
    const ctx = createExecutionContext()
    await worker.scheduled!(controller as any, env as any, ctx)
    await waitOnExecutionContext(ctx)
    expect(await countOf('webhook_events', old)).toBe(0)
  })
})
