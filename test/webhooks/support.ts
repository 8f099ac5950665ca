// Shared by the webhook tests: a user with an order, an endpoint, and a fake receiver behind a fetch spy.
import { env } from 'cloudflare:workers'
import { vi } from 'vitest'
import { call, createKey } from '../helpers/api'
import { BANNER_2X4 } from '../commerce/fixtures'
import type { Plan } from '../../src/auth/plans'
import { EVENT_ENVELOPES } from '../../src/routes/webhook-schemas'

export const HOOK_URL = 'https://hooks.example.com/sign-placement'

/** A user with one endpoint; each endpoint gets its own URL, so a test sees only its own deliveries (`sentTo`). */
export async function userWithHook(plan: Plan = 'pro', events: string[] = ['*'], url = `${HOOK_URL}/${crypto.randomUUID()}`) {
  const user = await createKey(plan)
  const res = await call('/api/v1/webhooks', { key: user.key, body: { url, events } })
  if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${res.text}`)
  return { ...user, hook: res.json as { id: string; secret: string; url: string } }
}

export async function orderOf(key: string) {
  await call('/api/v1/cart', { key, body: { productVariantId: BANNER_2X4, quantity: 1 } })
  return (await call('/api/v1/orders', { key, method: 'POST' })).json as { id: string }
}

export interface Received {
  url: string
  headers: Headers
  body: string
  json: any
}

/**
 * Spies on fetch: POSTs to `url` are recorded and answered by `answer` (default 200); anything else fails
 * loudly (tests make no real network calls).
 */
export function fakeReceiver(answer: (r: Received) => Response | Promise<Response> = () => new Response('ok')) {
  const received: Received[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init as RequestInit)
    const body = await request.text()
    const r = { url: request.url, headers: request.headers, body, json: body ? JSON.parse(body) : undefined }
    received.push(r)
    return answer(r)
  })
  return { received, spy }
}

export const rows = async <T>(sql: string, ...params: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...params)
      .all<T>()
  ).results

/** What the fake receiver got at `url` (other tests' dispatchers may still be retrying theirs). */
export const sentTo = (received: Received[], url: string) => received.filter((r) => r.url === url)

/** The delivered envelope matches its type's schema in the OpenAPI document (`webhooks`), strictly. */
export function expectDocumented(envelope: any) {
  const schema = EVENT_ENVELOPES[envelope.type as keyof typeof EVENT_ENVELOPES]
  if (!schema) throw new Error(`undocumented event type ${envelope.type}`)
  const strict = (schema as any).strict().extend({ data: (schema as any).shape.data.strict() })
  const result = strict.safeParse(envelope)
  if (!result.success) throw new Error(`${envelope.type} does not match its documented schema: ${JSON.stringify(result.error.issues)}`)
}
