// The load of `npm run soak`: who sends (keys on every plan; two keys of one Pro user share its month) and
// what (a weighted mix of the API's operations, good and bad input). Operation i draws from its own seeded
// stream, so the mix and every parameter are the same on every run with the same --seed, whatever the
// interleaving; only the ids it reuses (projects, orders…) depend on what was created first.
import { randomUUID } from 'node:crypto'
import { seededRandom } from '../lib/seeded-random.mjs'

/** Keys: [actor id, plan, user (same user → same email → shared monthly quota), share of the operations]. */
export const ACTORS = [
  ['free', 'free', 'free', 0.06],
  ['pro-a', 'pro', 'pro', 0.07],
  ['pro-b', 'pro', 'pro', 0.07],
  ['scale', 'scale', 'scale', 0.2],
  ['ent-1', 'enterprise', 'ent-1', 0.2],
  ['ent-2', 'enterprise', 'ent-2', 0.2],
  ['ent-3', 'enterprise', 'ent-3', 0.2],
]

const CITIES = [
  [43.6487, -79.3817],
  [45.5017, -73.5673],
  [49.2827, -123.1207],
  [51.0447, -114.0719],
  [53.5461, -113.4938],
  [45.4215, -75.6972],
  [43.4643, -80.5204],
  [49.8951, -97.1384],
  [44.6488, -63.5752],
  [46.8139, -71.208],
]
const ADDRESSES = [
  '100 Queen St W, Toronto, ON M5H 2N2',
  '75 King St S, Waterloo, ON',
  'King St N & Erb St W, Waterloo',
  '800 Robson St, Vancouver, BC V6Z 3B7',
  '50 Rideau St, Ottawa, ON K1N 9J7',
  '201 Portage Ave, Winnipeg, MB R3B 3K6',
  'H2X 1Y4',
  'Halifax, NS',
  '5 Main St, Yellowknife, NT',
  '1 Nowhere Lane, Atlantis, ZZ',
]

const pick = (rng, list) => list[Math.floor(rng() * list.length)]
const int = (rng, lo, hi) => lo + Math.floor(rng() * (hi - lo + 1))
const point = (rng) => {
  const [lat, lng] = pick(rng, CITIES)
  return { lat: +(lat + (rng() - 0.5) * 0.04).toFixed(5), lng: +(lng + (rng() - 0.5) * 0.06).toFixed(5) }
}
const location = (rng) => (rng() < 0.7 ? point(rng) : { address: pick(rng, ADDRESSES) })

/**
 * The operations: [name, weight, run(ctx, actor, rng)]. `ctx.send(actor, req)` sends and books one request;
 * `ctx.state` holds what the run created (ids per user) for later reads, cross-user reads and the
 * durability check. Webhook endpoints point at the run's loopback receiver (`ctx.hookUrl`, scripts/soak.mjs).
 * @type {[string, number, (ctx: any, actor: any, rng: () => number) => any][]}
 */
export const OPERATIONS = [
  ['score', 14, (ctx, a, rng) => ctx.send(a, { op: 'score', method: 'POST', path: '/api/v1/score', body: location(rng) })],
  [
    'compare',
    3,
    (ctx, a, rng) =>
      ctx.send(a, { op: 'compare', method: 'POST', path: '/api/v1/compare', body: { locations: [point(rng), location(rng), point(rng)] } }),
  ],
  [
    'batch',
    3,
    (ctx, a, rng) => {
      // The free user's batches are larger, so its monthly quota (1,000) runs out within the run.
      const n = a.plan === 'free' ? int(rng, 20, 60) : int(rng, 2, 5)
      const body = { locations: Array.from({ length: n }, () => point(rng)) }
      return ctx.send(a, { op: 'batch', method: 'POST', path: '/api/v1/score/batch', body, units: () => n, maxUnits: n })
    },
  ],
  [
    'nearby',
    1.5,
    (ctx, a, rng) => {
      const body = { ...point(rng), radiusM: int(rng, 100, 200), spacingM: 50 }
      return ctx.send(a, { op: 'nearby', method: 'POST', path: '/api/v1/score/nearby', body, units: (b) => b.quotaUnits, maxUnits: 4 })
    },
  ],
  ['me', 5, (ctx, a) => ctx.send(a, { op: 'me', path: '/api/v1/me' })],
  [
    'products',
    8,
    (ctx, a, rng) =>
      ctx.send(a, { op: 'products', path: rng() < 0.5 ? '/api/v1/products' : `/api/v1/products/${pick(rng, ctx.catalogue.slugs)}` }),
  ],
  [
    'project-create',
    3,
    async (ctx, a, rng) => {
      const res = await ctx.send(a, {
        op: 'project-create',
        method: 'POST',
        path: '/api/v1/projects',
        body: { name: `Soak ${int(rng, 1, 1e6)}` },
      })
      if (res.status === 201) ctx.state.created(a, 'projects', res.body.id, `/api/v1/projects/${res.body.id}`)
    },
  ],
  [
    'project-read',
    6,
    (ctx, a, rng) => {
      const own = ctx.state.own(a, 'projects', rng)
      return ctx.send(a, { op: 'project-read', path: own ? own.path : '/api/v1/projects' })
    },
  ],
  [
    'location-add',
    2,
    async (ctx, a, rng) => {
      const project = ctx.state.own(a, 'projects', rng)
      if (!project) return
      const res = await ctx.send(a, { op: 'location-add', method: 'POST', path: `${project.path}/locations`, body: location(rng) })
      if (res.status === 201) ctx.state.created(a, 'locations', res.body.id, `${project.path}/locations/${res.body.id}`)
    },
  ],
  [
    'location-read',
    4,
    (ctx, a, rng) => {
      const own = ctx.state.own(a, 'locations', rng)
      return own && ctx.send(a, { op: 'location-read', path: own.path })
    },
  ],
  [
    'cart-add',
    5,
    (ctx, a, rng) => {
      const headers = rng() < 0.3 ? { 'idempotency-key': randomUUID() } : undefined
      const body = { productVariantId: pick(rng, ctx.catalogue.variants), quantity: int(rng, 1, 3) }
      return ctx.send(a, { op: 'cart-add', method: 'POST', path: '/api/v1/cart', body, headers })
    },
  ],
  ['cart-read', 4, (ctx, a) => ctx.send(a, { op: 'cart-read', path: '/api/v1/cart' })],
  [
    'checkout',
    3,
    async (ctx, a, rng) => {
      await ctx.send(a, {
        op: 'checkout',
        method: 'POST',
        path: '/api/v1/cart',
        body: { productVariantId: pick(rng, ctx.catalogue.variants) },
      })
      const key = randomUUID()
      // A third of the checkouts is sent twice at once (a client retrying before the first answer).
      const copies = rng() < 0.33 ? 2 : 1
      await Promise.all(Array.from({ length: copies }, () => ctx.checkout(a, key)))
    },
  ],
  [
    'order-read',
    4,
    (ctx, a, rng) => {
      const own = ctx.state.own(a, 'orders', rng)
      return ctx.send(a, { op: 'order-read', path: own ? own.path : '/api/v1/orders' })
    },
  ],
  [
    'quote-create',
    2,
    async (ctx, a, rng) => {
      const body = { signType: 'Pylon sign', requirements: `Soak quote ${int(rng, 1, 1e6)}`, locationAddress: pick(rng, ADDRESSES) }
      const headers = { 'idempotency-key': randomUUID() }
      const res = await ctx.send(a, { op: 'quote-create', method: 'POST', path: '/api/v1/quotes', body, headers })
      if (res.status === 201) ctx.state.created(a, 'quotes', res.body.id, `/api/v1/quotes/${res.body.id}`)
    },
  ],
  [
    'quote-read',
    3,
    (ctx, a, rng) => {
      const own = ctx.state.own(a, 'quotes', rng)
      return ctx.send(a, { op: 'quote-read', path: own ? own.path : '/api/v1/quotes' })
    },
  ],
  [
    'report',
    0.2,
    async (ctx, a, rng) => {
      const res = await ctx.send(a, { op: 'report', method: 'POST', path: '/api/v1/reports/score', body: point(rng) })
      if (res.status === 201)
        ctx.state.created(a, 'reports', res.body.reportId, new URL(res.body.reportUrl).pathname + new URL(res.body.reportUrl).search)
    },
  ],
  ['report-list', 0.6, (ctx, a) => ctx.send(a, { op: 'report-list', path: '/api/v1/reports' })],
  [
    'webhook-create',
    0.4,
    async (ctx, a, rng) => {
      const body = { url: ctx.hookUrl(a, int(rng, 1, 1e6)), events: [pick(rng, HOOK_EVENTS), pick(rng, HOOK_EVENTS)] }
      const res = await ctx.send(a, {
        op: 'webhook-create',
        method: 'POST',
        path: '/api/v1/webhooks',
        body: { ...body, events: [...new Set(body.events)] },
      })
      // A plan's endpoint limit answers 403: an expected refusal, booked like any other.
      if (res.status === 201) ctx.state.created(a, 'webhooks', res.body.id, `/api/v1/webhooks/${res.body.id}`)
    },
  ],
  [
    'webhook-read',
    1,
    (ctx, a, rng) => {
      const own = ctx.state.own(a, 'webhooks', rng)
      return ctx.send(a, { op: 'webhook-read', path: own ? (rng() < 0.5 ? own.path : `${own.path}/deliveries`) : '/api/v1/webhooks' })
    },
  ],
  [
    'webhook-ping',
    0.3,
    (ctx, a, rng) => {
      const own = ctx.state.own(a, 'webhooks', rng)
      return own && ctx.send(a, { op: 'webhook-ping', method: 'POST', path: `${own.path}/test` })
    },
  ],
  [
    'cross-user',
    6,
    async (ctx, a, rng) => {
      const other = ctx.state.others(a, pick(rng, ['projects', 'locations', 'orders', 'quotes', 'webhooks']), rng)
      if (!other) return
      const res = await ctx.send(a, { op: 'cross-user', path: other.path })
      if (res.status !== 0 && res.status !== 429) ctx.crossUser(`${other.kind} ${other.id}`, res.status)
    },
  ],
  ['bad-input', 6, (ctx, a, rng) => ctx.send(a, { op: 'bad-input', ...pick(rng, BAD_REQUESTS) })],
]

/** The events a soak endpoint subscribes to (two drawn per endpoint): those the mix's own actions cause. */
const HOOK_EVENTS = ['order.status_changed', 'notification.created', 'quote.answered', 'report.ready', 'location.score_changed']

/** Wrong in every way a client gets it wrong: each must be a 4xx in the error envelope. */
const BAD_REQUESTS = [
  { method: 'POST', path: '/api/v1/score', raw: '{"lat":', headers: { 'content-type': 'application/json' } },
  { method: 'POST', path: '/api/v1/score', body: { lat: 85, lng: -75 } },
  { method: 'POST', path: '/api/v1/score', body: { lat: 42.33, lng: -83.05 } },
  { method: 'POST', path: '/api/v1/score', raw: 'lat=45', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { method: 'POST', path: '/api/v1/compare', body: { locations: [{ lat: 45, lng: -75 }] } },
  { method: 'POST', path: '/api/v1/score/batch', body: { locations: [] } },
  { method: 'DELETE', path: '/api/v1/score' },
  { path: '/api/v1/nope' },
  { path: '/api/v1/projects/not-a-uuid' },
  { path: `/api/v1/orders/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}` },
  { method: 'POST', path: '/api/v1/cart', body: { productVariantId: '20000000-0000-4000-8000-000000010001', quantity: 0 } },
  { method: 'POST', path: '/api/v1/quotes', body: { signType: ' ', requirements: 'x' } },
  { method: 'PATCH', path: '/api/v1/cart', body: { cartItemId: 'x', quantity: 2 } },
  { method: 'POST', path: '/api/v1/projects', body: { name: 'a\u202Eb' } },
]

/** The deterministic stream: operation i's actor, name and its own random source. */
export function operationStream(seed, actors) {
  const plan = seededRandom(seed)
  /** The item whose cumulative weight first reaches a uniform draw over the total. */
  const weighted = (items, weightOf) => {
    let left = plan() * items.reduce((s, item) => s + weightOf(item), 0)
    for (const item of items) {
      left -= weightOf(item)
      if (left <= 0) return item
    }
    return items.at(-1)
  }
  let i = 0
  return () => {
    const actor = weighted(actors, (a) => a.share)
    const [name, , run] = weighted(OPERATIONS, ([, w]) => w)
    const rng = seededRandom((seed * 1_000_003 + i++) >>> 0)
    return { actor, name, run: (ctx) => run(ctx, actor, rng) }
  }
}
