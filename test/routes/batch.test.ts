import { describe, it, expect, beforeAll } from 'vitest'
import { env } from 'cloudflare:workers'
import { runInDurableObject } from 'cloudflare:test'
import Papa from 'papaparse'
import { call, createKey, expectError } from '../helpers/api'
import { FACTOR_KEYS } from '../../src/scoring'

const CSV_HEADER = ['id', 'input', 'lat', 'lng', 'overallScore', 'grade', ...FACTOR_KEYS, 'precision', 'warnings', 'error']

async function monthUsage(userId: string) {
  return (await env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`)).usage(Date.now())).used
}
async function setMonthUsage(userId: string, used: number) {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`))
  await runInDurableObject(stub, async (_i, state) => {
    await state.storage.put(`month:${new Date().toISOString().slice(0, 7)}`, used)
  })
}
const csvCall = (key: string, csv: string, accept = 'text/csv') =>
  call('/api/v1/score/batch', { key, method: 'POST', rawBody: csv, contentType: 'text/csv; charset=utf-8', headers: { accept } })
const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data

describe('POST /api/v1/score/batch', () => {
  let free: Awaited<ReturnType<typeof createKey>>
  beforeAll(async () => {
    free = await createKey('free')
  })

  it('scores JSON locations in input order on every plan; a bad row carries its own error', async () => {
    const locations = [
      { id: 'a', address: '50 Rideau St, Ottawa, ON K1N 9J7' },
      { id: 7, lat: 45.5017, lng: -73.5673 },
      { id: 'c', address: 'nowhere at all' },
      { lat: 45.5 },
      { id: 'e', lat: 42.33, lng: -83.05 },
      {},
      { id: 'g', address: '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4' },
    ]
    const res = await call('/api/v1/score/batch', { key: free.key, body: { locations } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ count: 7, succeeded: 3, failed: 4, quotaUnits: 7 })
    expect(res.json.results.map((r: any) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(res.json.results.map((r: any) => r.id)).toEqual(['a', '7', 'c', null, 'e', null, 'g'])
    const [a, b, c, d, e, f, g] = res.json.results
    for (const ok of [a, b, g]) expect(ok.error).toBeNull()
    for (const bad of [c, d, e, f]) {
      expect(bad.result).toBeNull()
      expect(bad.error.code).toBe('BAD_REQUEST')
      expect(bad.error.message.length).toBeGreaterThan(5)
    }
    expect(c.error.message).toContain('could not geocode')
    expect(e.error.message).toContain('United States')
    // Each row equals what POST /score says about the same input.
    for (const [row, body] of [
      [a, { address: locations[0].address }],
      [b, { lat: 45.5017, lng: -73.5673 }],
    ] as const) {
      expect(row.result).toEqual((await call('/api/v1/score', { key: free.key, body })).json)
    }
  })

  it('uses the weights it is given for every row', async () => {
    const weights = { vehicleTraffic: 0, roadClass: 0, populationDensity: 0, income: 1, poiDensity: 0, pedestrian: 0, transit: 0 }
    const res = await call('/api/v1/score/batch', {
      key: free.key,
      body: { locations: [{ address: 'Toronto, ON' }, { address: 'Halifax, NS' }], weights },
    })
    for (const row of res.json.results) expect(row.result.overallScore).toBe(row.result.factorScores.income.score)
  })

  it('validates the batch as a whole: 1 to 1,000 locations, JSON or CSV', async () => {
    expectError(await call('/api/v1/score/batch', { key: free.key, body: { locations: [] } }), 400, 'BAD_REQUEST')
    expectError(await call('/api/v1/score/batch', { key: free.key, body: {} }), 400, 'BAD_REQUEST')
    expectError(
      await call('/api/v1/score/batch', {
        key: free.key,
        body: { locations: Array.from({ length: 1001 }, () => ({ lat: 45, lng: -75 })) },
      }),
      400,
      'BAD_REQUEST',
    )
    expectError(
      await call('/api/v1/score/batch', { key: free.key, rawBody: 'address\nOttawa', contentType: 'text/plain' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    )
    expectError(await call('/api/v1/score/batch', { key: free.key, method: 'POST' }), 400, 'BAD_REQUEST')
    expectError(await csvCall(free.key, ''), 400, 'BAD_REQUEST')
    expectError(await csvCall(free.key, 'name,city\r\nx,Ottawa\r\n'), 400, 'BAD_REQUEST')
    expectError(await csvCall(free.key, 'id,address\r\n1,"unclosed, Ottawa\r\n'), 400, 'BAD_REQUEST')
    const tooMany = `lat,lng\r\n${Array.from({ length: 1001 }, () => '45.42,-75.69').join('\r\n')}`
    expectError(await csvCall(free.key, tooMany), 400, 'BAD_REQUEST')
  })

  it('takes 1,000 locations (over the usual 64 KiB) and refuses bodies over 1 MiB with 413', async () => {
    const { key } = await createKey('pro')
    const locations = Array.from({ length: 1000 }, (_, i) => ({
      id: `site-${i}`,
      address: `${i + 1} Rideau Street, Ottawa, Ontario K1N ${(i % 9) + 1}J7, Canada`,
    }))
    expect(JSON.stringify({ locations }).length).toBeGreaterThan(64 * 1024)
    const res = await call('/api/v1/score/batch', { key, body: { locations } })
    expect(res.status).toBe(200)
    expect(res.json.count).toBe(1000)
    expect(res.json.results[999].id).toBe('site-999')
    const huge = { locations: [{ address: 'x'.repeat(1024 * 1024) }] }
    expectError(await call('/api/v1/score/batch', { key, body: huge }), 413, 'PAYLOAD_TOO_LARGE')
    // Other routes keep the 64 KiB limit.
    expectError(await call('/api/v1/score', { key, body: { address: 'x'.repeat(70 * 1024) } }), 413, 'PAYLOAD_TOO_LARGE')
  })
})

describe('batch CSV in and out', () => {
  let key: string
  beforeAll(async () => {
    key = (await createKey('pro')).key
  })

  it('round-trips quoted fields, embedded quotes and line breaks, French accents and CRLF', async () => {
    const rows = [
      ['id', 'address', 'note'],
      ['Dépanneur "Chez Gérard"', '1000 Rue Sainte-Catherine O, Montréal, QC H3B 1B4', 'ignored column'],
      ['line\r\nbreak', '50 Rideau St, Ottawa, ON K1N 9J7', ''],
      ['é-3', 'Trois-Rivières, QC', ''],
      ['bad', 'nowhere at all', ''],
    ]
    const csv = Papa.unparse(rows, { newline: '\r\n', quotes: true })
    const res = await csvCall(key, `\uFEFF${csv}\r\n`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.text).toMatch(/\r\n$/)
    const out = parseCsv(res.text)
    expect(out[0]).toEqual(CSV_HEADER)
    expect(out.slice(1).map((r) => [r[0], r[1]])).toEqual(rows.slice(1).map((r) => [r[0], r[1]]))
    const col = (name: string) => CSV_HEADER.indexOf(name)
    for (const r of out.slice(1, 4)) {
      expect(Number(r[col('overallScore')])).toBeGreaterThan(0)
      expect(r[col('error')]).toBe('')
      for (const f of FACTOR_KEYS) expect(r[col(f)]).toMatch(/^\d+(\.\d+)?$/)
    }
    expect(out[4][col('overallScore')]).toBe('')
    expect(out[4][col('error')]).toMatch(/^BAD_REQUEST: could not geocode/)
    // A row located only to its city says so, as POST /score does.
    expect(out[3][col('precision')]).toBe('city')
    expect(out[3][col('warnings')]).toBe('LOCATED_AT_CITY;CMA_NOT_COVERED') // Trois-Rivières: no percentile distribution

    // The same rows as JSON give the same scores.
    const json = await call('/api/v1/score/batch', { key, body: { locations: rows.slice(1).map(([id, address]) => ({ id, address })) } })
    expect(out.slice(1).map((r) => r[col('overallScore')])).toEqual(
      json.json.results.map((r: any) => (r.result ? String(r.result.overallScore) : '')),
    )
    expect(json.json.results[2].result.warnings.map((w: any) => w.code)).toEqual(['LOCATED_AT_CITY', 'CMA_NOT_COVERED'])
  })

  it('reads lat,lng columns, semicolons with decimal commas, and reports unreadable numbers per row', async () => {
    const res = await csvCall(key, 'id;latitude;longitude\n1;45,4257;-75,6919\n2;north;-75.7\n3;45.5017;-73.5673\n', 'application/json')
    expect(res.status).toBe(200)
    const [a, b, c] = res.json.results
    expect(a.result.lat).toBe(45.4257)
    expect(a.result.lng).toBe(-75.6919)
    // The row fails as JSON { lat: "north" } fails on POST /score, and shows the cell as given.
    expect(b.error.message).toBe('lat must be a number')
    expect(b.input).toBe('north, -75.7')
    expect(c.result.precision).toBe('coordinates')
    expect(res.json.results.map((r: any) => r.id)).toEqual(['1', '2', '3'])
  })

  it('JSON fails per row like CSV: a row of the wrong type or shape gets its own error, the others are scored', async () => {
    const locations = [{ id: 'x', lat: 'north', lng: -75.7 }, { address: 42 }, 7, null, { id: 9, lat: 45.5017, lng: -73.5673 }]
    const res = await call('/api/v1/score/batch', { key, body: { locations } })
    expect(res.status).toBe(200)
    expect([res.json.count, res.json.succeeded, res.json.failed]).toEqual([5, 1, 4])
    const [north, numeric, seven, nothing, ok] = res.json.results
    const csv = (await csvCall(key, 'id,lat,lng\nx,north,-75.7\n', 'application/json')).json.results[0]
    expect(north).toEqual({ ...csv, result: null }) // same id, input and error as the CSV row
    expect(north.error).toEqual({ code: 'BAD_REQUEST', message: 'lat must be a number' })
    expect(numeric.error.message).toBe('address must be a string')
    for (const row of [seven, nothing]) expect(row.error.message).toBe('location must be an object')
    expect([seven.id, seven.input]).toEqual([null, ''])
    expect(ok.id).toBe('9')
    expect(ok.result.precision).toBe('coordinates')
  })

  it('neutralises spreadsheet formulas in text cells', async () => {
    const res = await csvCall(key, 'id,address\n=HYPERLINK("x"),"Ottawa, ON"\n')
    const out = parseCsv(res.text)
    expect(out[1][0]).toBe(`'=HYPERLINK("x")`)
  })

  it('answers JSON unless CSV is asked for', async () => {
    const res = await csvCall(key, 'address\nOttawa ON\n', '*/*')
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.json.results).toHaveLength(1)
  })
})

describe('batch quota accounting', () => {
  it('charges one monthly unit per location and one per-minute request', async () => {
    const { key, userId } = await createKey('free')
    const res = await call('/api/v1/score/batch', {
      key,
      body: { locations: Array.from({ length: 25 }, () => ({ address: 'Ottawa, ON' })) },
    })
    expect(res.status).toBe(200)
    expect(await monthUsage(userId)).toBe(25)
    expect(Number(res.headers.get('x-quota-remaining'))).toBe(1000 - 25)
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(60 - 1)
  })

  it('refuses a batch larger than the remaining monthly quota up front, with the count needed, and charges nothing', async () => {
    const { key, userId } = await createKey('free')
    await setMonthUsage(userId, 990)
    const res = await csvCall(key, `lat,lng\n${Array.from({ length: 11 }, () => '45.42,-75.69').join('\n')}\n`)
    const error = expectError(res, 429, 'QUOTA_EXCEEDED')
    expect(error.message).toContain('needs 11 quota units')
    expect(error.message).toContain('10 remain')
    expect(res.headers.get('x-quota-remaining')).toBe('10')
    expect(await monthUsage(userId)).toBe(990)
    const fits = await call('/api/v1/score/batch', {
      key,
      body: { locations: Array.from({ length: 10 }, () => ({ lat: 45.42, lng: -75.69 })) },
    })
    expect(fits.status).toBe(200)
    expect(await monthUsage(userId)).toBe(1000)
    expectError(await call('/api/v1/score/batch', { key, body: { locations: [{ lat: 45.42, lng: -75.69 }] } }), 429, 'QUOTA_EXCEEDED')
  })
})
