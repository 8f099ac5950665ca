// POST /mcp through the MCP SDK's own client (Streamable HTTP), its fetch going into the worker in
// process: tools answer what the REST routes answer, failures are tool errors carrying the API's code,
// and every HTTP request is authenticated and counted like any API request.
import { describe, it, expect, beforeAll } from 'vitest'
import { env, exports } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { call, createKey, expectError, freshIp } from '../helpers/api'
import { DATA_SOURCES } from '../../src/geo/geodata'
import { FACTOR_KEYS, FACTORS, METHODOLOGY_VERSION } from '../../src/scoring'
import { NEARBY } from '../../src/services/nearby'

const QUEEN_ST = '100 Queen St W, Toronto, ON M5H 2N2'
const RIDEAU = '50 Rideau St, Ottawa, ON K1N 9J7'

interface Session {
  client: Client
  /** Every HTTP response the client received, in order. */
  responses: Response[]
  close(): Promise<void>
}

/** The SDK client, its requests sent to the worker's fetch handler with `key` (none: no key header). */
async function connect(key: string | undefined): Promise<Session> {
  const responses: Response[] = []
  const ip = freshIp()
  const transport = new StreamableHTTPClientTransport(new URL('http://api.test/mcp'), {
    fetch: async (url, init) => {
      const headers = new Headers(init?.headers)
      if (key) headers.set('x-api-key', key)
      headers.set('cf-connecting-ip', ip)
      const res = await exports.default.fetch(new Request(url, { ...init, headers }))
      responses.push(res.clone())
      return res
    },
  })
  const client = new Client({ name: 'mcp-test', version: '1.0.0' })
  await client.connect(transport)
  return { client, responses, close: () => client.close() }
}

type ToolAnswer = { isError?: boolean; content: { type: string; text: string }[] }
/** A tool's JSON answer: the result, or (isError) the API's error envelope. */
async function callTool(session: Session, name: string, args: Record<string, unknown>) {
  const answer = (await session.client.callTool({ name, arguments: args })) as ToolAnswer
  expect(answer.content).toHaveLength(1)
  expect(answer.content[0].type).toBe('text')
  return { isError: answer.isError === true, json: JSON.parse(answer.content[0].text) }
}

/** Asserts a tool error carrying the API envelope and returns its error. */
function expectToolError(answer: { isError: boolean; json: any }, code: string) {
  expect(answer.isError, JSON.stringify(answer.json)).toBe(true)
  expect(answer.json.error.code).toBe(code)
  expect(answer.json.error.requestId).toMatch(/^req_[0-9a-f]{24}$/)
  return answer.json.error as { code: string; message: string; details?: { path: string; message: string }[] }
}

async function setMonthUsage(userId: string, used: number) {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`))
  const month = new Date().toISOString().slice(0, 7)
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.put(`month:${month}`, used)
  })
}

describe('POST /mcp: tools over Streamable HTTP', () => {
  let pro: Awaited<ReturnType<typeof createKey>>
  let session: Session

  beforeAll(async () => {
    pro = await createKey('pro')
    session = await connect(pro.key)
  })

  it('lists six tools whose input schemas are the REST routes’ schemas, with their descriptions', async () => {
    const { tools } = await session.client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['compare_locations', 'estimate_roi', 'explain_score', 'find_best_spot_nearby', 'geocode', 'score_location'].sort(),
    )
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(150)
      expect(tool.annotations?.readOnlyHint).toBe(true)
    }
    const score = tools.find((t) => t.name === 'score_location')!.inputSchema as any
    expect(Object.keys(score.properties).sort()).toEqual(['address', 'lat', 'lng', 'sign', 'weights'])
    expect(score.properties.sign.properties.type.enum).toContain('pylon')
    expect(score.properties.address.description).toMatch(/OR lat\/lng/)
    expect(score.properties.lat.minimum).toBeLessThan(score.properties.lat.maximum)
    expect(score.properties.weights.required.sort()).toEqual([...FACTOR_KEYS].sort())
    const compare = tools.find((t) => t.name === 'compare_locations')!.inputSchema as any
    expect([compare.properties.locations.minItems, compare.properties.locations.maxItems]).toEqual([2, 5])
    expect(compare.properties.rankBy.enum).toContain('weekdayPM')
    const nearby = tools.find((t) => t.name === 'find_best_spot_nearby')!.inputSchema as any
    expect([nearby.properties.radiusM.minimum, nearby.properties.radiusM.maximum]).toEqual([NEARBY.minRadiusM, NEARBY.maxRadiusM])
    expect(nearby.properties.radiusM.default).toBe(NEARBY.defaultRadiusM)
    const roi = tools.find((t) => t.name === 'estimate_roi')!.inputSchema as any
    expect(roi.required.sort()).toEqual(['overallScore', 'signCost'])
  })

  it('score_location answers what POST /api/v1/score answers, without the data-sources block', async () => {
    const tool = await callTool(session, 'score_location', { address: QUEEN_ST })
    const rest = await call('/api/v1/score', { key: pro.key, body: { address: QUEEN_ST } })
    expect(tool.isError).toBe(false)
    const { dataSources, ...restWithoutSources } = rest.json
    expect(Object.keys(dataSources).length).toBeGreaterThan(0)
    expect(tool.json).toEqual(restWithoutSources)
  })

  it('compare_locations ranks like POST /api/v1/compare, and names the winner', async () => {
    const locations = [{ address: RIDEAU }, { address: QUEEN_ST }, { lat: 49.2827, lng: -123.1207 }]
    const tool = await callTool(session, 'compare_locations', { locations })
    const rest = await call('/api/v1/compare', { key: pro.key, body: { locations } })
    expect(tool.json.results.map((r: any) => [r.address, r.overallScore])).toEqual(
      rest.json.results.map((r: any) => [r.address, r.overallScore]),
    )
    expect(tool.json.winner).toEqual({
      address: rest.json.winner.address,
      overallScore: rest.json.winner.overallScore,
      grade: rest.json.winner.grade,
    })
  })

  it('explain_score gives every factor’s points, highest first, summing to the score', async () => {
    const tool = await callTool(session, 'explain_score', { address: RIDEAU })
    const rest = (await call('/api/v1/score', { key: pro.key, body: { address: RIDEAU } })).json
    const { factors } = tool.json
    expect(tool.json.overallScore).toBe(rest.overallScore)
    expect(factors.map((f: any) => f.factor).sort()).toEqual([...FACTOR_KEYS].sort())
    const points = factors.map((f: any) => f.points)
    expect(points).toEqual([...points].sort((a: number, b: number) => b - a))
    // Each factor's part is rounded to 0.1, so the sum may be off by up to 0.05 per factor.
    expect(Math.abs(points.reduce((s: number, p: number) => s + p, 0) - rest.overallScore)).toBeLessThanOrEqual(0.35 + 1e-9)
    for (const f of factors) {
      expect(f.score).toBe(rest.factorScores[f.factor].score)
      expect(f.raw).toEqual(rest.factorScores[f.factor].raw)
      const next = FACTORS[f.factor as keyof typeof FACTORS].curve.knots.find(([value]) => value > f.raw.value)
      expect(f.nextAnchor).toEqual(next ? { value: next[0], score: next[1] } : null)
    }
    expect(tool.json.summary).toContain(rest.address)
  })

  it('geocode locates an address as scoring does', async () => {
    const tool = await callTool(session, 'geocode', { address: QUEEN_ST })
    const rest = (await call('/api/v1/score', { key: pro.key, body: { address: QUEEN_ST } })).json
    expect(tool.json).toMatchObject({
      address: rest.address,
      lat: rest.lat,
      lng: rest.lng,
      precision: rest.precision,
      accuracyM: rest.accuracyM,
    })
    expect(tool.json.warnings).toEqual(rest.warnings)
  })

  it('estimate_roi answers what POST /api/v1/roi answers', async () => {
    const body = { overallScore: 70, signCost: 12_000, address: RIDEAU }
    const tool = await callTool(session, 'estimate_roi', body)
    const rest = await call('/api/v1/roi', { key: pro.key, body })
    expect(tool.json).toEqual(rest.json)
  })

  it('find_best_spot_nearby searches like POST /api/v1/score/nearby, without the grid', async () => {
    const args = { address: RIDEAU, radiusM: 200, spacingM: 50, limit: 3 }
    const tool = await callTool(session, 'find_best_spot_nearby', args)
    const rest = (await call('/api/v1/score/nearby', { key: pro.key, body: args })).json
    expect(tool.json.grid).toBeUndefined()
    expect(tool.json.gridPoints).toBe(rest.gridPoints)
    expect(tool.json.quotaUnits).toBe(1 + Math.ceil(rest.gridPoints / 100))
    expect(tool.json.best.map((b: any) => [b.rank, b.distanceM, b.bearingDeg, b.result.overallScore])).toEqual(
      rest.best.map((b: any) => [b.rank, b.distanceM, b.bearingDeg, b.result.overallScore]),
    )
  })

  it('reads the methodology summary and the data sources as resources', async () => {
    const { resources } = await session.client.listResources()
    expect(resources.map((r) => r.uri).sort()).toEqual(['sign-placement://data-sources', 'sign-placement://methodology'])
    const methodology = (await session.client.readResource({ uri: 'sign-placement://methodology' })).contents[0] as { text: string }
    expect(methodology.text).toContain(`methodology ${METHODOLOGY_VERSION}`)
    for (const key of FACTOR_KEYS) expect(methodology.text).toContain(FACTORS[key].label)
    const sources = (await session.client.readResource({ uri: 'sign-placement://data-sources' })).contents[0] as { text: string }
    expect(JSON.parse(sources.text).sources).toEqual(JSON.parse(JSON.stringify(DATA_SOURCES)))
    await expect(session.client.readResource({ uri: 'sign-placement://nothing' })).rejects.toThrow(/Unknown resource/)
  })
})

describe('POST /mcp: failures', () => {
  it('a bad argument is a tool error carrying the REST 400’s code, message and details', async () => {
    const { key } = await createKey('free')
    const session = await connect(key)
    const body = { lat: 45.42 }
    const rest = expectError(await call('/api/v1/score', { key, body }), 400, 'BAD_REQUEST')
    const error = expectToolError(await callTool(session, 'score_location', body), 'BAD_REQUEST')
    expect([error.message, error.details]).toEqual([rest.message, rest.details])
    const weights = expectToolError(
      await callTool(session, 'score_location', { address: QUEEN_ST, weights: { vehicleTraffic: 1 } }),
      'BAD_REQUEST',
    )
    expect(weights.details!.map((d) => d.path)).toContain('weights.income')
    const compare = expectToolError(await callTool(session, 'compare_locations', { locations: [{ address: QUEEN_ST }] }), 'BAD_REQUEST')
    expect(compare.message).toBe('locations must hold 2 to 5 locations')
    await session.close()
  })

  it('a service failure is a tool error with its code: an address that cannot be located, the plan gate', async () => {
    const { key } = await createKey('free')
    const session = await connect(key)
    const nowhere = 'Qwxzyv Blvd, Nowhereville'
    const rest = expectError(await call('/api/v1/score', { key, body: { address: nowhere } }), 400, 'BAD_REQUEST')
    expect(expectToolError(await callTool(session, 'geocode', { address: nowhere }), 'BAD_REQUEST').message).toBe(rest.message)
    const compare = expectToolError(
      await callTool(session, 'compare_locations', { locations: [{ address: QUEEN_ST }, { address: nowhere }] }),
      'BAD_REQUEST',
    )
    expect(compare.message).toMatch(/^locations\.1: could not geocode/)
    const gated = expectError(await call('/api/v1/score/nearby', { key, body: { address: RIDEAU } }), 403, 'FORBIDDEN')
    expect(expectToolError(await callTool(session, 'find_best_spot_nearby', { address: RIDEAU }), 'FORBIDDEN').message).toBe(gated.message)
    // Tool errors travel in a 200 like any JSON-RPC result: never a transport failure.
    expect(session.responses.at(-1)!.status).toBe(200)
    await session.close()
  })

  it('an unknown tool is a JSON-RPC error (the client’s mistake), not a tool error', async () => {
    const { key } = await createKey('free')
    const session = await connect(key)
    await expect(session.client.callTool({ name: 'delete_everything', arguments: {} })).rejects.toThrow(/Unknown tool/)
    await session.close()
  })

  it('GET and DELETE answer 405 (no sessions, no event stream); a batch or a non-JSON body answers 400', async () => {
    const { key } = await createKey('free')
    for (const method of ['GET', 'DELETE']) {
      const res = await call('/mcp', { method, key })
      expectError(res, 405, 'METHOD_NOT_ALLOWED')
      expect(res.headers.get('allow')).toBe('POST')
    }
    const headers = { accept: 'application/json, text/event-stream' }
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }
    expectError(await call('/mcp', { key, headers, body: [ping, ping] }), 400, 'BAD_REQUEST')
    expectError(await call('/mcp', { key, headers, rawBody: '{"jsonrpc":', contentType: 'application/json' }), 400, 'BAD_REQUEST')
    expectError(await call('/mcp', { key, headers, rawBody: 'ping', contentType: 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE')
  })
})

describe('POST /mcp: the API key, limits and quota', () => {
  it('needs a valid API key: no key or a bad one → 401 in the error envelope; the SDK client cannot connect', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    }
    const headers = { accept: 'application/json, text/event-stream' }
    expect(expectError(await call('/mcp', { headers, body: initialize }), 401, 'UNAUTHORIZED').message).toMatch(/Missing API key/)
    expectError(await call('/mcp', { key: 'sk_live_not_a_key_00000000000000000000', headers, body: initialize }), 401, 'UNAUTHORIZED')
    const bearer = await createKey('free')
    const ok = await call('/mcp', { headers: { ...headers, authorization: `Bearer ${bearer.key}` }, body: initialize })
    expect(ok.status).toBe(200)
    expect(ok.json.result.serverInfo.name).toBe('sign-placement-api')
    await expect(connect(undefined)).rejects.toThrow(/401|Missing API key/)
  })

  it('counts every HTTP request against the key’s minute window and the user’s monthly quota', async () => {
    const { key } = await createKey('free')
    const before = (await call('/api/v1/me', { key })).json.usage.requests
    const session = await connect(key)
    await callTool(session, 'score_location', { address: QUEEN_ST })
    await callTool(session, 'geocode', { address: RIDEAU })
    await session.close()
    const after = (await call('/api/v1/me', { key })).json.usage.requests
    expect(session.responses.length).toBeGreaterThanOrEqual(4)
    expect(after - before).toBe(session.responses.length + 1)
    // Within one minute window (same reset), each request leaves fewer in the window.
    const windows = session.responses.map(
      (r) => [r.headers.get('x-ratelimit-reset'), Number(r.headers.get('x-ratelimit-remaining'))] as const,
    )
    for (const [reset, remaining] of windows) expect([reset, remaining]).toEqual([expect.stringMatching(/^\d+$/), expect.any(Number)])
    for (let i = 1; i < windows.length; i++) if (windows[i][0] === windows[i - 1][0]) expect(windows[i][1]).toBeLessThan(windows[i - 1][1])
    for (const res of session.responses) expect(res.headers.get('x-quota-limit')).toBe('1000')
  })

  it('a used-up quota refuses the request with 429 QUOTA_EXCEEDED; the site finder’s extra units are a tool error', async () => {
    const { key, userId } = await createKey('free')
    await setMonthUsage(userId, 1_000)
    const headers = { accept: 'application/json, text/event-stream' }
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }
    expectError(await call('/mcp', { key, headers, body: ping }), 429, 'QUOTA_EXCEEDED')

    const pro = await createKey('pro')
    const session = await connect(pro.key)
    // Room for this call itself but not for the search's extra units (a 500 m / 50 m grid: 5 units).
    await setMonthUsage(pro.userId, 50_000 - 3)
    const error = expectToolError(
      await callTool(session, 'find_best_spot_nearby', { address: RIDEAU, radiusM: 500, spacingM: 50 }),
      'QUOTA_EXCEEDED',
    )
    expect(error.message).toMatch(/needs \d+ quota units/)
    await session.close()
  })
})
