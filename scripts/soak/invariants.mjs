// The invariants `npm run soak` checks (docs/soak.md). Pure functions over what the run recorded: each
// returns a list of defects (strings); an empty list means the invariant held. test/node/soak-invariants.test.ts
// feeds each one a good and a bad history.

const REQUEST_ID = /^req_[0-9a-f]{24}$/

/**
 * One response: never a 5xx; every response that is not 2xx/304 is the one error envelope
 * `{"error":{"code","message",…,"requestId"}}` whose requestId is the X-Request-Id header.
 * @param {{ status: number, body: unknown, requestId?: string | null, contentType?: string | null }} res
 */
export function checkResponse(res) {
  const defects = []
  if (res.status >= 500) defects.push(`${res.status} answer`)
  if ((res.status >= 200 && res.status < 300) || res.status === 304) return defects
  const error = /** @type {any} */ (res.body)?.error
  if (!res.contentType?.startsWith('application/json')) defects.push(`${res.status} with content-type ${res.contentType}`)
  if (!error || typeof error !== 'object') return [...defects, `${res.status} outside the error envelope`]
  if (typeof error.code !== 'string' || !/^[A-Z_]+$/.test(error.code)) defects.push(`${res.status} envelope without an error code`)
  if (typeof error.message !== 'string' || !error.message) defects.push(`${res.status} envelope without a message`)
  if (typeof error.requestId !== 'string' || !REQUEST_ID.test(error.requestId)) defects.push(`${res.status} envelope without a requestId`)
  else if (res.requestId && res.requestId !== error.requestId) defects.push(`${res.status} envelope requestId differs from X-Request-Id`)
  const extra = Object.keys(/** @type {object} */ (res.body)).filter((k) => k !== 'error')
  if (extra.length) defects.push(`${res.status} envelope with extra top-level keys: ${extra.join(', ')}`)
  if (res.status === 429 && !['RATE_LIMITED', 'QUOTA_EXCEEDED'].includes(error.code)) defects.push(`429 with code ${error.code}`)
  return defects
}

/**
 * The per-minute limit of one key: in each minute window (told by X-RateLimit-Reset) at most `perMinute`
 * requests were admitted (anything but a 429), and a window that refused one (RATE_LIMITED) admitted
 * exactly `perMinute` — under-admission is allowed only in `disturbed` windows (a crash strands a lease,
 * or a request's fate is unknown).
 * @param {Map<number, { admitted: number, limited: number }>} windows reset (Unix s) → counts
 * @param {number} perMinute
 * @param {Set<number>} [disturbed] resets of windows a crash or unanswered request touched
 */
export function checkRateWindows(windows, perMinute, disturbed = new Set()) {
  const defects = []
  for (const [reset, { admitted, limited }] of windows) {
    const at = new Date((reset - 60) * 1000).toISOString().slice(11, 16)
    if (admitted > perMinute) defects.push(`minute ${at}: ${admitted} admitted, limit ${perMinute}`)
    else if (limited > 0 && admitted < perMinute && !disturbed.has(reset))
      defects.push(`minute ${at}: ${limited} refused with RATE_LIMITED after only ${admitted} of ${perMinute}`)
  }
  return defects
}

/**
 * A user's monthly quota: the usage the API reports equals the units of the requests it answered
 * (each admitted request 1, a batch 1 per location, a site-finder search its quotaUnits), plus at most
 * `slack` (units of requests whose answer was lost in a crash, and the leases a crash strands); no more
 * than the quota was admitted, and a one-unit request was refused with QUOTA_EXCEEDED only once the
 * month was used up (the API then reports it all used).
 * @param {{ reported: number, expected: number, slack?: number, limit: number, refusedOne?: number }} q
 */
export function checkQuota({ reported, expected, slack = 0, limit, refusedOne = 0 }) {
  const defects = []
  if (reported < expected) defects.push(`usage ${reported} below the ${expected} units answered`)
  if (reported > expected + slack) defects.push(`usage ${reported} above the ${expected} units answered (+${slack} allowed)`)
  if (expected > limit) defects.push(`${expected} units admitted, quota ${limit}`)
  if (refusedOne > 0 && reported < limit) defects.push(`QUOTA_EXCEEDED ${refusedOne}× with ${limit - reported} of ${limit} units left`)
  return defects
}

const cents = (money) => {
  const m = /^(\d+)\.(\d{2})$/.exec(String(money))
  return m ? Number(m[1]) * 100 + Number(m[2]) : Number.NaN
}

/**
 * One order as checkout answered it: every line's unit price is the catalogue's price of its variant,
 * line total = unit price × quantity, order total = Σ line totals (all in cents).
 * @param {any} order
 * @param {Map<string, string>} prices variant id → catalogue price ("4200.00")
 */
export function checkOrderTotal(order, prices) {
  const defects = []
  let sum = 0
  for (const item of order.items ?? []) {
    const want = prices.get(item.productVariantId)
    if (want === undefined) defects.push(`order ${order.id}: variant ${item.productVariantId} is not in the catalogue`)
    else if (cents(item.unitPrice) !== cents(want)) defects.push(`order ${order.id}: unit price ${item.unitPrice}, catalogue ${want}`)
    if (cents(item.lineTotal) !== cents(item.unitPrice) * item.quantity)
      defects.push(`order ${order.id}: line total ${item.lineTotal} ≠ ${item.unitPrice} × ${item.quantity}`)
    sum += cents(item.lineTotal)
  }
  if (!order.items?.length) defects.push(`order ${order.id} has no lines`)
  if (cents(order.total) !== sum) defects.push(`order ${order.id}: total ${order.total} ≠ Σ lines ${(sum / 100).toFixed(2)}`)
  return defects
}

/**
 * Idempotent checkouts of one user: every Idempotency-Key made at most one order (all its 201s name the
 * same order), and the user's order history holds exactly the orders the keys made — none lost, none extra.
 * @param {Map<string, Set<string>>} ordersByKey Idempotency-Key → order ids its 201 answers named
 * @param {string[]} history the ids GET /orders lists
 */
export function checkCheckouts(ordersByKey, history) {
  const defects = []
  const made = new Set()
  for (const [key, ids] of ordersByKey) {
    if (ids.size > 1) defects.push(`Idempotency-Key ${key} made ${ids.size} orders: ${[...ids].join(', ')}`)
    for (const id of ids) made.add(id)
  }
  const listed = new Set(history)
  if (listed.size !== history.length) defects.push('GET /orders lists an order twice')
  const lost = [...made].filter((id) => !listed.has(id))
  const extra = [...listed].filter((id) => !made.has(id))
  if (lost.length) defects.push(`${lost.length} acknowledged orders missing from GET /orders: ${lost.slice(0, 3).join(', ')}`)
  if (extra.length)
    defects.push(`${extra.length} orders no checkout was answered with (a retry made a second order?): ${extra.slice(0, 3).join(', ')}`)
  return defects
}

/** Another user's object read with this key: it must be 404 NOT_FOUND, never its content (nor a 403 that confirms it). */
export function checkCrossUser(what, status) {
  return status === 404 ? [] : [`${what} of another user answered ${status}, not 404`]
}

/**
 * After the crash and restart: every object whose creation was acknowledged (201) is still there.
 * @param {{ what: string, status: number }[]} reads the status of each re-read
 */
export function checkDurable(reads) {
  const lost = reads.filter((r) => r.status !== 200)
  return lost.length
    ? [
        `${lost.length} of ${reads.length} acknowledged objects not readable after the restart: ${lost
          .slice(0, 3)
          .map((r) => `${r.what} → ${r.status}`)
          .join(', ')}`,
      ]
    : []
}
