import { env, exports } from 'cloudflare:workers'
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { assertContract } from './contract'
import { app } from '../../src/app'
import type { Plan } from '../../src/auth/plans'

export const ADMIN_TOKEN = 'test-admin-token-0123456789'

let ipCounter = 0
/** A fresh client IP per call site, so per-IP limits of anonymous calls don't leak across tests. */
export const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`

export interface CallOptions {
  method?: string
  key?: string
  body?: unknown
  /** Raw body (string) sent as-is, with the given content type. */
  rawBody?: string
  contentType?: string
  headers?: Record<string, string>
  /**
   * Every response is checked against its route's OpenAPI definition (./contract.ts). Say `contract:
   * false` at the call site only for requests that deliberately break the contract (fuzzing raw
   * bytes, injected binding faults).
   */
  contract?: boolean
  /** Bindings that replace the test bindings for this request only (an AI key, a failing D1…). */
  env?: Record<string, unknown>
  /** Another app to call instead of the worker (one with a test-only route). */
  app?: { fetch(request: Request, env: Cloudflare.Env, ctx: ExecutionContext): Response | Promise<Response> }
}

/**
 * The one way tests call the API: in-process (same isolate as the test), real bindings, the worker's
 * own fetch handler, a fresh client IP per call. Returns the body as text, parsed JSON and raw bytes.
 */
export async function call(path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers)
  if (options.key) headers.set('x-api-key', options.key)
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', freshIp())
  let body: string | undefined
  if (options.rawBody !== undefined) {
    body = options.rawBody
    if (options.contentType) headers.set('content-type', options.contentType)
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body)
    headers.set('content-type', options.contentType ?? 'application/json')
  }
  const method = options.method ?? (body ? 'POST' : 'GET')
  const request = new Request(`http://api.test${path}`, { method, headers, body })
  const res = await dispatch(request, options)
  const bytes = new Uint8Array(await res.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let json: any
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (options.contract !== false) assertContract(method, path, res.status, res.headers.get('content-type'), json)
  return { status: res.status, headers: res.headers, json, text, bytes }
}

/** Through the worker's export, or straight into the app when the bindings or the app are swapped. */
async function dispatch(request: Request, options: CallOptions): Promise<Response> {
  if (!options.env && !options.app) return exports.default.fetch(request)
  const ctx = createExecutionContext()
  const res = await (options.app ?? app).fetch(request, { ...env, ...options.env } as Cloudflare.Env, ctx)
  await waitOnExecutionContext(ctx)
  return res
}

export async function admin(path: string, options: Omit<CallOptions, 'key'> = {}) {
  return call(`/admin/v1${path}`, { ...options, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...options.headers } })
}

let userCounter = 0
/** Creates a user on `plan` with one key; returns the raw key and ids. */
export async function createKey(plan: Plan = 'free', email = `user${Date.now()}-${userCounter++}@example.com`) {
  const res = await admin('/keys', { body: { email, plan } })
  if (res.status !== 201) throw new Error(`createKey failed: ${res.status} ${res.text}`)
  return { key: res.json.key as string, keyId: res.json.id as string, userId: res.json.userId as string, email }
}

/** Asserts the error envelope and returns it. */
export function expectError(res: { status: number; json: any }, status: number, code: string) {
  const ok =
    res.status === status &&
    res.json?.error?.code === code &&
    typeof res.json.error.requestId === 'string' &&
    typeof res.json.error.message === 'string'
  if (!ok) throw new Error(`expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.json)}`)
  return res.json.error as { code: string; message: string; details?: { path: string; message: string }[]; requestId: string }
}
