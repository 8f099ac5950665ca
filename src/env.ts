import type { Principal } from './auth/principal'

// The caller's type lives with the keys (src/auth/): auth/ never imports this file, so the two form no loop.
export type { Principal }

/** Worker bindings and configuration (wrangler.toml + secrets / .dev.vars). */
export interface Env {
  DB: D1Database
  KEYS: KVNamespace
  REPORTS: R2Bucket
  /** Static assets (wrangler.toml [assets]): the API reference UI bundle. */
  ASSETS?: Fetcher
  RATE_LIMITER: DurableObjectNamespace<import('./durable/rate-limiter').RateLimiter>
  /** One webhook dispatcher per user (durable/webhook-dispatcher.ts): delivers from its alarm. */
  WEBHOOKS: DurableObjectNamespace<WebhookDispatcherRpc>
  /** Bearer token for /admin/v1/* (secret). */
  ADMIN_TOKEN?: string
  /** 'development' | 'test' | 'production'. Outside development and test, PUBLIC_BASE_URL is required for links. */
  ENVIRONMENT?: string
  /** Public origin for shareUrl/reportUrl, e.g. https://api.example.com (not taken from the Host header). */
  PUBLIC_BASE_URL?: string
  /** Optional live geocoder (Nominatim-compatible search endpoint); offline bundled geocoding otherwise. */
  GEOCODER_URL?: string
  /** API key for GEOCODER_URL, sent as `Authorization: Bearer` and as `key=` (secret). */
  GEOCODER_API_KEY?: string
  /** HMAC-SHA256 key for signed report download URLs (secret, ≥ 16 chars). Required for PDF reports. */
  REPORT_SIGNING_SECRET?: string
  /** Seals webhook signing secrets at rest (secret, ≥ 32 chars; docs/webhooks.md). Required to create or roll endpoints. */
  WEBHOOK_SECRETS_KEY?: string
  /**
   * AI helpers' provider: builtin | openai-compatible (alias openai) | workers-ai | none. Unset: AI_API_KEY →
   * openai-compatible, else the AI binding → workers-ai, else builtin (docs/ai.md).
   */
  AI_PROVIDER?: string
  /** OpenAI-compatible API key (secret). When set, AI helpers use AI_BASE_URL (docs/ai.md). */
  AI_API_KEY?: string
  /** OpenAI-compatible base URL; default https://api.openai.com/v1. */
  AI_BASE_URL?: string
  /** Model name for AI_BASE_URL; default gpt-4.1-mini. */
  AI_MODEL?: string
  /** Per-attempt AI timeout in ms (default 10000). */
  AI_TIMEOUT_MS?: string
  /** Workers AI binding; used when AI_API_KEY is not set. Not bound by default (docs/ai.md). */
  AI?: Ai
  /** Workers AI model; default @cf/meta/llama-3.3-70b-instruct-fp8-fast. */
  WORKERS_AI_MODEL?: string
}

/**
 * What the webhook dispatcher offers its callers (durable/webhook-dispatcher.ts implements it). Declared here, not
 * imported: the dispatcher reaches the services, which read Env, and a type import would close that loop.
 */
export interface WebhookDispatcherRpc extends Rpc.DurableObjectBranded {
  wake(userId: string): Promise<void>
}

/** What a request learns from its rate-limit lease (src/lib/rate-leases.ts): `allowed` or why not, and the state for the limit headers. */
export interface RateLimitResult {
  allowed: boolean
  reason?: 'RATE_LIMITED' | 'QUOTA_EXCEEDED'
  limit: number
  /** Left in the minute as this isolate sees it (see `remainingOf`). */
  remaining: number
  /** Unix seconds at which the current minute window ends. */
  reset: number
  quota?: { limit: number; used: number; remaining: number; month: string; reset: number }
}

export interface AppVariables {
  requestId: string
  principal?: Principal
  rateLimit?: RateLimitResult
  /** Set by auth when the key is missing or invalid; turned into a 401 after the IP limit is counted. */
  authFailure?: string
  /** The Idempotency-Key claim this request holds (src/middleware/idempotency.ts). */
  idempotencyClaim?: { userId: string; key: string; completed?: boolean }
}

export type AppEnv = { Bindings: Env; Variables: AppVariables }
