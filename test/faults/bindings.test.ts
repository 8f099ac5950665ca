import { describe, it, expect } from 'vitest'
import { env } from 'cloudflare:workers'
import { ADMIN_TOKEN, call, createKey } from '../helpers/api'

/** A D1 binding that fails the n-th statement execution (run/all/first/raw/batch), like a D1 outage mid-request. */
function flakyD1(failAt: number): D1Database {
  let calls = 0
  const fail = () => {
    if (++calls === failAt) throw new Error('D1_ERROR: simulated network connection lost')
  }
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver)
        if (prop === 'bind') return (...args: unknown[]) => wrapStatement(value.apply(target, args))
        if (['run', 'all', 'first', 'raw'].includes(prop as string))
          return (...args: unknown[]) => {
            fail()
            return value.apply(target, args)
          }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  return new Proxy(env.DB, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      if (prop === 'prepare') return (sql: string) => wrapStatement(value.call(target, sql))
      if (prop === 'batch')
        return (stmts: D1PreparedStatement[]) => {
          fail()
          return value.call(target, stmts)
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A request with some bindings swapped for broken ones: not contract-checked, the faults are injected. */
const fetchWith = (
  bindings: Partial<typeof env>,
  path: string,
  init: { method?: string; body?: unknown; key?: string; admin?: boolean } = {},
) =>
  call(path, {
    method: init.method,
    body: init.body,
    key: init.key,
    headers: init.admin ? { authorization: `Bearer ${ADMIN_TOKEN}` } : {},
    env: bindings,
    contract: false,
  })

const expectErrorFree = (json: any) => expect(json.error).toBeUndefined()

describe('faults: a failing binding mid-request', () => {
  it('D1 failing during a multi-step write → 500 envelope with requestId, nothing written, next request fine', async () => {
    const email = 'fault-victim@example.com'
    const failed = await fetchWith({ DB: flakyD1(1) }, '/admin/v1/keys', { method: 'POST', admin: true, body: { email, plan: 'pro' } })
    expect(failed.status).toBe(500)
    expect(failed.json.error.code).toBe('INTERNAL')
    expect(failed.json.error.requestId).toBe(failed.headers.get('x-request-id'))
    expect(JSON.stringify(failed.json)).not.toMatch(/D1_ERROR|simulated|stack/)
    const users = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>()
    expect(users?.n).toBe(0)
    const retry = await fetchWith({}, '/admin/v1/keys', { method: 'POST', admin: true, body: { email, plan: 'pro' } })
    expect(retry.status).toBe(201)
  })

  it('D1 failing during authentication → 500 envelope, not a 401 and not a crash', async () => {
    const { key } = await createKey('pro')
    await env.KEYS.list().then((l) => Promise.all(l.keys.map((k) => env.KEYS.delete(k.name)))) // force the D1 path
    const failed = await fetchWith({ DB: flakyD1(1) }, '/api/v1/me', { key })
    expect(failed.status).toBe(500)
    expect(failed.json.error.code).toBe('INTERNAL')
    expect((await fetchWith({}, '/api/v1/me', { key })).status).toBe(200)
  })

  it('KV failing → auth falls back to D1 (KV is only a cache) and the request succeeds', async () => {
    const { key } = await createKey('pro')
    const brokenKv = new Proxy(env.KEYS, {
      get(target, prop, receiver) {
        if (prop === 'get') return () => Promise.reject(new Error('KV GET failed: 503'))
        const value = Reflect.get(target, prop, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const degraded = await fetchWith({ KEYS: brokenKv }, '/api/v1/me', { key })
    expect(degraded.status).toBe(200)
    expect(degraded.json.user.plan).toBe('pro')
    expectErrorFree(degraded.json)
    const tampered = await fetchWith({ KEYS: brokenKv }, '/api/v1/me', { key: key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A') })
    expect(tampered.status).toBe(401)
  })
})
