// Chooses the AI provider from config (docs/decisions.md §8, spec §7).
import type { Env } from '../../env'
import { ApiError } from '../../errors'
import { createOpenAiProvider, DEFAULT_AI_BASE_URL, DEFAULT_AI_MODEL } from './openai'
import { timeoutFrom, type AiProvider } from './provider'
import { createWorkersAiProvider, DEFAULT_WORKERS_AI_MODEL, type WorkersAiBinding } from './workers-ai'

export type { AiProvider, CompletionRequest, JsonSchema } from './provider'

/**
 * AI_API_KEY set → OpenAI-compatible API; else an `AI` binding → Workers AI; else 400
 * (spec §7: "the AI provider key is not configured on the server" is a BAD_REQUEST).
 */
export function aiProviderFor(
  env: Pick<Env, 'AI_API_KEY' | 'AI_BASE_URL' | 'AI_MODEL' | 'AI_TIMEOUT_MS' | 'AI' | 'WORKERS_AI_MODEL'>,
): AiProvider {
  const timeoutMs = timeoutFrom(env)
  if (env.AI_API_KEY) {
    return createOpenAiProvider({
      apiKey: env.AI_API_KEY,
      baseUrl: env.AI_BASE_URL || DEFAULT_AI_BASE_URL,
      model: env.AI_MODEL || DEFAULT_AI_MODEL,
      timeoutMs,
    })
  }
  if (env.AI && typeof (env.AI as Partial<WorkersAiBinding>).run === 'function') {
    return createWorkersAiProvider({
      binding: env.AI as unknown as WorkersAiBinding,
      model: env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL,
      timeoutMs,
    })
  }
  throw new ApiError('BAD_REQUEST', 'AI provider not configured on this server (set AI_API_KEY or bind Workers AI as AI)')
}
