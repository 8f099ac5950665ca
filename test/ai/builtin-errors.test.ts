// Issue 25, error side: provider choice (none, an external provider without its key, an unknown
// value → the spec's 400), a question the built-in provider cannot place, and the AI allowance,
// which applies to the built-in provider as to any other.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { PLAN_LIMITS } from '../../src/auth/plans'
import { FRESH_ENV, NONE_ENV, aiCall } from './support'

afterEach(() => vi.restoreAllMocks())

let scoreResult: unknown
beforeAll(async () => {
  const { key } = await createKey('free')
  scoreResult = (await call('/api/v1/score', { key, body: { lat: 45.4257, lng: -75.6919 } })).json
})
const BODIES: Record<string, () => unknown> = {
  '/ai/query': () => ({ query: 'Where should a bakery in Ottawa put a sign?' }),
  '/ai/weights': () => ({ businessDescription: 'A bakery on a busy street' }),
  '/ai/recommend': () => ({ scoreResult }),
}

describe('AI_PROVIDER', () => {
  it.each([
    ['none', NONE_ENV, /AI_PROVIDER is none/],
    ['openai-compatible without AI_API_KEY', { AI_PROVIDER: 'openai-compatible', AI_API_KEY: undefined }, /AI_API_KEY is not set/],
    ['openai without AI_API_KEY', { AI_PROVIDER: 'openai', AI_API_KEY: undefined }, /AI_API_KEY is not set/],
    ['workers-ai without the AI binding', { AI_PROVIDER: 'workers-ai', AI: undefined }, /no AI binding/],
    ['an unknown value', { AI_PROVIDER: 'gpt-9' }, /not one of builtin, openai-compatible, workers-ai, none/],
  ])('%s → 400 "AI provider not configured" on all three endpoints, no network', async (_label, env, why) => {
    const { key } = await createKey('free')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    for (const path of Object.keys(BODIES)) {
      const err = expectError(await aiCall(path, { key, body: BODIES[path](), env }), 400, 'BAD_REQUEST')
      expect(err.message, path).toMatch(/^AI provider not configured/)
      expect(err.message, path).toMatch(why)
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('builtin chosen explicitly wins over a configured key: nothing is sent anywhere', async () => {
    const { key } = await createKey('free')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const res = await aiCall('/ai/weights', {
      key,
      body: { businessDescription: 'bakery' },
      env: { AI_PROVIDER: 'builtin', AI_API_KEY: 'sk-should-not-be-used' },
    })
    expect(res.status).toBe(200)
    expect(res.json.meta.provider).toBe('builtin')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})

describe('built-in /ai/query: what it cannot place it says, and invents nothing', () => {
  it('no Canadian place in the question → no locations, the explanation says why', async () => {
    const { key } = await createKey('free')
    const res = await aiCall('/ai/query', { key, body: { query: 'Where should my bakery in Atlantis put its sign?' }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      intent: 'find_locations',
      city: null,
      businessType: 'bakery',
      suggestedAddresses: [],
      geocodedLocations: [],
    })
    expect(res.json.explanation).toMatch(/could be located, so no places are suggested \(none are invented\)/)
  })

  it('an intersection the street data does not hold is dropped as not geocoded, never placed at the city centre', async () => {
    const { key } = await createKey('free')
    const res = await aiCall('/ai/query', {
      key,
      body: { query: 'Compare Yonge & Dundas and Queen & Spadina in Toronto for a bubble tea shop' },
      env: FRESH_ENV,
    })
    expect(res.status).toBe(200)
    expect(res.json.intent).toBe('compare')
    expect(res.json.droppedAddresses).toEqual([
      { address: 'Yonge & Dundas', reason: 'not_geocoded' },
      { address: 'Queen & Spadina', reason: 'not_geocoded' },
    ])
    expect(res.json.geocodedLocations).toEqual([])
    expect(res.json.notes.join(' ')).toMatch(/"Yonge & Dundas" could not be located \(not in our street data\)/)
    expect(res.json.explanation).toMatch(/None of the places named could be located by our geocoder, so nothing was scored/)
  })

  it('a general question gets no places and says that rules answer, not a language model', async () => {
    const { key } = await createKey('free')
    const res = await aiCall('/ai/query', { key, body: { query: 'What is a monument sign?' }, env: FRESH_ENV })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ intent: 'general_question', geocodedLocations: [], suggestedWeights: null })
    expect(res.json.explanation).toMatch(/no language model/)
  })

  it('bad input is still a 400 naming the field', async () => {
    const { key } = await createKey('free')
    for (const body of [{}, { query: '   ' }, { query: 'x'.repeat(2001) }]) {
      expect(expectError(await aiCall('/ai/query', { key, body, env: FRESH_ENV }), 400, 'BAD_REQUEST').details?.[0].path).toBe('query')
    }
  })
})

describe('the AI allowance applies to the built-in provider', () => {
  it('free plan: the allowance, then 429 with Retry-After', async () => {
    const { key } = await createKey('free')
    const allowance = PLAN_LIMITS.free.aiRequestsPerMinute
    for (let i = 0; i < allowance; i++) {
      expect((await aiCall('/ai/weights', { key, body: { businessDescription: 'florist' }, env: FRESH_ENV })).status, `call ${i + 1}`).toBe(
        200,
      )
    }
    const limited = await aiCall('/ai/weights', { key, body: { businessDescription: 'florist' }, env: FRESH_ENV })
    expect(expectError(limited, 429, 'RATE_LIMITED').message).toContain(`AI limit of ${allowance}`)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })
})
