// One interface for every AI provider (docs/decisions.md §8), and helpers the implementations share.
// Implementations: ./openai.ts (OpenAI-compatible HTTP API), ./workers-ai.ts (Workers AI binding).
import type { Env } from '../../env'
import { ApiError } from '../../errors'

/** A JSON Schema object (the subset OpenAI structured outputs and Workers AI JSON mode accept). */
export type JsonSchema = Record<string, unknown>

export interface CompletionRequest {
  /** Fixed instructions, from a versioned prompt file. Never contains user text. */
  system: string
  /** The user's input as a JSON document (data, not instructions). */
  user: string
  /** Shape the answer must have. */
  schema: JsonSchema
  /** Short identifier of the schema (letters, digits, _ and -), e.g. `sign_recommendation`. */
  name: string
}

export interface AiProvider {
  readonly name: 'openai-compatible' | 'workers-ai'
  readonly model: string
  /** Resolves to the parsed JSON answer; throws ApiError UPSTREAM_ERROR on any provider failure. */
  complete(request: CompletionRequest): Promise<unknown>
}

export const DEFAULT_AI_TIMEOUT_MS = 10_000

/** The timeout from config: AI_TIMEOUT_MS when it is a sane positive integer, else 10 s. */
export function timeoutFrom(env: Pick<Env, 'AI_TIMEOUT_MS'>): number {
  const ms = Number(env.AI_TIMEOUT_MS)
  return Number.isInteger(ms) && ms > 0 && ms <= 60_000 ? ms : DEFAULT_AI_TIMEOUT_MS
}

export const upstreamError = (message: string) => new ApiError('UPSTREAM_ERROR', message)

/** Parses a model's text answer as JSON; anything else is an upstream failure. */
export function parseModelJson(content: unknown): unknown {
  if (content !== null && typeof content === 'object') return content
  if (typeof content !== 'string' || content.trim() === '') throw upstreamError('AI provider returned an empty answer')
  // Some models wrap JSON in a Markdown fence even in JSON mode.
  const text = content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
  try {
    return JSON.parse(text)
  } catch {
    throw upstreamError('AI provider returned an answer that is not valid JSON')
  }
}
