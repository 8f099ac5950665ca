import { describe, it, expect, beforeAll } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { catalogueCacheKey } from '../../src/lib/edge-cache'
import { CHANNEL_LETTERS, GLASS_NEON_INACTIVE, PYLON, PYLON_30FT_INACTIVE } from './fixtures'

let key: string
beforeAll(async () => {
  key = (await createKey('free')).key
})

/** Start a caching test from a cold entry (the Cache API may be shared across test files). */
const evict = (path: string) => caches.default.delete(catalogueCacheKey(path))

describe('catalogue: happy paths', () => {
  it('lists only active products, each with variants and min/max prices in dollars', async () => {
    const res = await call('/api/v1/products', { key })
    expect(res.status).toBe(200)
    const products = res.json as any[]
    expect(products.length).toBeGreaterThanOrEqual(12)
    expect(new Set(products.map((p) => p.category)).size).toBeGreaterThanOrEqual(8)
    expect(products.map((p) => p.id)).not.toContain(GLASS_NEON_INACTIVE)
    for (const p of products) {
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(p.variants.length).toBeGreaterThanOrEqual(3)
      expect(p.variants.length).toBeLessThanOrEqual(8)
      const prices = p.variants.map((v: any) => Number(v.price))
      expect(p.basePriceMin).toBe(Math.min(...prices))
      expect(p.basePriceMax).toBe(Math.max(...prices))
      expect(p.description).toBeUndefined()
    }
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length)
    const channel = products.find((p) => p.id === CHANNEL_LETTERS)
    expect(channel.variants[0]).toEqual({
      id: expect.any(String),
      sizeLabel: '12 in letters, up to 8 ft run',
      material: 'Aluminum returns, acrylic faces',
      price: '4200.00',
    })
  })

  it('hides inactive variants and ignores them in min/max', async () => {
    const res = await call(`/api/v1/products/${PYLON}`, { key })
    expect(res.status).toBe(200)
    expect(res.json.variants.map((v: any) => v.id)).not.toContain(PYLON_30FT_INACTIVE)
    expect(res.json.basePriceMax).toBe(52000)
    expect(res.json.basePriceMin).toBe(18500)
  })

  it('GET /products/:id accepts the id or the slug and includes the description', async () => {
    const byId = await call(`/api/v1/products/${CHANNEL_LETTERS}`, { key })
    const bySlug = await call('/api/v1/products/front-lit-channel-letters', { key })
    expect(byId.status).toBe(200)
    expect(bySlug.json).toEqual(byId.json)
    expect(byId.json.description).toMatch(/LED/)
    expect(byId.json.name).toBe('Front-lit LED channel letters')
  })

  it('filters by category', async () => {
    const res = await call('/api/v1/products?category=channel-letters', { key })
    expect(res.json.map((p: any) => p.slug).sort()).toEqual(['front-lit-channel-letters', 'halo-lit-channel-letters'])
  })
})

describe('catalogue: errors', () => {
  it.each([
    ['unknown uuid', '10000000-0000-4000-8000-000000009999'],
    ['unknown slug', 'no-such-sign'],
    ['inactive product', GLASS_NEON_INACTIVE],
    ['inactive slug', 'glass-neon-sign'],
    ['junk', 'a%20b%27%3B'],
  ])('404 for %s', async (_, id) => {
    expectError(await call(`/api/v1/products/${id}`, { key }), 404, 'NOT_FOUND')
  })

  it('needs a key', async () => {
    expectError(await call('/api/v1/products'), 401, 'UNAUTHORIZED')
    expectError(await call(`/api/v1/products/${CHANNEL_LETTERS}`), 401, 'UNAUTHORIZED')
  })

  it('an unknown or malformed category → 400 whose message and details list the categories there are', async () => {
    const categories = [...new Set((await call('/api/v1/products', { key })).json.map((p: any) => p.category))]
    for (const bad of ['no-such-thing', 'DROP%20TABLE', 'Pylon']) {
      const error = expectError(await call(`/api/v1/products?category=${bad}`, { key }), 400, 'BAD_REQUEST')
      expect(error.details?.[0].path).toBe('category')
      for (const category of categories) expect(error.details?.[0].message).toContain(`"${category}"`)
    }
  })
})

describe('catalogue: edge cache', () => {
  it('serves the second GET from the cache, with fresh per-request headers', async () => {
    await evict('/products')
    const first = await call('/api/v1/products', { key })
    const second = await call('/api/v1/products', { key })
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.text).toBe(first.text)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(second.headers.get('cache-control')).toMatch(/private/)
    // Headers are built per request, never replayed from the cached copy.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'))
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1)
  })

  it('a cached entry still needs a valid key, and never carries another user’s headers', async () => {
    await evict(`/products/${PYLON}`)
    const pro = await createKey('pro')
    const warm = await call(`/api/v1/products/${PYLON}`, { key: pro.key })
    expect(warm.headers.get('x-cache')).toBe('MISS')
    expectError(await call(`/api/v1/products/${PYLON}`), 401, 'UNAUTHORIZED')
    expectError(await call(`/api/v1/products/${PYLON}`, { key: `sk_live_${'A'.repeat(38)}` }), 401, 'UNAUTHORIZED')
    const other = await call(`/api/v1/products/${PYLON}`, { key })
    expect(other.headers.get('x-cache')).toBe('HIT')
    expect(other.headers.get('x-ratelimit-limit')).toBe('60') // free plan, not the pro user's 300
    expect(warm.headers.get('x-ratelimit-limit')).toBe('300')
    expect(other.headers.get('x-quota-limit')).toBe('1000')
  })

  it('the cached entry holds only the body, ETag and caching headers: nothing per user or per request', async () => {
    await evict('/products/vinyl-banner')
    const res = await call('/api/v1/products/vinyl-banner', { key })
    const entry = await caches.default.match(catalogueCacheKey('/products/vinyl-banner'))
    expect(entry).toBeDefined()
    expect(
      [...entry!.headers.keys()].filter(
        (h) => !['cache-control', 'content-type', 'etag', 'content-length', 'cf-cache-status', 'date', 'age', 'expires'].includes(h),
      ),
    ).toEqual([])
    expect(await entry!.text()).toBe(res.text)
    expect(entry!.headers.get('etag')).toBe(res.headers.get('etag'))
  })

  it('answers 304 with no body to a matching If-None-Match, 200 otherwise', async () => {
    const first = await call('/api/v1/products/halo-lit-channel-letters', { key })
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    const notModified = await call('/api/v1/products/halo-lit-channel-letters', { key, headers: { 'if-none-match': etag } })
    expect(notModified.status).toBe(304)
    expect(notModified.text).toBe('')
    expect(notModified.headers.get('etag')).toBe(etag)
    expect(notModified.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/)
    expect(
      (await call('/api/v1/products/halo-lit-channel-letters', { key, headers: { 'if-none-match': `W/${etag}, "other"` } })).status,
    ).toBe(304)
    const changed = await call('/api/v1/products/halo-lit-channel-letters', { key, headers: { 'if-none-match': '"stale"' } })
    expect(changed.status).toBe(200)
    expect(changed.json.slug).toBe('halo-lit-channel-letters')
  })

  it('a 304 still needs a valid key', async () => {
    const first = await call('/api/v1/products', { key })
    expectError(await call('/api/v1/products', { headers: { 'if-none-match': first.headers.get('etag')! } }), 401, 'UNAUTHORIZED')
  })
})
