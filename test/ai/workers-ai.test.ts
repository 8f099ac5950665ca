import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKey, expectError } from '../helpers/api'
import { OPENAI_ENV, aiCall, chatCompletion, sumOf } from './support'

const ANSWER = {
  weights: { vehicleTraffic: 0.1, roadClass: 0.05, populationDensity: 0.2, income: 0.15, poiDensity: 0.2, pedestrian: 0.2, transit: 0.08 },
  profileName: 'Neighbourhood bakery',
  explanation: 'Walk-in customers from nearby homes and shops. Foot traffic and density matter most.',
}
const DESCRIPTION = 'Neighbourhood bakery with walk-in customers'

/** A stand-in for the Workers AI binding (wrangler.toml binds none: it would need network locally). */
const stubBinding = (answer: () => Promise<unknown>) => ({ run: async (_model: string, _inputs: Record<string, unknown>) => answer() })

afterEach(() => vi.restoreAllMocks())

describe('Workers AI provider (AI binding)', () => {
  it('is used when the binding is present and AI_API_KEY is not; no fetch', async () => {
    const { key } = await createKey('free')
    const AI = stubBinding(async () => ({ response: ANSWER }))
    const run = vi.spyOn(AI, 'run')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const res = await aiCall('/ai/weights', { key, body: { businessDescription: DESCRIPTION }, env: { AI_API_KEY: undefined, AI } })
    expect(res.status).toBe(200)
    expect(res.json.meta).toEqual({
      provider: 'workers-ai',
      model: '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
      promptVersion: 'weights-v1',
    })
    // 0.98 from the model → renormalised.
    expect(Math.abs(sumOf(res.json.weights) - 1)).toBeLessThanOrEqual(0.001)
    expect(run).toHaveBeenCalledTimes(1)
    const [model, inputs] = run.mock.calls[0] as [string, any]
    expect(model).toBe('@cf/meta/llama-3.3-70b-instruct-fp8-fast')
    expect(inputs.response_format.type).toBe('json_schema')
    expect(JSON.parse(inputs.messages[1].content)).toEqual({ businessDescription: DESCRIPTION })
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('accepts a JSON string response and honours WORKERS_AI_MODEL', async () => {
    const { key } = await createKey('free')
    const AI = stubBinding(async () => ({ response: JSON.stringify(ANSWER) }))
    const run = vi.spyOn(AI, 'run')
    const res = await aiCall('/ai/weights', {
      key,
      body: { businessDescription: DESCRIPTION },
      env: { AI_API_KEY: undefined, AI, WORKERS_AI_MODEL: '@cf/meta/llama-3.1-8b-instruct-fast' },
    })
    expect(res.status).toBe(200)
    expect(run.mock.calls[0][0]).toBe('@cf/meta/llama-3.1-8b-instruct-fast')
  })

  it('AI_API_KEY wins over the binding', async () => {
    const { key } = await createKey('free')
    const AI = stubBinding(async () => ({ response: ANSWER }))
    const run = vi.spyOn(AI, 'run')
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => chatCompletion(ANSWER))
    const res = await aiCall('/ai/weights', { key, body: { businessDescription: DESCRIPTION }, env: { ...OPENAI_ENV, AI } })
    expect(res.status).toBe(200)
    expect(res.json.meta.provider).toBe('openai-compatible')
    expect(run).not.toHaveBeenCalled()
  })

  it('binding errors are retried once, then 502 without the error text', async () => {
    const { key } = await createKey('free')
    const AI = stubBinding(async () => {
      throw new Error('InferenceUpstreamError: account 1234 capacity')
    })
    const run = vi.spyOn(AI, 'run')
    const res = await aiCall('/ai/weights', { key, body: { businessDescription: DESCRIPTION }, env: { AI_API_KEY: undefined, AI } })
    expectError(res, 502, 'UPSTREAM_ERROR')
    expect(res.text).not.toContain('account 1234')
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('a string that is not JSON → 502; a hung binding → 502 after the timeout', async () => {
    const { key } = await createKey('free')
    const chatty = stubBinding(async () => ({ response: 'Here are your weights: traffic matters a lot!' }))
    expectError(
      await aiCall('/ai/weights', { key, body: { businessDescription: DESCRIPTION }, env: { AI_API_KEY: undefined, AI: chatty } }),
      502,
      'UPSTREAM_ERROR',
    )
    const hung = stubBinding(() => new Promise(() => {}))
    const run = vi.spyOn(hung, 'run')
    const res = await aiCall('/ai/weights', {
      key,
      body: { businessDescription: DESCRIPTION },
      env: { AI_API_KEY: undefined, AI: hung, AI_TIMEOUT_MS: '30' },
    })
    expect(expectError(res, 502, 'UPSTREAM_ERROR').message).toMatch(/did not answer/)
    expect(run).toHaveBeenCalledTimes(2)
  })
})
