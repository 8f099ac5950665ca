import { describe, it, expect } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'

const post = (key: string, body: unknown) => call('/api/v1/quotes', { key, body })

describe('quotes: happy paths', () => {
  it('POST /quotes → 201 {id, status: pending}; listed newest first; readable by id', async () => {
    const { key } = await createKey()
    const a = await post(key, { signType: 'Monument sign', requirements: 'Stone base, lit, for a dental clinic' })
    const b = await post(key, {
      signType: 'Channel letters',
      requirements: 'Halo-lit, 18 in',
      sizeEstimate: '14 ft run',
      locationAddress: '250 Rideau St, Ottawa, ON',
      locationLat: 45.43,
      locationLng: -75.69,
    })
    expect(a.status).toBe(201)
    expect(a.json).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'pending', sizeEstimate: null, locationLat: null })
    expect(b.json).toMatchObject({ sizeEstimate: '14 ft run', locationLat: 45.43, locationLng: -75.69 })
    const list = await call('/api/v1/quotes', { key })
    expect(list.json.map((q: any) => q.id)).toEqual([b.json.id, a.json.id])
    expect((await call(`/api/v1/quotes/${a.json.id}`, { key })).json).toEqual(a.json)
  })

  it('trims text fields', async () => {
    const { key } = await createKey()
    const res = await post(key, { signType: '  Pylon  ', requirements: ' 20 ft ' })
    expect(res.json.signType).toBe('Pylon')
    expect(res.json.requirements).toBe('20 ft')
  })
})

describe('quotes: errors', () => {
  it.each([
    ['signType missing', { requirements: 'x' }, 'signType'],
    ['requirements missing', { signType: 'Pylon' }, 'requirements'],
    ['signType blank', { signType: '  ', requirements: 'x' }, 'signType'],
    ['requirements not a string', { signType: 'Pylon', requirements: 5 }, 'requirements'],
    ['lat out of range', { signType: 'Pylon', requirements: 'x', locationLat: 100, locationLng: 0 }, 'locationLat'],
    ['lat without lng', { signType: 'Pylon', requirements: 'x', locationLat: 45 }, 'locationLng'],
    ['requirements too long', { signType: 'Pylon', requirements: 'x'.repeat(5001) }, 'requirements'],
  ])('%s → 400 naming the field', async (_, body, field) => {
    const { key } = await createKey()
    const error = expectError(await post(key, body), 400, 'BAD_REQUEST')
    expect(error.details?.map((d) => d.path)).toContain(field)
    expect((await call('/api/v1/quotes', { key })).json).toEqual([])
  })

  it('needs a key; another user’s quote → 404 on read, accept and decline', async () => {
    expectError(await post('', { signType: 'Pylon', requirements: 'x' }), 401, 'UNAUTHORIZED')
    const alice = await createKey()
    const mallory = await createKey()
    const { id } = (await post(alice.key, { signType: 'Pylon', requirements: 'x' })).json
    expectError(await call(`/api/v1/quotes/${id}`, { key: mallory.key }), 404, 'NOT_FOUND')
    expectError(await call(`/api/v1/quotes/${id}/accept`, { key: mallory.key, method: 'POST' }), 404, 'NOT_FOUND')
    expectError(await call(`/api/v1/quotes/${id}/decline`, { key: mallory.key, method: 'POST' }), 404, 'NOT_FOUND')
    expectError(await call('/api/v1/quotes/nope', { key: alice.key }), 404, 'NOT_FOUND')
    expect((await call('/api/v1/quotes', { key: mallory.key })).json).toEqual([])
  })
})
