// How long the webhook log is kept (docs/webhooks.md "Retention"): attempts, and events whose every delivery is
// settled (succeeded or failed), for WEBHOOK_RETENTION_DAYS; an event still being retried stays, whatever its age.
// Run by the daily cron after monitoring; each run deletes at most PRUNE_BATCH rows of each kind (a backlog drains
// over the following days), in one D1 batch.
import { and, eq, inArray, lt, ne, notExists } from 'drizzle-orm'
import { asStatement, getDb, schema } from '../../db/client'

export const WEBHOOK_RETENTION_DAYS = 30
export const PRUNE_BATCH = 5000
const { webhookAttempts: attempts, webhookDeliveries: deliveries, webhookEvents: events } = schema

export interface PruneSummary {
  attempts: number
  deliveries: number
  events: number
}

export async function pruneWebhookLog(d1: D1Database, now: Date = new Date()): Promise<PruneSummary> {
  const db = getDb(d1)
  const cutoff = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 86_400_000).toISOString()
  const oldSettled = db
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        lt(events.createdAt, cutoff),
        notExists(
          db
            .select()
            .from(deliveries)
            .where(and(eq(deliveries.eventId, events.id), eq(deliveries.status, 'pending'))),
        ),
      ),
    )
    .limit(PRUNE_BATCH)
  const oldAttempts = db.select({ id: attempts.id }).from(attempts).where(lt(attempts.createdAt, cutoff)).limit(PRUNE_BATCH)
  const orphans = db
    .select({ id: events.id })
    .from(events)
    .where(and(lt(events.createdAt, cutoff), notExists(db.select().from(deliveries).where(eq(deliveries.eventId, events.id)))))
    .limit(PRUNE_BATCH)
  const [a, d, e] = await d1.batch([
    asStatement(d1, db.delete(attempts).where(inArray(attempts.id, oldAttempts))),
    asStatement(d1, db.delete(deliveries).where(and(ne(deliveries.status, 'pending'), inArray(deliveries.eventId, oldSettled)))),
    // After the line above, an old event with no delivery left was settled everywhere (or never had an endpoint).
    asStatement(d1, db.delete(events).where(inArray(events.id, orphans))),
  ])
  return { attempts: a.meta.changes, deliveries: d.meta.changes, events: e.meta.changes }
}
