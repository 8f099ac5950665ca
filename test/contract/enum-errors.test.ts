// Issue 24: an invalid enum value is a 400 whose details list the valid values. The audit walks every
// request-side enum in the OpenAPI document (parameters and bodies); each must have a case below, so a new
// enum without one fails here until it is checked.
import { describe, it, expect } from 'vitest'
import { ADMIN_TOKEN, call, createKey, expectError } from '../helpers/api'

type Json = Record<string, any>

/** "METHOD path where" → the enum's values, for every enum reachable from a request's parameters or body. */
function requestEnums(doc: Json): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>()
  const walk = (schema: Json | undefined, pointer: string, seen: Set<string>) => {
    if (!schema || typeof schema !== 'object') return
    if (schema.$ref) {
      if (!seen.has(schema.$ref)) walk(doc.components.schemas[schema.$ref.split('/').pop()], pointer, new Set([...seen, schema.$ref]))
      return
    }
    if (Array.isArray(schema.enum) && schema.enum.length > 1) out.set(pointer, schema.enum)
    for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v as Json, `${pointer}.${k}`, seen)
    if (schema.items) walk(schema.items, `${pointer}.0`, seen)
    for (const key of ['anyOf', 'oneOf', 'allOf']) for (const s of schema[key] ?? []) walk(s, pointer, seen)
  }
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const where = `${method.toUpperCase()} ${path}`
      for (const p of op.parameters ?? []) walk(p.schema, `${where} ${p.in}:${p.name}`, new Set())
      walk(op.requestBody?.content?.['application/json']?.schema, `${where} body`, new Set())
    }
  }
  return out
}

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
/** A copy of `body` with the value at a dotted path ("scoreResult.warnings.0.code") replaced. */
function withValue(body: Json, path: string[], value: unknown): Json {
  const copy = structuredClone(body)
  let node: any = copy
  for (const [i, part] of path.slice(0, -1).entries()) {
    node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {}
    node = node[part]
  }
  node[path.at(-1)!] = value
  return copy
}

describe('errors teach: every enum lists its valid values', () => {
  it('each request enum in the OpenAPI document, given "bogus", → 400 whose details name the field and every valid value', async () => {
    const doc = (await call('/api/v1/openapi.json')).json
    const enums = requestEnums(doc)
    const { key } = await createKey('enterprise')
    const score = (await call('/api/v1/score', { key, body: { lat: 45.5017, lng: -73.5673 } })).json
    const warning = { code: 'LOCATED_AT_CITY', message: 'x' }
    // How to send a request to each operation whose only fault is the enum value.
    const bases: Record<string, { url: string; headers?: Record<string, string>; body?: Json; method?: string }> = {
      'POST /admin/v1/keys': { url: '/admin/v1/keys', headers: admin, body: { email: 'enum@example.com' } },
      'PATCH /admin/v1/users/{user}': { url: '/admin/v1/users/enum%40example.com', headers: admin, body: {}, method: 'PATCH' },
      'POST /admin/v1/orders/{id}/advance': { url: `/admin/v1/orders/${crypto.randomUUID()}/advance`, headers: admin, body: {} },
      'GET /admin/v1/orders': { url: '/admin/v1/orders', headers: admin },
      'POST /api/v1/webhooks': { url: '/api/v1/webhooks', body: { url: 'https://hooks.example.com/enum', events: ['*'] } },
      'PATCH /api/v1/webhooks/{id}': { url: `/api/v1/webhooks/${crypto.randomUUID()}`, body: {}, method: 'PATCH' },
      'GET /admin/v1/quotes': { url: '/admin/v1/quotes', headers: admin },
      'POST /api/v1/ai/recommend': { url: '/api/v1/ai/recommend', body: { scoreResult: { ...score, warnings: [warning] } } },
      'POST /api/v1/score': { url: '/api/v1/score', body: { lat: 45.5017, lng: -73.5673 } },
      'POST /api/v1/compare': {
        url: '/api/v1/compare',
        body: {
          locations: [
            { lat: 45.5017, lng: -73.5673 },
            { lat: 45.5, lng: -73.57 },
          ],
        },
      },
      'POST /api/v1/roi': { url: '/api/v1/roi', body: { overallScore: 50, signCost: 100 } },
      'POST /api/v1/reports/score': { url: '/api/v1/reports/score', body: { lat: 45.5017, lng: -73.5673 } },
    }
    expect(enums.size).toBeGreaterThanOrEqual(10)
    for (const [pointer, values] of enums) {
      const [method, path, where] = pointer.split(' ')
      const base = bases[`${method} ${path}`]
      expect(base, `add a case for ${pointer}`).toBeDefined()
      const [location, ...field] = where.split(/[.:]/)
      const res =
        location === 'query'
          ? await call(`${base.url}?${field[0]}=bogus`, { key, headers: base.headers })
          : await call(base.url, { key, headers: base.headers, method: base.method, body: withValue(base.body ?? {}, field, 'bogus') })
      const error = expectError(res, 400, 'BAD_REQUEST')
      const detail = error.details?.find((d) => d.path === field.join('.'))
      expect(detail, `${pointer}: ${JSON.stringify(error)}`).toBeDefined()
      for (const value of values) expect(detail!.message, pointer).toContain(JSON.stringify(value))
    }
  })

  it('the message itself says it: plan and status', async () => {
    const error = expectError(
      await call('/admin/v1/keys', { headers: admin, body: { email: 'a@example.com', plan: 'gold' } }),
      400,
      'BAD_REQUEST',
    )
    expect(error.message).toBe('plan must be one of: "free", "pro", "scale", "enterprise"')
    const status = expectError(await call('/admin/v1/quotes?status=open', { headers: admin }), 400, 'BAD_REQUEST')
    expect(status.message).toBe('status must be one of: "pending", "quoted", "accepted", "declined"')
  })
})
