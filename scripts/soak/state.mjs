// What a soak run created and was told: objects acknowledged with a 201 (per user, for reads by their
// owner, cross-user reads and the durability check after the restart) and the orders each
// Idempotency-Key's checkouts answered with.
import { checkCrossUser, checkOrderTotal } from './invariants.mjs'

export class RunState {
  constructor() {
    /** @type {Map<string, Map<string, { kind: string, id: string, path: string, owner: any, at: number }[]>>} user → kind → objects */
    this.byUser = new Map()
    /** @type {Map<string, { kind: string, id: string, path: string, owner: any, at: number }>} */
    this.all = new Map()
    /** @type {Map<string, Map<string, Set<string>>>} user → Idempotency-Key → order ids */
    this.checkouts = new Map()
    /** Checkouts sent whose answer was lost (crash): retried with the same key after the restart. */
    this.unanswered = []
    this.crossUserReads = 0
    /** Objects read back after the restart. */
    this.durableReads = 0
  }

  listOf(user, kind) {
    if (!this.byUser.has(user)) this.byUser.set(user, new Map())
    const kinds = this.byUser.get(user)
    if (!kinds.has(kind)) kinds.set(kind, [])
    return kinds.get(kind)
  }

  /** An object the API acknowledged with 201 (the same id twice, e.g. an idempotent replay, is kept once). */
  created(actor, kind, id, path) {
    if (this.all.has(id)) return
    const entry = { kind, id, path, owner: actor, at: Date.now() }
    this.all.set(id, entry)
    this.listOf(actor.user, kind).push(entry)
  }

  own(actor, kind, rng) {
    const list = this.listOf(actor.user, kind)
    return list.length ? list[Math.floor(rng() * list.length)] : undefined
  }

  others(actor, kind, rng) {
    const users = [...this.byUser.keys()].filter((u) => u !== actor.user && this.listOf(u, kind).length)
    if (!users.length) return undefined
    return this.own({ user: users[Math.floor(rng() * users.length)] }, kind, rng)
  }

  /** One answered checkout: its order's total against the catalogue, and the key → order record. */
  checkout(actor, key, res, prices) {
    if (res.status === 0) return void this.unanswered.push({ actor, key })
    if (res.status !== 201) return []
    if (!this.checkouts.has(actor.user)) this.checkouts.set(actor.user, new Map())
    const keys = this.checkouts.get(actor.user)
    const ids = keys.get(key) ?? new Set()
    keys.set(key, ids.add(res.body.id))
    this.created(actor, 'orders', res.body.id, `/api/v1/orders/${res.body.id}`)
    return checkOrderTotal(res.body, prices)
  }

  crossUser(what, status) {
    this.crossUserReads++
    return checkCrossUser(what, status)
  }
}
