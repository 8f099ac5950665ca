// OpenAI-compatible chat-completions client over fetch, with JSON-schema structured output.
// Works with OpenAI and with the many servers that copy its API (set AI_BASE_URL).
import { parseModelJson, upstreamError, type AiProvider, type CompletionRequest } from './provider'

export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1'
/** Small, cheap, supports strict structured outputs. */
export const DEFAULT_AI_MODEL = 'gpt-4.1-mini'
/** Caps the cost of one answer; our largest schema needs well under this. */
const MAX_COMPLETION_TOKENS = 1200

export interface OpenAiProviderOptions {
  apiKey: string
  baseUrl: string
  model: string
  timeoutMs: number
  /** Injected for tests; defaults to the global fetch at call time (so vi.spyOn works). */
  fetch?: typeof fetch
}

type Attempt = { ok: true; value: unknown } | { ok: false; retryable: boolean; message: string }

class TimeoutError extends Error {}

/** Runs `work` with an AbortSignal that fires after `ms`; rejects with TimeoutError even if `work` ignores the signal. */
async function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new TimeoutError())
    }, ms)
  })
  try {
    return await Promise.race([work(controller.signal), timeout])
  } catch (error) {
    throw controller.signal.aborted ? new TimeoutError() : error
  } finally {
    clearTimeout(timer)
  }
}

/** A safe, user-facing description of a failed HTTP status: never the provider's body. */
function statusMessage(status: number): string {
  if (status === 401 || status === 403) return 'AI provider rejected this server’s credentials'
  if (status === 429) return 'AI provider is rate limiting this server; try again shortly'
  return `AI provider returned an error (HTTP ${status})`
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`

  async function attempt(request: CompletionRequest): Promise<Attempt> {
    const body = JSON.stringify({
      model: options.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      response_format: { type: 'json_schema', json_schema: { name: request.name, strict: true, schema: request.schema } },
      max_completion_tokens: MAX_COMPLETION_TOKENS,
    })
    try {
      return await withTimeout(options.timeoutMs, async (signal) => {
        const doFetch = options.fetch ?? fetch
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body,
          signal,
        })
        const text = await res.text()
        if (res.status >= 500) return { ok: false, retryable: true, message: statusMessage(res.status) }
        if (!res.ok) return { ok: false, retryable: false, message: statusMessage(res.status) }
        let data: { choices?: { message?: { content?: unknown; refusal?: unknown } }[] }
        try {
          data = JSON.parse(text)
        } catch {
          return { ok: false, retryable: false, message: 'AI provider returned a response that is not valid JSON' }
        }
        const message = data?.choices?.[0]?.message
        if (message?.refusal) return { ok: false, retryable: false, message: 'AI provider declined to answer this request' }
        return { ok: true, value: parseModelJson(message?.content) }
      })
    } catch (error) {
      if (error instanceof TimeoutError)
        return { ok: false, retryable: true, message: `AI provider did not answer within ${options.timeoutMs / 1000} s` }
      if (error instanceof Error && error.name === 'ApiError') throw error
      // Network failure (DNS, reset connection): as transient as a 5xx.
      return { ok: false, retryable: true, message: 'AI provider could not be reached' }
    }
  }

  return {
    name: 'openai-compatible',
    model: options.model,
    async complete(request) {
      let result = await attempt(request)
      // One retry, only for failures that a second try can fix (5xx, timeout, network).
      if (!result.ok && result.retryable) result = await attempt(request)
      if (!result.ok) throw upstreamError(result.message)
      return result.value
    },
  }
}
