// Workers AI through the `AI` binding, in JSON mode (response_format json_schema).
// Not bound in wrangler.toml by default: `wrangler dev` would need network for it (docs/ai.md).
import { parseModelJson, upstreamError, type AiProvider } from './provider'

/** The one method of the Workers AI binding we use. */
export interface WorkersAiBinding {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>
}

/** A Workers AI text model that supports JSON mode. */
export const DEFAULT_WORKERS_AI_MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast'

export interface WorkersAiProviderOptions {
  binding: WorkersAiBinding
  model: string
  timeoutMs: number
}

const TIMED_OUT = Symbol('timed out')

export function createWorkersAiProvider(options: WorkersAiProviderOptions): AiProvider {
  async function attempt(inputs: Record<string, unknown>): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), options.timeoutMs)
    })
    try {
      const output = await Promise.race([options.binding.run(options.model, inputs), timeout])
      if (output === TIMED_OUT) return { ok: false, message: `AI provider did not answer within ${options.timeoutMs / 1000} s` }
      // JSON mode answers { response: object | string }; some models return the object itself.
      const response = output && typeof output === 'object' && 'response' in output ? (output as { response: unknown }).response : output
      return { ok: true, value: parseModelJson(response) }
    } catch (error) {
      if (error instanceof Error && error.name === 'ApiError') throw error
      return { ok: false, message: 'AI provider returned an error' }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    name: 'workers-ai',
    model: options.model,
    async complete(request) {
      const inputs = {
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
        response_format: { type: 'json_schema', json_schema: request.schema },
        max_tokens: 1200,
      }
      // Binding errors carry no status: retry once on any of them, as for a 5xx.
      let result = await attempt(inputs)
      if (!result.ok) result = await attempt(inputs)
      if (!result.ok) throw upstreamError(result.message)
      return result.value
    },
  }
}
