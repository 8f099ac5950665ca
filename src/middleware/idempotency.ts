/**
 * Idempotency-Key support for POST routes (docs/decisions.md §2).
 *
 * Use: add `idempotency()` to a route that runs behind auth, e.g.
 *     createRoute({ method: 'post', path: '/orders', middleware: [idempotency()] as const, ... })
 *   or `router.use('/orders', idempotency())`. Options: { ttlSeconds = 86400, waitMs = 5000 }.
 *
 * What a client sees:
 * - No `Idempotency-Key` header: the request runs as usual.
 * - Header must be 1–255 visible ASCII characters (a UUID is ideal), else 400.
 * - Keys are scoped per user. The request fingerprint is method + path + the JSON body (canonical:
 *   key order and whitespace do not matter).
 * - Same key, same fingerprint, within ttl: the first response's status and body are replayed (with
 *   `Idempotent-Replayed: true`); the handler does not run again. Rate-limit and request-id headers
 *   are always this request's own.
 * - Same key, different fingerprint: 409 CONFLICT.
 * - Only 2xx responses are stored. A 4xx/5xx releases the key, so the client can fix and retry.
 * - Concurrent duplicates: the first request claims the key (INSERT … ON CONFLICT DO NOTHING, atomic in
 *   D1) before its handler runs; the others wait up to `waitMs` for the stored response and replay it,
 *   or get 409 with Retry-After when it is still running. So a handler never runs twice for one key.
 * - A claim whose worker died is taken over after LOCK_SECONDS.
 *
 * Crash safety (every idempotent route: orders, quotes, cart, reports/score): the handler's write batch
 * carries a completion statement, so the record turns 'done' (with the status and the id of what was
 * written) in the same transaction as the write. If the worker dies after that commit, before the
 * response body is stored, a retry replays instead of running the handler a second time:
 * - `completionStatement(c, d1, status, table, id)` for a route that creates a row with a known id
 *   (orders, quotes, reports); the replay renders it afresh through the route's `replayCreated`.
 * - `upsertCompletionStatement(c, d1, outcome)` for a write whose outcome is only known inside the
 *   transaction (the cart add: new item or increment). It must directly follow that write in the
 *   batch, counts only if the write changed exactly one row (SQLite `changes()`), and stores the
 *   status and body computed in SQL, so the replay is the original response byte for byte.
 * The lock-and-take-over above stays as the fallback for a worker dying before its batch commits.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { and, eq, exists, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { getDb, schema } from '../db/client'
import { principalOf } from './plan-gate'
import { sha256Hex } from '../lib/crypto'

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
export const REPLAYED_HEADER = 'Idempotent-Replayed'
const LOCK_SECONDS = 30
const POLL_MS = 40
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/

export interface IdempotencyOptions {
  /** How long a stored response is replayed (default 24 h). */
  ttlSeconds?: number
  /** How long a duplicate waits for a concurrent first request before answering 409 (default 5 s). */
  waitMs?: number
  /** Renders the response for a record completed in the handler's batch but without a stored body. */
  replayCreated?: (c: Context<AppEnv>, resourceId: string, status: ContentfulStatusCode) => Promise<Response>
}

const { idempotencyRecords: records } = schema
/** Tables a handler can name as holding what it created (the completion only counts if the row exists). */
const createdTables = { orders: schema.orders, quotes: schema.quotes, reports: schema.reports }
export type CreatedIn = keyof typeof createdTables

type Claim = NonNullable<AppEnv['Variables']['idempotencyClaim']>
type StoredRecord = Pick<typeof records.$inferSelect, 'requestHash' | 'state' | 'responseStatus' | 'responseBody' | 'resourceId'>
const storedColumns = {
  requestHash: records.requestHash,
  state: records.state,
  responseStatus: records.responseStatus,
  responseBody: records.responseBody,
  resourceId: records.resourceId,
}

export const idempotency = (options: IdempotencyOptions = {}): MiddlewareHandler<AppEnv> => {
  const ttlMs = (options.ttlSeconds ?? 86_400) * 1000
  const waitMs = options.waitMs ?? 5000
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER)
    if (key === undefined) return next()
    if (!KEY_PATTERN.test(key)) {
      throw new ApiError('BAD_REQUEST', 'Idempotency-Key must be 1–255 visible ASCII characters (a UUID is ideal)', {
        details: [{ path: IDEMPOTENCY_HEADER, message: 'invalid format' }],
      })
    }
    const userId = principalOf(c).userId
    const hash = await requestFingerprint(c.req.method, c.req.path, await c.req.text())
    const db = c.env.DB
    const started = Date.now()

    for (;;) {
      const { claimed, record } = await claim(db, userId, key, hash, ttlMs)
      if (claimed) return runAndStore(c, next, db, { userId, key })
      // Someone holds the key: it may have finished (replay), still be running (wait) or just released it.
      let current: StoredRecord | null = record
      while (current) {
        if (current.requestHash !== hash) {
          throw new ApiError('CONFLICT', 'This Idempotency-Key was already used with a different request; use a new key for a new request')
        }
        if (current.state === 'done') return replay(c, current, options)
        if (Date.now() - started > waitMs) {
          throw new ApiError('CONFLICT', 'A request with this Idempotency-Key is still in progress; retry shortly', {
            headers: { 'Retry-After': '1' },
          })
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        current = await read(db, userId, key)
      }
      // Released (the first attempt failed): claim again.
    }
  }
}

const isRecord = (claim: Claim) => and(eq(records.userId, claim.userId), eq(records.key, claim.key))

/** A drizzle query as a raw D1 statement, so it can join a `d1.batch([...])` (one transaction). */
const asStatement = (d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = query.toSQL()
  return d1.prepare(text).bind(...params)
}

/** Marks the claim done in the handler's batch; `completed` is meaningful once that batch committed. */
type CompletionValues = { status: number | SQL; resourceId: string | SQL; body?: SQL }

function completion(c: Context<AppEnv>, d1: D1Database, values: CompletionValues, condition: SQL) {
  const claim = c.get('idempotencyClaim')
  if (!claim) return undefined
  claim.completed = true
  const set = {
    state: 'done' as const,
    responseStatus: values.status,
    resourceId: values.resourceId,
    ...(values.body ? { responseBody: values.body } : {}),
  }
  return asStatement(
    d1,
    getDb(d1)
      .update(records)
      .set(set)
      .where(and(isRecord(claim), condition)),
  )
}

/**
 * For the handler's own write batch: marks this request's claim done, naming the row it created, in
 * the same transaction. Counts only if that row exists after the batch's earlier statements. Undefined
 * when the request carries no Idempotency-Key.
 */
export function completionStatement(
  c: Context<AppEnv>,
  d1: D1Database,
  status: number,
  table: CreatedIn,
  resourceId: string,
): D1PreparedStatement | undefined {
  const created = createdTables[table]
  const db = getDb(d1)
  return completion(c, d1, { status, resourceId }, exists(db.select({ one: sql`1` }).from(created).where(eq(created.id, resourceId))))
}

/**
 * For a write whose result is only known inside the transaction (an upsert): place it right after
 * that write in the batch. Counts only if the write changed exactly one row; `outcome` gives the
 * response status, the id and the response body as SQL evaluated in the same transaction.
 */
export function upsertCompletionStatement(
  c: Context<AppEnv>,
  d1: D1Database,
  outcome: { status: SQL; resourceId: SQL; body: SQL },
): D1PreparedStatement | undefined {
  // changes() is the row count of the previous completed INSERT/UPDATE/DELETE on this connection:
  // inside a batch (one transaction, statements in order) that is the write just before this one.
  return completion(c, d1, outcome, sql`changes() = 1`)
}

async function runAndStore(c: Context<AppEnv>, next: () => Promise<void>, d1: D1Database, claim: Claim) {
  c.set('idempotencyClaim', claim)
  try {
    await next()
  } catch (error) {
    // Releases only a still-pending claim: a record completed in the handler's batch stays done.
    await release(d1, claim)
    throw error
  }
  const status = c.res.status
  if (status < 200 || status >= 300) {
    await release(d1, claim)
    return
  }
  const body = await c.res.clone().text()
  const store = () =>
    getDb(d1).update(records).set({ state: 'done', responseStatus: status, responseBody: body }).where(isRecord(claim)).run()
  // Once the handler's batch completed the record, storing the body only makes replays byte-exact:
  // losing it costs a re-render on replay, so it must not turn a committed request into an error.
  if (claim.completed)
    await store().catch((error) =>
      console.error(JSON.stringify({ level: 'warn', event: 'idempotency-body-not-stored', error: String(error) })),
    )
  else await store()
}

async function replay(c: Context<AppEnv>, record: StoredRecord, options: IdempotencyOptions) {
  const status = (record.responseStatus ?? 200) as ContentfulStatusCode
  const response =
    record.responseBody === null && record.resourceId && options.replayCreated
      ? await options.replayCreated(c, record.resourceId, status)
      : c.body(record.responseBody ?? '', status, { 'Content-Type': 'application/json' })
  response.headers.set(REPLAYED_HEADER, 'true')
  return response
}

/** One batch = one transaction: drop expired/abandoned rows, try to insert the claim, read the winner. */
async function claim(d1: D1Database, userId: string, key: string, hash: string, ttlMs: number) {
  const db = getDb(d1)
  const now = new Date()
  const nowIso = now.toISOString()
  const abandoned = and(eq(records.key, key), eq(records.state, 'pending'), lte(records.lockedUntil, nowIso))
  const [, inserted, existing] = await db.batch([
    db.delete(records).where(and(eq(records.userId, userId), or(lte(records.expiresAt, nowIso), abandoned))),
    db
      .insert(records)
      .values({
        userId,
        key,
        requestHash: hash,
        state: 'pending',
        createdAt: nowIso,
        lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString(),
        expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
      })
      .onConflictDoNothing({ target: [records.userId, records.key] })
      .returning({ userId: records.userId }),
    db.select(storedColumns).from(records).where(isRecord({ userId, key })),
  ])
  return { claimed: inserted.length === 1, record: existing[0] ?? null }
}

const read = async (d1: D1Database, userId: string, key: string): Promise<StoredRecord | null> =>
  (await getDb(d1).select(storedColumns).from(records).where(isRecord({ userId, key })))[0] ?? null

const release = (d1: D1Database, claim: Claim) =>
  getDb(d1)
    .delete(records)
    .where(and(isRecord(claim), eq(records.state, 'pending')))
    .run()

/** SHA-256 over method, path and the body in canonical JSON form (raw text when it is not JSON). */
export async function requestFingerprint(method: string, path: string, body: string): Promise<string> {
  let canonical = body
  try {
    canonical = body.trim() ? canonicalJson(JSON.parse(body)) : ''
  } catch {
    // Not JSON: the route's validator will reject it; fingerprint the raw text meanwhile.
  }
  return sha256Hex(`${method.toUpperCase()} ${path}\n${canonical}`)
}

/** JSON with object keys sorted at every level, so {"a":1,"b":2} and {"b":2,"a":1} match. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}
