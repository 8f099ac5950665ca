// Delivering a user's due webhook events (docs/webhooks.md "Delivery"), run by their dispatcher's alarm.
// At least once: a delivery is claimed (its due time pushed CLAIM_SECONDS ahead) before it is sent and
// settled after, so a dispatcher that dies mid-send sends it again later, with the same event id.
import { and, asc, eq, gte, inArray, lte, min, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { getDb, schema, type Db } from '../../db/client'
import type { Env } from '../../env'
import { SIGNATURE_HEADER, signatureHeader } from '../../lib/webhook-signature'
import { notificationStatements } from '../notifications'
import { CLAIM_SECONDS, DELIVERY_TIMEOUT_MS, nextAttemptAt } from './schedule'
import { openWebhookSecret } from './secrets'
import { checkWebhookUrl } from './url-guard'

const { webhookDeliveries: deliveries, webhookEndpoints: endpoints, webhookEvents: events, webhookAttempts: attempts } = schema
type Endpoint = typeof endpoints.$inferSelect
type Event = typeof events.$inferSelect
type Delivery = typeof deliveries.$inferSelect

/** Deliveries sent per alarm; more due → the alarm is set again at once. */
export const DELIVERIES_PER_RUN = 25
/** Response bodies are not read beyond this (only the status counts). */
const ERROR_TEXT_MAX = 300
export const USER_AGENT = 'SignPlacement-Webhooks/1.0'

/** The envelope every receiver gets: the same bytes on every attempt, so the event id dedupes. */
export const envelopeOf = (e: Event) =>
  JSON.stringify({ id: e.id, type: e.type, created: e.createdAt, data: e.data, apiVersion: e.apiVersion })

export interface AttemptOutcome {
  ok: boolean
  responseCode: number | null
  latencyMs: number
  error: string | null
}

/** The secrets that sign now, opened: the current one, and a rolled-away one during its grace period. */
export function signingSecrets(env: Pick<Env, 'WEBHOOK_SECRETS_KEY'>, endpoint: Endpoint, now: Date): Promise<string[]> {
  const stored =
    endpoint.previousSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now.toISOString()
      ? [endpoint.secret, endpoint.previousSecret]
      : [endpoint.secret]
  return Promise.all(stored.map((s) => openWebhookSecret(s, env.WEBHOOK_SECRETS_KEY, endpoint.id)))
}

/** One POST to the endpoint. Never throws: timeouts, refusals and network errors are outcomes. */
export async function sendOnce(
  env: Pick<Env, 'ENVIRONMENT' | 'WEBHOOK_SECRETS_KEY'>,
  endpoint: Endpoint,
  event: Event,
  now: Date,
): Promise<AttemptOutcome> {
  const started = Date.now()
  const verdict = await checkWebhookUrl(env, endpoint.url)
  if (!verdict.ok) return { ok: false, responseCode: null, latencyMs: 0, error: `refused: ${verdict.reason}` }
  let secrets: string[]
  try {
    secrets = await signingSecrets(env, endpoint, now)
  } catch (e) {
    // A server misconfiguration, not the receiver's: nothing is sent unsigned; the delivery is retried on schedule.
    return { ok: false, responseCode: null, latencyMs: 0, error: `not signed: ${(e as Error).message}` }
  }
  const body = envelopeOf(event)
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    [SIGNATURE_HEADER]: await signatureHeader(secrets, Math.floor(now.getTime() / 1000), body),
    'Sign-Placement-Event-Id': event.id,
    'Sign-Placement-Event-Type': event.type,
  }
  try {
    // No redirects: a 3xx to an internal address would get round the URL rules.
    const res = await fetch(verdict.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    })
    await res.body?.cancel()
    const ok = res.status >= 200 && res.status < 300
    return { ok, responseCode: res.status, latencyMs: Date.now() - started, error: ok ? null : `receiver answered ${res.status}` }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const message = timedOut ? `timed out after ${DELIVERY_TIMEOUT_MS / 1000} s` : String(error)
    return { ok: false, responseCode: null, latencyMs: Date.now() - started, error: message.slice(0, ERROR_TEXT_MAX) }
  }
}

/** Claims up to DELIVERIES_PER_RUN due deliveries of the user; each claim is conditional, so two runs never share one. */
async function claimDue(db: Db, userId: string, now: Date): Promise<Delivery[]> {
  const at = now.toISOString()
  const due = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), eq(deliveries.status, 'pending'), lte(deliveries.nextAttemptAt, at)))
    .orderBy(asc(deliveries.nextAttemptAt))
    .limit(DELIVERIES_PER_RUN)
  if (!due.length) return []
  const lease = new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString()
  const claims = due.map((d) =>
    db
      .update(deliveries)
      .set({ nextAttemptAt: lease })
      .where(
        and(eq(deliveries.eventId, d.eventId), eq(deliveries.endpointId, d.endpointId), eq(deliveries.nextAttemptAt, d.nextAttemptAt!)),
      )
      .returning(),
  )
  const results = await db.batch(claims as unknown as [(typeof claims)[number], ...(typeof claims)[number][]])
  return results.flat()
}

/**
 * Sends the user's due deliveries and records each attempt. Returns when the next one is due (for the
 * alarm), or null when nothing is pending.
 */
export async function deliverDue(
  env: Pick<Env, 'DB' | 'ENVIRONMENT' | 'WEBHOOK_SECRETS_KEY'>,
  userId: string,
  now: Date = new Date(),
): Promise<Date | null> {
  const db = getDb(env.DB)
  const claimed = await claimDue(db, userId, now)
  if (claimed.length) {
    const [eps, evs] = await Promise.all([
      db
        .select()
        .from(endpoints)
        .where(inArray(endpoints.id, [...new Set(claimed.map((d) => d.endpointId))])),
      db
        .select()
        .from(events)
        .where(inArray(events.id, [...new Set(claimed.map((d) => d.eventId))])),
    ])
    const endpointById = new Map(eps.map((e) => [e.id, e]))
    const eventById = new Map(evs.map((e) => [e.id, e]))
    await Promise.all(
      claimed.map(async (d) => {
        const endpoint = endpointById.get(d.endpointId)
        const event = eventById.get(d.eventId)
        if (!endpoint || !event) return
        if (endpoint.status !== 'enabled') {
          await db
            .update(deliveries)
            .set({ status: 'failed', nextAttemptAt: null })
            .where(and(eq(deliveries.eventId, d.eventId), eq(deliveries.endpointId, d.endpointId)))
          return
        }
        const outcome = await sendOnce(env, endpoint, event, now)
        await settle(db, d, endpoint, event, outcome, now)
      }),
    )
  }
  const [next] = await db
    .select({ at: min(deliveries.nextAttemptAt) })
    .from(deliveries)
    .where(and(eq(deliveries.userId, userId), eq(deliveries.status, 'pending')))
  return next?.at ? new Date(next.at) : null
}

/** Records the attempt and moves the delivery on: done, retry later, or given up (which may disable the endpoint). */
async function settle(db: Db, d: Delivery, endpoint: Endpoint, event: Event, outcome: AttemptOutcome, now: Date) {
  const attempt = d.attempts + 1
  const at = now.toISOString()
  const retryAt = outcome.ok ? null : nextAttemptAt(attempt, now, Math.random())
  const status = outcome.ok ? 'succeeded' : retryAt ? 'pending' : 'failed'
  const thisDelivery = and(eq(deliveries.eventId, d.eventId), eq(deliveries.endpointId, d.endpointId))
  const statements: BatchItem<'sqlite'>[] = [
    db.insert(attempts).values({
      id: crypto.randomUUID(),
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: event.type,
      attempt,
      ...outcome,
      createdAt: at,
    }),
    db
      .update(deliveries)
      .set({ status, attempts: attempt, nextAttemptAt: retryAt?.toISOString() ?? null })
      .where(thisDelivery),
  ]
  if (status === 'failed' && !(await succeededSince(db, endpoint.id, d.createdAt)))
    statements.push(...disableStatements(db, endpoint, d.createdAt, now))
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
}

const succeededSince = async (db: Db, endpointId: string, since: string) =>
  (
    await db
      .select({ one: sql`1` })
      .from(attempts)
      .where(and(eq(attempts.endpointId, endpointId), eq(attempts.ok, true), gte(attempts.createdAt, since)))
      .limit(1)
  ).length > 0

/**
 * A delivery failed every attempt (over a day) and nothing reached the endpoint meanwhile: disable it, drop
 * its other pending deliveries, and tell the user (a notification, which is itself an event for their other endpoints).
 */
function disableStatements(db: Db, endpoint: Endpoint, failingSince: string, now: Date) {
  const reason = `Every delivery failed since ${failingSince}`
  return [
    db
      .update(endpoints)
      .set({ status: 'disabled', disabledReason: reason, updatedAt: now.toISOString() })
      .where(and(eq(endpoints.id, endpoint.id), eq(endpoints.status, 'enabled'))),
    db
      .update(deliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(and(eq(deliveries.endpointId, endpoint.id), eq(deliveries.status, 'pending'))),
    ...notificationStatements(
      db,
      endpoint.userId,
      {
        type: 'system',
        title: 'Webhook endpoint disabled',
        message:
          `Deliveries to ${endpoint.url} failed for more than a day, so the endpoint was disabled. ` +
          `See GET /api/v1/webhooks/${endpoint.id}/deliveries, fix the receiver, then PATCH it with {"enabled": true}.`,
        dedupeKey: `webhookDisabled:${endpoint.id}`,
      },
      now,
    ),
  ]
}
