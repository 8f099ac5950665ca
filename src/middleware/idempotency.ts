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
 * Crash safety: a route whose handler writes in a D1 batch adds `completionStatement(c, …)` to that
 * batch, so the record turns 'done' (with the status and the id of what was created) in the same
 * transaction as the write. If the worker dies after that commit, before the response body is stored,
 * a retry replays via the route's `replayCreated` (the created resource rendered afresh) instead of
 * running the handler a second time. Routes without it keep the lock-and-take-over behaviour.
 */
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
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

/** Tables a handler can name as holding what it created (the completion only counts if the row exists). */
export type CreatedIn = 'orders' | 'quotes'

type Claim = NonNullable<AppEnv['Variables']['idempotencyClaim']>

interface StoredRecord {
  request_hash: string
  state: 'pending' | 'done'
  response_status: number | null
  response_body: string | null
  resource_id: string | null
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
        if (current.request_hash !== hash) {
          throw new ApiError('CONFLICT', 'This Idempotency-Key was already used with a different request; use a new key for a new request')
        }
        if (current.state === 'done') return replay(c, current, options)
        if (Date.now() - started > waitMs) {
          throw new ApiError('CONFLICT', 'A request with this Idempotency-Key is still in progress; retry shortly', { headers: { 'Retry-After': '1' } })
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        current = await read(db, userId, key)
      }
      // Released (the first attempt failed): claim again.
    }
  }
}

/**
 * For the handler's own write batch: marks this request's claim done, naming the row it created, in
 * the same transaction. Counts only if that row exists after the batch's earlier statements. Undefined
 * when the request carries no Idempotency-Key.
 */
export function completionStatement(c: Context<AppEnv>, d1: D1Database, status: number, table: CreatedIn, resourceId: string): D1PreparedStatement | undefined {
  const claim = c.get('idempotencyClaim')
  if (!claim) return undefined
  claim.completed = true // meaningful once the handler succeeded, i.e. its batch committed
  return d1
    .prepare(
      `UPDATE idempotency_records SET state = 'done', response_status = ?, resource_id = ?
        WHERE user_id = ? AND key = ? AND EXISTS (SELECT 1 FROM ${table} WHERE id = ?)`,
    )
    .bind(status, resourceId, claim.userId, claim.key, resourceId)
}

async function runAndStore(c: Context<AppEnv>, next: () => Promise<void>, db: D1Database, claim: Claim) {
  c.set('idempotencyClaim', claim)
  try {
    await next()
  } catch (error) {
    // Releases only a still-pending claim: a record completed in the handler's batch stays done.
    await release(db, claim.userId, claim.key)
    throw error
  }
  const status = c.res.status
  if (status < 200 || status >= 300) {
    await release(db, claim.userId, claim.key)
    return
  }
  const body = await c.res.clone().text()
  const store = async () =>
    db
      .prepare("UPDATE idempotency_records SET state = 'done', response_status = ?, response_body = ? WHERE user_id = ? AND key = ?")
      .bind(status, body, claim.userId, claim.key)
      .run()
  // Once the handler's batch completed the record, storing the body only makes replays byte-exact:
  // losing it costs a re-render on replay, so it must not turn a committed request into an error.
  if (claim.completed) await store().catch((error) => console.error(JSON.stringify({ level: 'warn', event: 'idempotency-body-not-stored', error: String(error) })))
  else await store()
}

async function replay(c: Context<AppEnv>, record: StoredRecord, options: IdempotencyOptions) {
  const status = (record.response_status ?? 200) as ContentfulStatusCode
  const response =
    record.response_body === null && record.resource_id && options.replayCreated
      ? await options.replayCreated(c, record.resource_id, status)
      : c.body(record.response_body ?? '', status, { 'Content-Type': 'application/json' })
  response.headers.set(REPLAYED_HEADER, 'true')
  return response
}

/** One batch = one transaction: drop expired/abandoned rows, try to insert the claim, read the winner. */
async function claim(db: D1Database, userId: string, key: string, hash: string, ttlMs: number) {
  const now = new Date()
  const nowIso = now.toISOString()
  const [, inserted, existing] = await db.batch([
    db
      .prepare("DELETE FROM idempotency_records WHERE user_id = ? AND (expires_at <= ? OR (key = ? AND state = 'pending' AND locked_until <= ?))")
      .bind(userId, nowIso, key, nowIso),
    db
      .prepare(
        `INSERT INTO idempotency_records (user_id, key, request_hash, state, locked_until, expires_at, created_at)
         VALUES (?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (user_id, key) DO NOTHING RETURNING user_id`,
      )
      .bind(userId, key, hash, new Date(now.getTime() + LOCK_SECONDS * 1000).toISOString(), new Date(now.getTime() + ttlMs).toISOString(), nowIso),
    db.prepare('SELECT request_hash, state, response_status, response_body, resource_id FROM idempotency_records WHERE user_id = ? AND key = ?').bind(userId, key),
  ])
  return { claimed: inserted.results.length === 1, record: (existing.results[0] as StoredRecord | undefined) ?? null }
}

const read = (db: D1Database, userId: string, key: string) =>
  db.prepare('SELECT request_hash, state, response_status, response_body, resource_id FROM idempotency_records WHERE user_id = ? AND key = ?').bind(userId, key).first<StoredRecord>()

const release = (db: D1Database, userId: string, key: string) =>
  db.prepare("DELETE FROM idempotency_records WHERE user_id = ? AND key = ? AND state = 'pending'").bind(userId, key).run()

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
