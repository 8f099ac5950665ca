// The one id rule (docs/ids.md), on every route with an id in its path: a UUID is matched in any case,
// a path segment that is not a UUID is 404. The route list comes from the OpenAPI registry, so a new
// route with an id parameter fails here until it has a case below.
import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { admin, call, createKey, expectError } from '../helpers/api'
import { documentedRoutes } from '../helpers/routes'
import { ID_PARAMS } from '../../src/lib/ids'
import { addLocation, createProject, share } from '../projects/fixtures'
import { CHANNEL_12IN } from '../commerce/fixtures'
import { getDb } from '../../src/db/client'
import { eventStatements } from '../../src/services/webhooks/outbox'

type Owner = Awaited<ReturnType<typeof createKey>>
/** A request whose path holds lower-case ids of things the owner (or staff) may reach, and its success status. */
interface Case {
  path: string
  body?: unknown
  staff?: boolean
  status: number
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g
const API = '/api/v1'

async function newOrder(owner: Owner) {
  await call(`${API}/cart`, { key: owner.key, body: { productVariantId: CHANNEL_12IN } })
  return (await call(`${API}/orders`, { key: owner.key, method: 'POST' })).json.id as string
}
async function newQuote(owner: Owner, quoted = false) {
  const id = (await call(`${API}/quotes`, { key: owner.key, body: { signType: 'Pylon sign', requirements: 'Two-sided' } })).json
    .id as string
  if (quoted) await admin(`/quotes/${id}/answer`, { body: { price: 100, message: 'ok' } })
  return id
}
async function newLocation(owner: Owner) {
  const projectId = await createProject(owner.key)
  return `${projectId}/locations/${(await addLocation(owner.key, projectId)).id}`
}
/** The seeded catalogue's ids have no hex letters, so this product's id is made to have some. */
async function productWithLetters() {
  const id = `abcdef00-0000-4000-8000-${crypto.randomUUID().slice(-12)}`
  await env.DB.batch([
    env.DB.prepare(
      'INSERT INTO products (id, slug, name, category, description, active, sort_order) VALUES (?, ' +
        "?, 'Id test', 'banners', 'For the id rule test', 1, 99)",
    ).bind(id, `id-test-${id.slice(-12)}`),
    env.DB.prepare(
      'INSERT INTO product_variants (id, product_id, size_label, material, price_cents, active, sort_order) ' +
        "VALUES (?, ?, '2 x 4 ft', 'Vinyl', 1000, 1, 1)",
    ).bind(crypto.randomUUID(), id),
  ])
  return id
}
async function newWebhook(owner: Owner) {
  return (await call(`${API}/webhooks`, { key: owner.key, body: { url: 'https://hooks.example.com/ids', events: ['*'] } })).json
    .id as string
}
const ownNotification = async (owner: Owner) => (await call(`${API}/notifications`, { key: owner.key })).json[0].id as string

/** Keyed by "METHOD path" as the OpenAPI document declares it. */
const CASES: Record<string, (owner: Owner) => Promise<Case>> = {
  [`GET ${API}/projects/{id}`]: async (o) => ({ path: `${API}/projects/${await createProject(o.key)}`, status: 200 }),
  [`PATCH ${API}/projects/{id}`]: async (o) => ({
    path: `${API}/projects/${await createProject(o.key)}`,
    body: { name: 'Renamed' },
    status: 200,
  }),
  [`DELETE ${API}/projects/{id}`]: async (o) => ({ path: `${API}/projects/${await createProject(o.key)}`, status: 200 }),
  [`POST ${API}/projects/{id}/locations`]: async (o) => ({
    path: `${API}/projects/${await createProject(o.key)}/locations`,
    body: { lat: 43.65, lng: -79.38 },
    status: 201,
  }),
  [`GET ${API}/projects/{id}/locations/{locationId}`]: async (o) => ({ path: `${API}/projects/${await newLocation(o)}`, status: 200 }),
  [`PATCH ${API}/projects/{id}/locations/{locationId}`]: async (o) => ({
    path: `${API}/projects/${await newLocation(o)}`,
    body: { monitored: true },
    status: 200,
  }),
  [`DELETE ${API}/projects/{id}/locations/{locationId}`]: async (o) => ({ path: `${API}/projects/${await newLocation(o)}`, status: 200 }),
  [`POST ${API}/projects/{id}/share`]: async (o) => ({
    path: `${API}/projects/${await createProject(o.key)}/share`,
    body: {},
    status: 201,
  }),
  [`GET ${API}/projects/{id}/shares`]: async (o) => ({ path: `${API}/projects/${await createProject(o.key)}/shares`, status: 200 }),
  [`DELETE ${API}/projects/{id}/shares/{shareId}`]: async (o) => {
    const projectId = await createProject(o.key)
    return { path: `${API}/projects/${projectId}/shares/${(await share(o.key, projectId)).id}`, status: 200 }
  },
  [`PATCH ${API}/notifications/{id}`]: async (o) => ({
    path: `${API}/notifications/${await ownNotification(o)}`,
    body: { read: true },
    status: 200,
  }),
  [`GET ${API}/orders/{id}`]: async (o) => ({ path: `${API}/orders/${await newOrder(o)}`, status: 200 }),
  [`GET ${API}/quotes/{id}`]: async (o) => ({ path: `${API}/quotes/${await newQuote(o)}`, status: 200 }),
  [`POST ${API}/quotes/{id}/accept`]: async (o) => ({ path: `${API}/quotes/${await newQuote(o, true)}/accept`, status: 200 }),
  [`POST ${API}/quotes/{id}/decline`]: async (o) => ({ path: `${API}/quotes/${await newQuote(o, true)}/decline`, status: 200 }),
  [`GET ${API}/webhooks/{id}`]: async (o) => ({ path: `${API}/webhooks/${await newWebhook(o)}`, status: 200 }),
  [`PATCH ${API}/webhooks/{id}`]: async (o) => ({ path: `${API}/webhooks/${await newWebhook(o)}`, body: { enabled: false }, status: 200 }),
  [`DELETE ${API}/webhooks/{id}`]: async (o) => ({ path: `${API}/webhooks/${await newWebhook(o)}`, status: 200 }),
  [`POST ${API}/webhooks/{id}/roll-secret`]: async (o) => ({ path: `${API}/webhooks/${await newWebhook(o)}/roll-secret`, status: 200 }),
  [`GET ${API}/webhooks/{id}/deliveries`]: async (o) => ({ path: `${API}/webhooks/${await newWebhook(o)}/deliveries`, status: 200 }),
  [`POST ${API}/webhooks/{id}/test`]: async (o) => ({ path: `${API}/webhooks/${await newWebhook(o)}/test`, status: 202 }),
  // An event queued for the endpoint (due far ahead, so nothing is sent): sending it again is 409, found.
  [`POST ${API}/webhooks/{id}/deliveries/{eventId}/retry`]: async (o) => {
    const hook = await newWebhook(o)
    const db = getDb(env.DB)
    const event = eventStatements(db, o.userId, { type: 'order.status_changed', data: {} }, new Date('2031-05-01T00:00:00Z'))
    await db.batch([...event.statements])
    return { path: `${API}/webhooks/${hook}/deliveries/${event.id}/retry`, status: 409 }
  },
  'POST /admin/v1/keys/{id}/revoke': async () => ({
    path: `/admin/v1/keys/${(await createKey()).keyId}/revoke`,
    staff: true,
    status: 200,
  }),
  'POST /admin/v1/orders/{id}/advance': async (o) => ({
    path: `/admin/v1/orders/${await newOrder(o)}/advance`,
    body: {},
    staff: true,
    status: 200,
  }),
  'POST /admin/v1/quotes/{id}/answer': async (o) => ({
    path: `/admin/v1/quotes/${await newQuote(o)}/answer`,
    body: { price: 100, message: 'ok' },
    staff: true,
    status: 200,
  }),
}

/** Path parameters that are not (only) UUIDs, and why; the two that also take a UUID follow the rule too. */
const OTHER_PATH_PARAMS: Record<string, string> = {
  [`GET ${API}/shared/{link}`]: 'a share token (base64url), not an id',
  'GET /share/{link}': 'a share token (base64url), not an id',
  [`GET ${API}/reports/files/{file}`]: 'a signed file name, <id>.pdf',
  [`GET ${API}/products/{id}`]: 'a UUID or a slug (case rule tested below)',
  'PATCH /admin/v1/users/{user}': 'a user UUID or an email (case rule tested below)',
}
const ALSO_TAKE_UUIDS: Record<string, (owner: Owner) => Promise<Case>> = {
  [`GET ${API}/products/{id}`]: async () => ({ path: `${API}/products/${await productWithLetters()}`, status: 200 }),
  'PATCH /admin/v1/users/{user}': async () => ({
    path: `/admin/v1/users/${(await createKey()).userId}`,
    body: { plan: 'pro' },
    staff: true,
    status: 200,
  }),
}

const routes = documentedRoutes().map((r) => {
  const shape = ((r.definition.request?.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {}) as Record<string, never>
  return { name: `${r.method} ${r.path}`, method: r.method, pathParams: Object.values(shape), path: r.path }
})
const withIds = routes.filter((r) => r.pathParams.some((p) => ID_PARAMS.has(p)))

const send = (c: Case, method: string, owner: Owner, path: string) =>
  c.staff ? admin(path.slice('/admin/v1'.length), { method, body: c.body }) : call(path, { key: owner.key, method, body: c.body })

describe('id rule: every id path parameter', () => {
  it('every documented path parameter is an id (parseId) or listed with its reason', () => {
    expect(withIds.map((r) => r.name).sort()).toEqual(Object.keys(CASES).sort())
    const others = routes.filter((r) => r.path.includes('{') && !withIds.includes(r)).map((r) => r.name)
    expect(others.sort()).toEqual(Object.keys(OTHER_PATH_PARAMS).sort())
  })

  const all = { ...CASES, ...ALSO_TAKE_UUIDS }
  it.each(Object.keys(all))('%s: an upper-case UUID finds the same thing; a malformed id is 404', async (name) => {
    const method = name.split(' ')[0]
    const owner = await createKey('enterprise')
    const c = await all[name](owner)
    const upper = c.path.replace(UUIDS, (id) => id.toUpperCase())
    expect(upper).not.toBe(c.path)
    const res = await send(c, method, owner, upper)
    expect(res.status, res.text).toBe(c.status)
    // Ids come back in lower case whatever case they were asked in.
    if (typeof res.json?.id === 'string') expect(res.json.id).toBe(res.json.id.toLowerCase())
    if (ALSO_TAKE_UUIDS[name]) return
    expectError(await send(c, method, owner, c.path.replace(UUIDS, 'not-a-uuid')), 404, 'NOT_FOUND')
  })
})
