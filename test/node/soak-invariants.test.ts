// The checkers of `npm run soak` (scripts/soak/invariants.mjs, docs/soak.md): each one passes a history
// that keeps its invariant and reports the defect in one that breaks it, so a soak run's "defects = 0"
// means something.
import { describe, expect, it, vi } from 'vitest'
import {
  checkCheckouts,
  checkCrossUser,
  checkDurable,
  checkOrderTotal,
  checkQuota,
  checkRateWindows,
  checkResponse,
} from '../../scripts/soak/invariants.mjs'
import { Ledger, newActor, percentile } from '../../scripts/soak/ledger.mjs'
import { quotaDefects } from '../../scripts/soak/report.mjs'
import { operationStream } from '../../scripts/soak/mix.mjs'

const requestId = 'req_0123456789abcdef01234567'
const envelope = (code: string) => ({ error: { code, message: 'x is required', requestId } })
const json = 'application/json; charset=utf-8'

describe('checkResponse: no 5xx, every error in the one envelope', () => {
  it('passes answers and well-formed errors', () => {
    expect(checkResponse({ status: 200, body: { ok: 1 }, contentType: json })).toEqual([])
    expect(checkResponse({ status: 304, body: undefined, contentType: null })).toEqual([])
    expect(checkResponse({ status: 404, body: envelope('NOT_FOUND'), requestId, contentType: json })).toEqual([])
    expect(checkResponse({ status: 429, body: envelope('QUOTA_EXCEEDED'), requestId, contentType: json })).toEqual([])
  })

  it('reports a 5xx even in the envelope', () => {
    expect(checkResponse({ status: 500, body: envelope('INTERNAL'), requestId, contentType: json })).toEqual(['500 answer'])
  })

  it('reports errors outside the envelope', () => {
    expect(checkResponse({ status: 400, body: 'Bad Request', contentType: 'text/plain' })).toHaveLength(2)
    expect(checkResponse({ status: 400, body: { message: 'no' }, contentType: json })).toEqual(['400 outside the error envelope'])
    const noId = { error: { code: 'BAD_REQUEST', message: 'x' } }
    expect(checkResponse({ status: 400, body: noId, contentType: json })).toEqual(['400 envelope without a requestId'])
    const other = checkResponse({
      status: 400,
      body: envelope('BAD_REQUEST'),
      requestId: 'req_ffffffffffffffffffffffff',
      contentType: json,
    })
    expect(other).toEqual(['400 envelope requestId differs from X-Request-Id'])
    expect(checkResponse({ status: 400, body: { ...envelope('BAD_REQUEST'), stack: 'at …' }, requestId, contentType: json })).toEqual([
      '400 envelope with extra top-level keys: stack',
    ])
    expect(checkResponse({ status: 429, body: envelope('BAD_REQUEST'), requestId, contentType: json })).toEqual([
      '429 with code BAD_REQUEST',
    ])
  })
})

describe('checkRateWindows: at most the limit a minute, exactly the limit before a refusal', () => {
  const reset = 1_790_000_040
  it('passes a window filled to the limit, and a quiet one', () => {
    const windows = new Map([
      [reset, { admitted: 60, limited: 25 }],
      [reset + 60, { admitted: 12, limited: 0 }],
    ])
    expect(checkRateWindows(windows, 60)).toEqual([])
  })
  it('reports over-admission, always', () => {
    expect(checkRateWindows(new Map([[reset, { admitted: 61, limited: 0 }]]), 60, new Set([reset]))).toHaveLength(1)
  })
  it('reports a refusal under the limit, unless a crash disturbed that minute', () => {
    const windows = new Map([[reset, { admitted: 59, limited: 1 }]])
    expect(checkRateWindows(windows, 60)).toHaveLength(1)
    expect(checkRateWindows(windows, 60, new Set([reset]))).toEqual([])
  })
})

describe('checkQuota: the month the API reports is what it answered', () => {
  it('passes an exact count, and one within the crash slack', () => {
    expect(checkQuota({ reported: 812, expected: 812, limit: 1000 })).toEqual([])
    expect(checkQuota({ reported: 820, expected: 812, slack: 8, limit: 1000 })).toEqual([])
  })
  it('reports units lost or invented, over-admission and early refusals', () => {
    expect(checkQuota({ reported: 811, expected: 812, slack: 50, limit: 1000 })).toEqual(['usage 811 below the 812 units answered'])
    expect(checkQuota({ reported: 813, expected: 812, limit: 1000 })).toHaveLength(1)
    expect(checkQuota({ reported: 1001, expected: 1001, limit: 1000 })).toEqual(['1001 units admitted, quota 1000'])
    expect(checkQuota({ reported: 990, expected: 990, limit: 1000, refusedOne: 3 })).toEqual([
      'QUOTA_EXCEEDED 3× with 10 of 1000 units left',
    ])
    expect(checkQuota({ reported: 1000, expected: 1000, limit: 1000, refusedOne: 3 })).toEqual([])
  })
})

describe('checkOrderTotal: an order is priced from the catalogue', () => {
  const prices = new Map([
    ['v1', '4200.00'],
    ['v2', '24.50'],
  ])
  const line = (productVariantId: string, unitPrice: string, quantity: number, lineTotal: string) => ({
    productVariantId,
    unitPrice,
    quantity,
    lineTotal,
  })
  it('passes Σ unit price × quantity at catalogue prices', () => {
    const order = { id: 'o', total: '4249.00', items: [line('v1', '4200.00', 1, '4200.00'), line('v2', '24.50', 2, '49.00')] }
    expect(checkOrderTotal(order, prices)).toEqual([])
  })
  it('reports a price that is not the catalogue’s, a wrong line and a wrong total', () => {
    expect(checkOrderTotal({ id: 'o', total: '4100.00', items: [line('v1', '4100.00', 1, '4100.00')] }, prices)).toEqual([
      'order o: unit price 4100.00, catalogue 4200.00',
    ])
    expect(checkOrderTotal({ id: 'o', total: '24.50', items: [line('v2', '24.50', 2, '24.50')] }, prices)).toHaveLength(1)
    expect(checkOrderTotal({ id: 'o', total: '49.01', items: [line('v2', '24.50', 2, '49.00')] }, prices)).toEqual([
      'order o: total 49.01 ≠ Σ lines 49.00',
    ])
  })
})

describe('checkCheckouts: one order per Idempotency-Key, none lost, none extra', () => {
  it('passes keys each answered with one order that GET /orders lists', () => {
    const byKey = new Map([
      ['k1', new Set(['a'])],
      ['k2', new Set(['b'])],
    ])
    expect(checkCheckouts(byKey, ['b', 'a'])).toEqual([])
  })
  it('reports a key that made two orders, a lost order and an order nobody was answered with', () => {
    expect(checkCheckouts(new Map([['k1', new Set(['a', 'b'])]]), ['a', 'b'])).toHaveLength(1)
    expect(checkCheckouts(new Map([['k1', new Set(['a'])]]), [])).toHaveLength(1)
    expect(checkCheckouts(new Map([['k1', new Set(['a'])]]), ['a', 'c'])).toHaveLength(1)
  })
})

describe('cross-user reads and durability', () => {
  it('another user’s object must be a 404', () => {
    expect(checkCrossUser('project p', 404)).toEqual([])
    expect(checkCrossUser('project p', 200)).toHaveLength(1)
    expect(checkCrossUser('project p', 403)).toHaveLength(1)
  })
  it('every acknowledged object reads back after the restart', () => {
    expect(checkDurable([{ what: 'order o', status: 200 }])).toEqual([])
    expect(
      checkDurable([
        { what: 'order o', status: 200 },
        { what: 'quote q', status: 404 },
      ]),
    ).toHaveLength(1)
  })
})

describe('the ledger books what the API answered', () => {
  const headers = (reset: number) => new Headers({ 'x-ratelimit-reset': String(reset) })
  it('admitted requests and their units per minute window; refusals cost nothing', () => {
    const ledger = new Ledger('http://127.0.0.1:1')
    const actor = newActor('a', 'free', 'sk', { requestsPerMinute: 60, monthlyQuota: 1000 })
    const res = (status: number) => ({ status, headers: headers(120) })
    ledger.book(actor, { op: 'me' }, res(200), {}, 'me')
    ledger.book(actor, { op: 'batch', units: () => 7 }, res(200), {}, 'batch')
    ledger.book(actor, { op: 'score' }, res(400), envelope('BAD_REQUEST'), 'score')
    ledger.book(actor, { op: 'me' }, res(429), envelope('RATE_LIMITED'), 'me')
    ledger.book(actor, { op: 'me' }, res(429), envelope('QUOTA_EXCEEDED'), 'me')
    const refusedBatch = { error: { ...envelope('QUOTA_EXCEEDED').error, details: [{ path: 'quota', message: 'needed 7' }] } }
    ledger.book(actor, { op: 'batch', units: () => 7 }, res(429), refusedBatch, 'batch')
    expect(actor.windows.get(120)).toEqual({ admitted: 4, limited: 1 })
    expect(actor.units).toBe(1 + 7 + 1)
    expect(actor.refusedOne).toBe(1)
    expect(ledger.defects).toEqual([])
    ledger.book(actor, { op: 'me' }, { status: 200, headers: new Headers() }, {}, 'me')
    expect(ledger.defects).toEqual(['me: 200 without X-RateLimit-Reset'])
  })

  it("the dev proxy's 503 for a worker killed mid-request is the crash's lost answer, and a defect at any other time", async () => {
    const proxy = () => new Response('Your worker restarted mid-request. Please try sending the request again.', { status: 503 })
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => proxy())
    const ledger = new Ledger('http://127.0.0.1:1')
    ledger.crashing = true
    expect(await ledger.send(null, { op: 'score', method: 'POST', path: '/api/v1/score', body: {} })).toEqual({
      status: 0,
      body: undefined,
    })
    expect([ledger.unanswered, ledger.defects]).toEqual([1, []])
    ledger.crashing = false
    expect((await ledger.send(null, { op: 'score', method: 'POST', path: '/api/v1/score', body: {} })).status).toBe(503)
    expect(ledger.defects.length).toBeGreaterThan(0)
    vi.restoreAllMocks()
  })

  it('a user’s quota is read against all of its keys, with the slack of the leases the other keys hold', () => {
    const limits = { requestsPerMinute: 300, monthlyQuota: 50_000 }
    const a = Object.assign(newActor('a', 'pro', 'sk1', limits), { user: 'u', units: 100 })
    const b = Object.assign(newActor('b', 'pro', 'sk2', limits), { user: 'u', units: 40 })
    const me = (requests: number) => ({ status: 200, body: { usage: { requests } } })
    expect(quotaDefects([a, b], a, me(140), 0)).toEqual([])
    expect(quotaDefects([a, b], a, me(170), 0)).toEqual([]) // b may hold a lease of 30
    expect(quotaDefects([a, b], a, me(171), 0)).toHaveLength(1)
    expect(quotaDefects([a, b], a, me(139), 1)).toEqual(['user u: usage 139 below the 140 units answered'])
  })

  it('nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3)
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        99,
      ),
    ).toBe(99)
    expect(percentile([], 50)).toBe(0)
  })
})

describe('the mix is seeded', () => {
  it('the same seed draws the same operations and keys; another seed others', () => {
    const actors = [
      { id: 'a', share: 0.5 },
      { id: 'b', share: 0.5 },
    ]
    const draw = (seed: number) => {
      const next = operationStream(seed, actors)
      return Array.from({ length: 50 }, () => {
        const op = next()
        return `${op.actor.id}:${op.name}`
      })
    }
    expect(draw(32)).toEqual(draw(32))
    expect(draw(33)).not.toEqual(draw(32))
    expect(new Set(draw(32).map((s) => s.split(':')[1])).size).toBeGreaterThan(8)
  })
})
