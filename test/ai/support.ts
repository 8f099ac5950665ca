// AI calls carry extra env (AI_API_KEY, a stub AI binding…) on top of the test bindings: the AI
// provider is chosen from env, and wrangler.toml deliberately binds none.
import { call } from '../helpers/api'

export const TEST_AI_KEY = 'sk-test-provider-secret-DO-NOT-LEAK-1234567890'
export const OPENAI_ENV = { AI_API_KEY: TEST_AI_KEY }

/** POST /api/v1{path} with the given env on top of the test bindings (contract-checked, like every call). */
export const aiCall = (path: string, options: { key: string; body?: unknown; rawBody?: string; env?: Record<string, unknown> }) =>
  call(`/api/v1${path}`, {
    method: 'POST',
    key: options.key,
    env: options.env ?? {},
    headers: { 'content-type': 'application/json' },
    ...(options.rawBody !== undefined ? { rawBody: options.rawBody } : { body: options.body }),
  })

/** An OpenAI chat-completions response whose message content is `content` (JSON-encoded unless a string). */
export function chatCompletion(content: unknown, init: ResponseInit = {}) {
  const text = typeof content === 'string' ? content : JSON.stringify(content)
  return new Response(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
    }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
      ...init,
    },
  )
}

/** The JSON body the provider was sent on call `n` of a fetch spy. */
export function sentBody(spy: { mock: { calls: unknown[][] } }, n = 0): any {
  const init = spy.mock.calls[n][1] as RequestInit
  return JSON.parse(init.body as string)
}

/** A fetch that never answers until aborted (then rejects like fetch does). */
export function hangingFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted', 'AbortError')))
  })
}

// Pure helpers live apart so unit tests (Node, no workerd) can use them too.
export { FACTOR_KEYS, sumOf } from './factor-keys'

/** A fresh machine: no AI_PROVIDER, no key, no binding → the built-in provider. */
export const FRESH_ENV = { AI_PROVIDER: undefined, AI_API_KEY: undefined, AI: undefined }
export const NONE_ENV = { AI_PROVIDER: 'none', AI_API_KEY: undefined, AI: undefined }
