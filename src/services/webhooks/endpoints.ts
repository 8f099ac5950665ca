// Webhook endpoints (docs/webhooks.md): create (URL rules, plan limit), list, read, delete, roll the secret,
// the delivery log and the test ping. Another user's endpoint is 404, like every resource.
import { and, count, desc, eq, lt, ne, sql } from 'drizzle-orm'
import { getDb, schema, valueAs } from '../../db/client'
import { PING_EVENT, type WebhookEventType, type WebhookSubscription } from '../../db/schema/webhooks'
import { PLAN_LIMITS, PLAN_NAMES, type Plan } from '../../auth/plans'
import type { Env } from '../../env'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import { randomToken } from '../../lib/crypto'
import { isSealed } from '../../lib/secret-box'
import { eventStatements } from './outbox'
import { sealWebhookSecret, webhookSecretsKey } from './secrets'
import { checkWebhookUrl } from './url-guard'

export { PING_EVENT, WEBHOOK_EVENT_TYPES } from '../../db/schema/webhooks'
/** After a roll the old secret keeps signing (a second v1) this long, so receivers can switch without losing events. */
export const ROLLED_SECRET_GRACE_HOURS = 24
/** GET /webhooks/:id/deliveries shows this many attempts, newest first. */
export const ATTEMPTS_LIMIT = 100

const { webhookEndpoints: endpoints, webhookAttempts: attempts, webhookDeliveries: deliveries, webhookEvents: events } = schema
type Endpoint = typeof endpoints.$inferSelect

const newSecret = () => `whsec_${randomToken(24)}`
const NOT_FOUND = 'Webhook endpoint'

/** What the API shows of an endpoint: never its secrets (only creation and roll return the new one). */
export const toEndpointView = (e: Endpoint) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  status: e.status,
  disabledReason: e.disabledReason,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
})

export interface EndpointInput {
  url: string
  events: WebhookSubscription[]
  description?: string
}

export async function createEndpoint(
  env: Pick<Env, 'DB' | 'ENVIRONMENT' | 'WEBHOOK_SECRETS_KEY'>,
  user: { userId: string; plan: Plan },
  input: EndpointInput,
) {
  const key = webhookSecretsKey(env)
  const verdict = await checkWebhookUrl(env, input.url)
  if (!verdict.ok) throw badRequest(verdict.reason, [{ path: 'url', message: verdict.reason }])
  const db = getDb(env.DB)
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  const secret = newSecret()
  const sealed = await sealWebhookSecret(secret, key, id)
  const limit = PLAN_LIMITS[user.plan].webhookEndpoints
  const owned = db.select({ n: count() }).from(endpoints).where(eq(endpoints.userId, user.userId))
  // One conditional INSERT: two concurrent creations cannot both take the last place.
  const inserted = await db
    .insert(endpoints)
    .select(
      db
        .select({
          id: valueAs(id, endpoints.id),
          userId: schema.users.id,
          url: valueAs(verdict.url, endpoints.url),
          description: valueAs(input.description ?? null, endpoints.description),
          events: valueAs(JSON.stringify([...new Set(input.events)]), endpoints.events),
          secret: valueAs(sealed, endpoints.secret),
          previousSecret: valueAs(null, endpoints.previousSecret),
          previousSecretExpiresAt: valueAs(null, endpoints.previousSecretExpiresAt),
          status: valueAs('enabled', endpoints.status),
          disabledReason: valueAs(null, endpoints.disabledReason),
          createdAt: valueAs(now, endpoints.createdAt),
          updatedAt: valueAs(now, endpoints.updatedAt),
        })
        .from(schema.users)
        .where(and(eq(schema.users.id, user.userId), lt(sql`(${owned})`, limit))),
    )
    .returning()
  if (!inserted.length)
    throw forbidden(`Your ${PLAN_NAMES[user.plan]} plan allows ${limit} webhook endpoint${limit === 1 ? '' : 's'}; delete one or upgrade`)
  return { ...toEndpointView(inserted[0]), secret }
}

export async function listEndpoints(d1: D1Database, userId: string) {
  const rows = await getDb(d1).select().from(endpoints).where(eq(endpoints.userId, userId)).orderBy(desc(endpoints.createdAt))
  return rows.map(toEndpointView)
}

async function findEndpoint(d1: D1Database, userId: string, id: string): Promise<Endpoint> {
  const [row] = await getDb(d1)
    .select()
    .from(endpoints)
    .where(and(eq(endpoints.id, id), eq(endpoints.userId, userId)))
  if (!row) throw notFound(NOT_FOUND)
  return row
}

export const getEndpoint = async (d1: D1Database, userId: string, id: string) => toEndpointView(await findEndpoint(d1, userId, id))

/** Deletes the endpoint with its pending deliveries and log (cascade). */
export async function deleteEndpoint(d1: D1Database, userId: string, id: string) {
  const gone = await getDb(d1)
    .delete(endpoints)
    .where(and(eq(endpoints.id, id), eq(endpoints.userId, userId)))
    .returning({ id: endpoints.id })
  if (!gone.length) throw notFound(NOT_FOUND)
}

export interface EndpointPatch {
  url?: string
  events?: WebhookSubscription[]
  description?: string | null
  enabled?: boolean
}

/**
 * Changes an endpoint. `enabled: true` turns a disabled one back on (events from then on; deliveries dropped
 * when it was disabled are not resent); `enabled: false` pauses it. A new URL passes the same checks as at creation.
 */
export async function updateEndpoint(env: Pick<Env, 'DB' | 'ENVIRONMENT'>, userId: string, id: string, patch: EndpointPatch) {
  await findEndpoint(env.DB, userId, id)
  let url: string | undefined
  if (patch.url !== undefined) {
    const verdict = await checkWebhookUrl(env, patch.url)
    if (!verdict.ok) throw badRequest(verdict.reason, [{ path: 'url', message: verdict.reason }])
    url = verdict.url
  }
  const status = patch.enabled === undefined ? undefined : patch.enabled ? ('enabled' as const) : ('disabled' as const)
  const [row] = await getDb(env.DB)
    .update(endpoints)
    .set({
      url,
      events: patch.events && [...new Set(patch.events)],
      description: patch.description,
      status,
      disabledReason: status === undefined ? undefined : status === 'enabled' ? null : 'Disabled by you (PATCH enabled: false)',
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(endpoints.id, id), eq(endpoints.userId, userId)))
    .returning()
  if (!row) throw notFound(NOT_FOUND)
  return toEndpointView(row)
}

/** A new secret, shown once; the old one keeps signing for ROLLED_SECRET_GRACE_HOURS. */
export async function rollSecret(env: Pick<Env, 'DB' | 'WEBHOOK_SECRETS_KEY'>, userId: string, id: string, now: Date = new Date()) {
  const key = webhookSecretsKey(env)
  const current = await findEndpoint(env.DB, userId, id)
  const secret = newSecret()
  // One stored before secrets were sealed is sealed now, for the grace period it keeps signing.
  const [sealed, previous] = await Promise.all([
    sealWebhookSecret(secret, key, id),
    isSealed(current.secret) ? current.secret : sealWebhookSecret(current.secret, key, id),
  ])
  const expires = new Date(now.getTime() + ROLLED_SECRET_GRACE_HOURS * 3600_000).toISOString()
  const [row] = await getDb(env.DB)
    .update(endpoints)
    .set({ secret: sealed, previousSecret: previous, previousSecretExpiresAt: expires, updatedAt: now.toISOString() })
    .where(and(eq(endpoints.id, id), eq(endpoints.userId, userId), eq(endpoints.secret, current.secret)))
    .returning()
  if (!row) throw conflict('The secret was rolled meanwhile; roll again if you need another one')
  return { ...toEndpointView(row), secret, previousSecretExpiresAt: expires }
}

/** The endpoint's attempts, newest first. */
export async function listAttempts(d1: D1Database, userId: string, id: string) {
  await findEndpoint(d1, userId, id)
  return getDb(d1)
    .select({
      id: attempts.id,
      eventId: attempts.eventId,
      eventType: attempts.eventType,
      attempt: attempts.attempt,
      ok: attempts.ok,
      responseCode: attempts.responseCode,
      latencyMs: attempts.latencyMs,
      error: attempts.error,
      createdAt: attempts.createdAt,
    })
    .from(attempts)
    .where(eq(attempts.endpointId, id))
    .orderBy(desc(attempts.createdAt), desc(sql`rowid`))
    .limit(ATTEMPTS_LIMIT)
}

/** The caller's endpoint, which must be enabled to be sent anything (else 409). */
async function findEnabledEndpoint(d1: D1Database, userId: string, id: string): Promise<Endpoint> {
  const endpoint = await findEndpoint(d1, userId, id)
  if (endpoint.status !== 'enabled') throw conflict('This endpoint is disabled; PATCH it with {"enabled": true} first')
  return endpoint
}

/** Queues a `webhook.ping` for this endpoint only; its dispatcher is woken by the caller. */
export async function queuePing(d1: D1Database, userId: string, id: string, now: Date = new Date()) {
  const endpoint = await findEnabledEndpoint(d1, userId, id)
  const db = getDb(d1)
  const event = eventStatements(
    db,
    userId,
    { type: PING_EVENT, endpointId: id, data: { endpointId: id, url: endpoint.url, message: 'Test event from POST /webhooks/{id}/test' } },
    now,
  )
  await db.batch([...event.statements])
  return { eventId: event.id, type: PING_EVENT, status: 'queued' as const }
}

/**
 * Sends an event this endpoint was sent (succeeded or failed: kept after the endpoint was disabled) again: the same
 * event id and envelope, from the first attempt of the retry schedule. Its dispatcher is woken by the caller.
 */
export async function retryDelivery(d1: D1Database, userId: string, id: string, eventId: string, now: Date = new Date()) {
  await findEnabledEndpoint(d1, userId, id)
  const db = getDb(d1)
  const mine = and(eq(deliveries.eventId, eventId), eq(deliveries.endpointId, id), eq(deliveries.userId, userId))
  const [queued] = await db
    .update(deliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now.toISOString() })
    .where(and(mine, ne(deliveries.status, 'pending')))
    .returning({ eventId: deliveries.eventId })
  if (!queued) {
    const [pending] = await db.select({ eventId: deliveries.eventId }).from(deliveries).where(mine)
    if (pending) throw conflict('This event is already queued for this endpoint')
    throw notFound('Delivery of this event to this endpoint')
  }
  const [event] = await db.select({ type: events.type }).from(events).where(eq(events.id, eventId))
  return { eventId, type: event.type as WebhookEventType | typeof PING_EVENT, status: 'queued' as const }
}
