import { describe, it, expect } from 'vitest'
import { PUBLIC_API_PREFIXES } from '../../src/app'
import { documentedRoutes } from '../helpers/routes'
import { call, expectError } from '../helpers/api'

const routes = documentedRoutes().map(({ method, path }) => ({
  method,
  path: path.replace(/\{[^}]+\}/g, '5f0c6a62-3b7e-4f7e-9b0a-3f4f6f7d8e9a'),
}))

const keyed = routes.filter(
  (r) => r.path.startsWith('/api/v1/') && !PUBLIC_API_PREFIXES.some((p) => r.path.startsWith(p)) && r.path !== '/api/v1/openapi.json',
)
const staff = routes.filter((r) => r.path.startsWith('/admin/v1/'))

describe('security: every keyed route refuses callers without a valid key', () => {
  it.each(keyed.map((r) => [r.method, r.path]))('%s %s → 401 without a key, and with a malformed one', async (method, path) => {
    const body = method === 'GET' ? undefined : {}
    expectError(await call(path, { method, body }), 401, 'UNAUTHORIZED')
    expectError(await call(path, { method, body, key: 'sk_live_notarealkey' }), 401, 'UNAUTHORIZED')
    expectError(
      await call(path, { method, body, headers: { authorization: 'Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }),
      401,
      'UNAUTHORIZED',
    )
  })

  it.each(staff.map((r) => [r.method, r.path]))('staff route %s %s → 401 without the admin token', async (method, path) => {
    expectError(await call(path, { method, body: method === 'GET' ? undefined : {} }), 401, 'UNAUTHORIZED')
  })

  it('covers the routes that exist', () => {
    expect(keyed.length).toBeGreaterThan(0)
    expect(staff.length).toBeGreaterThan(0)
  })
})
