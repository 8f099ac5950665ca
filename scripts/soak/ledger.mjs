// Every request of `npm run soak` goes through `send`: it times the request, checks the answer's shape
// (invariants.checkResponse) and books it on the key's ledger — minute windows (X-RateLimit-Reset) and
// monthly quota units — so the rate-limit and quota invariants can be checked against what the API reports.
import { checkResponse } from './invariants.mjs'

export const REQUEST_TIMEOUT_MS = 60_000

/**
 * @typedef {{ id: string, plan: string, key: string, userId?: string, perMinute: number, monthlyQuota: number,
 *   windows: Map<number, { admitted: number, limited: number }>, units: number, unknown: number, unknownUnits: number,
 *   refusedOne: number }} Actor
 */

/** @returns {Actor} */
export const newActor = (id, plan, key, limits) => ({
  id,
  plan,
  key,
  perMinute: limits.requestsPerMinute,
  monthlyQuota: limits.monthlyQuota,
  windows: new Map(),
  units: 0,
  unknown: 0,
  unknownUnits: 0,
  refusedOne: 0,
})

export class Ledger {
  constructor(base) {
    this.base = base
    /** @type {number[]} */
    this.latencies = []
    /** @type {string[]} */
    this.defects = []
    this.requests = 0
    this.statuses = new Map()
    this.unanswered = 0
    this.timeouts = 0
    /** True while the soak kills and restarts the server: the dev proxy may answer for the dead worker then. */
    this.crashing = false
    /** @type {Map<string, { n: number, ms: number }>} requests and their total latency per operation */
    this.byOp = new Map()
  }

  defect(text) {
    this.defects.push(text)
    if (this.defects.length <= 20) console.error(`  ✖ ${text}`)
  }

  /**
   * One request. `units(body)`: the monthly units a 2xx answer costs (default 1). Without an actor the
   * request is anonymous (public routes) and is not booked.
   * @param {Actor | null} actor
   * @param {{ method?: string, path: string, body?: unknown, raw?: string, headers?: Record<string, string>,
   *   units?: (body: any) => number, maxUnits?: number, op: string }} req
   * @returns {Promise<{ status: number, body: any, headers?: Headers }>} status 0: no answer (connection lost, timeout)
   */
  async send(actor, req) {
    const headers = { ...(req.headers ?? {}) }
    if (actor) headers['x-api-key'] = actor.key
    let body = req.raw
    if (req.body !== undefined) {
      body = JSON.stringify(req.body)
      headers['content-type'] ??= 'application/json'
    }
    this.requests++
    const started = performance.now()
    let res
    let parsed
    try {
      res = await fetch(`${this.base}${req.path}`, {
        method: req.method ?? 'GET',
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      const type = res.headers.get('content-type') ?? ''
      if (type.startsWith('application/json')) {
        const text = await res.text()
        try {
          parsed = JSON.parse(text)
        } catch {
          parsed = text
        }
      } else if (res.status >= 500)
        parsed = (await res.text()).slice(0, 300) // whoever answered outside the app says why
      else await res.arrayBuffer()
      // SIGKILL can reach workerd before wrangler's proxy, which then answers for it ("Your worker restarted
      // mid-request", 503 text/plain): that is the crash's lost answer, not the API's, so it counts as unanswered.
      if (this.crashing && res.status === 503 && typeof parsed === 'string' && parsed.startsWith('Your worker restarted'))
        throw new Error('answered by the dev proxy during the crash')
    } catch (error) {
      this.unanswered++
      if (error?.name === 'TimeoutError') {
        this.defect(`${req.op}: ${req.method ?? 'GET'} ${req.path} unanswered after ${REQUEST_TIMEOUT_MS / 1000} s`)
        // A server that stopped answering is one defect, not hours of timeouts: the run ends (exit 1).
        if (++this.timeouts >= 3) throw new Error(`${this.timeouts} requests unanswered for ${REQUEST_TIMEOUT_MS / 1000} s; stopping`)
      }
      if (actor) {
        actor.unknown++
        actor.unknownUnits += req.maxUnits ?? 1
      }
      return { status: 0, body: undefined }
    }
    const ms = performance.now() - started
    this.latencies.push(ms)
    const op = this.byOp.get(req.op) ?? { n: 0, ms: 0 }
    this.byOp.set(req.op, { n: op.n + 1, ms: op.ms + ms })
    this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1)
    const where = `${req.op}: ${req.method ?? 'GET'} ${req.path}`
    const contentType = res.headers.get('content-type')
    for (const d of checkResponse({ status: res.status, body: parsed, requestId: res.headers.get('x-request-id'), contentType }))
      this.defect(`${where}: ${d}${res.status >= 500 ? ` ${String(JSON.stringify(parsed)).slice(0, 300)}` : ''}`)
    if (actor) this.book(actor, req, res, parsed, where)
    return { status: res.status, body: parsed, headers: res.headers }
  }

  /** Books an answered request on its key: its minute window and its monthly units. */
  book(actor, req, res, body, where) {
    const reset = Number(res.headers.get('x-ratelimit-reset'))
    if (!reset) return this.defect(`${where}: ${res.status} without X-RateLimit-Reset`)
    const window = actor.windows.get(reset) ?? { admitted: 0, limited: 0 }
    actor.windows.set(reset, window)
    const code = body?.error?.code
    if (res.status === 429 && code === 'RATE_LIMITED') window.limited++
    else if (res.status === 429 && code === 'QUOTA_EXCEEDED' && body.error.details?.[0]?.path !== 'quota') actor.refusedOne++
    else {
      // Admitted in the minute; a batch or search refused for its units (details path "quota") costs no unit.
      window.admitted++
      if (res.status === 429) return
      actor.units += res.status >= 200 && res.status < 300 && req.units ? req.units(body) : 1
    }
  }
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values, p) {
  if (!values.length) return 0
  const sorted = Float64Array.from(values).sort()
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}
