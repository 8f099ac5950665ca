// Waking a user's webhook dispatcher (durable/webhook-dispatcher.ts). The outbox rows are the truth; a wake
// is only a hint that something is due, so a lost one (a worker dying right after its batch) is made up
// by the sweep the cron runs every minute (`wakeOverdue`).
import { and, eq, lte } from 'drizzle-orm'
import { getDb, schema } from '../../db/client'
import type { Env } from '../../env'

/** The cron that only sweeps for overdue deliveries (wrangler.toml [triggers]; src/index.ts tells it from the monitoring one). */
export const WEBHOOK_SWEEP_CRON = '* * * * *'

export type WakeEnv = Pick<Env, 'WEBHOOKS'>

/** Ask the user's dispatcher to deliver what is due. Never throws: a failed wake is swept up later. */
export async function wakeDispatcher(env: WakeEnv, userId: string): Promise<void> {
  try {
    await env.WEBHOOKS.get(env.WEBHOOKS.idFromName(userId)).wake(userId)
  } catch (error) {
    console.log(JSON.stringify({ event: 'webhook_wake_failed', userId, error: String(error) }))
  }
}

/** Wakes the dispatcher of every user with a delivery due before `now` (the cron's sweep). How many were woken. */
export async function wakeOverdue(env: Pick<Env, 'DB' | 'WEBHOOKS'>, now: Date = new Date()): Promise<number> {
  const d = schema.webhookDeliveries
  const rows = await getDb(env.DB)
    .selectDistinct({ userId: d.userId })
    .from(d)
    .where(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now.toISOString())))
    .limit(1000)
  await Promise.all(rows.map((r) => wakeDispatcher(env, r.userId)))
  return rows.length
}
