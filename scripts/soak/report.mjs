// The account of a soak run: the account checks of each user and key (quota, minute windows, checkouts),
// and the one summary line CI reads.
import { checkCheckouts, checkQuota, checkRateWindows } from './invariants.mjs'
import { percentile } from './ledger.mjs'

/** A tenth of a key's minute: the most one isolate's lease holds (src/durable/rate-limiter.ts leaseCeiling). */
export const leaseCeiling = (perMinute) => Math.max(1, Math.ceil(perMinute / 10))

/**
 * The quota of one user, from one `GET /me` (or the X-Quota-* headers of its 429) sent by `reader`, one of
 * the user's keys. Slack: what the user's other keys may hold leased, the units of requests whose answer
 * was lost, and one lease per key stranded by each crash.
 * @param {import('./ledger.mjs').Actor[]} keys the user's keys
 */
export function quotaDefects(keys, reader, me, crashes) {
  const reported =
    me.status === 200 ? me.body.usage.requests : Number(me.headers?.get('x-quota-limit')) - Number(me.headers?.get('x-quota-remaining'))
  if (!Number.isFinite(reported)) return [`${reader.id}: GET /me answered ${me.status} without a usage`]
  const expected = keys.reduce((s, k) => s + k.units, 0)
  const held = keys.filter((k) => k !== reader).reduce((s, k) => s + leaseCeiling(k.perMinute), 0)
  const lost = keys.reduce((s, k) => s + k.unknownUnits + crashes * leaseCeiling(k.perMinute), 0)
  const refusedOne = keys.reduce((s, k) => s + k.refusedOne, 0)
  return checkQuota({ reported, expected, slack: held + lost, limit: reader.monthlyQuota, refusedOne }).map(
    (d) => `user ${reader.user}: ${d}`,
  )
}

/** Minute windows of every key. */
export function windowDefects(actors, disturbed) {
  return actors.flatMap((a) => checkRateWindows(a.windows, a.perMinute, disturbed).map((d) => `${a.id}: ${d}`))
}

/** Checkouts of every user against the history `GET /orders` lists. */
export function checkoutDefects(state, histories) {
  return [...histories].flatMap(([user, history]) =>
    checkCheckouts(state.checkouts.get(user) ?? new Map(), history).map((d) => `user ${user}: ${d}`),
  )
}

/** One line: requests, latency percentiles, defects. */
export function summaryLine({ requests, latencies, defects, seconds, restartSeconds }) {
  const ms = (p) => `${percentile(latencies, p).toFixed(0)} ms`
  return (
    `soak: ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s), ` +
    `p50 ${ms(50)}, p99 ${ms(99)}, restart ${restartSeconds.toFixed(1)} s, defects = ${defects}`
  )
}
