// Chooses the AI provider from config (docs/ai.md "Choosing a provider", docs/decisions.md §8, spec §7).
import type { Env } from '../../env'
import { ApiError } from '../../errors'
import { BUILTIN_PROVIDER, type BuiltinProvider } from './builtin'
import { createOpenAiProvider, DEFAULT_AI_BASE_URL, DEFAULT_AI_MODEL } from './openai'
import { timeoutFrom, type AiProvider } from './provider'
import { createWorkersAiProvider, DEFAULT_WORKERS_AI_MODEL, type WorkersAiBinding } from './workers-ai'

export type { AiProvider, CompletionRequest, JsonSchema } from './provider'
/** Whatever answers the AI endpoints: a language model behind AiProvider, or the built-in rules. */
export type AiBackend = AiProvider | BuiltinProvider

/** AI_PROVIDER values; `openai` is short for `openai-compatible`. */
export const AI_PROVIDER_CHOICES = ['builtin', 'openai-compatible', 'openai', 'workers-ai', 'none'] as const

const notConfigured = (why: string) => new ApiError('BAD_REQUEST', `AI provider not configured on this server: ${why}`)

type AiEnv = Pick<Env, 'AI_PROVIDER' | 'AI_API_KEY' | 'AI_BASE_URL' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI' | 'WORKERS_AI_MODEL'>

const hasBinding = (env: AiEnv) => !!env.AI && typeof (env.AI as Partial<WorkersAiBinding>).run === 'function'

/**
 * AI_PROVIDER chooses: `builtin` (rules, no key, no network), `openai-compatible` (needs AI_API_KEY),
 * `workers-ai` (needs the AI binding) or `none` (400 on every AI endpoint, spec §7). Unset: AI_API_KEY →
 * OpenAI-compatible, else an AI binding → Workers AI, else builtin, so a fresh machine answers.
 * An external provider chosen without its key or binding is the same 400 as `none`.
 */
export function aiProviderFor(env: AiEnv): AiBackend {
  const choice = (env.AI_PROVIDER ?? '').trim().toLowerCase()
  const wanted = choice || (env.AI_API_KEY ? 'openai-compatible' : hasBinding(env) ? 'workers-ai' : 'builtin')
  const timeoutMs = timeoutFrom(env)
  switch (wanted) {
    case 'builtin':
      return BUILTIN_PROVIDER
    case 'openai':
    case 'openai-compatible':
      if (!env.AI_API_KEY) throw notConfigured('AI_PROVIDER is openai-compatible but AI_API_KEY is not set')
      return createOpenAiProvider({
        apiKey: env.AI_API_KEY,
        baseUrl: env.AI_BASE_URL || DEFAULT_AI_BASE_URL,
        model: env.AI_MODEL || DEFAULT_AI_MODEL,
        timeoutMs,
      })
    case 'workers-ai':
      if (!hasBinding(env)) throw notConfigured('AI_PROVIDER is workers-ai but no AI binding is configured')
      return createWorkersAiProvider({
        binding: env.AI as unknown as WorkersAiBinding,
        model: env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL,
        timeoutMs,
      })
    case 'none':
      throw notConfigured('AI_PROVIDER is none')
    default:
      throw notConfigured(`AI_PROVIDER "${choice.slice(0, 40)}" is not one of builtin, openai-compatible, workers-ai, none`)
  }
}
