// The one location input (src/scoring/location.ts) on every route that takes one: the same bad location gets
// the same 400 and message everywhere (batch: the same message in the row's error), a good point is
// accepted. The route list is checked against the OpenAPI registry, so a new route taking lat/lng
// fails here until it has a row below.
import { describe, it, expect, beforeAll } from 'vitest'
import { call, createKey, expectError } from '../helpers/api'
import { documentedRoutes } from '../helpers/routes'
import { createProject } from '../projects/fixtures'
import type { Plan } from '../../src/auth/plans'

type Location = Record<string, unknown>
/** What the caller learns: accepted, or refused with a message (and the detail path, when there is one). */
type Outcome = { accepted: true } | { accepted: false; message: string; path?: string }

interface Case {
  name: string
  body: Location
  /** The same mistake where every value is text (query string, CSV cell). */
  text?: Location
  /** The refusal; none for a good location. `optional`: routes where the location may be left out accept it. */
  refused?: { message: string; path: string; unlessOptional?: boolean }
}

const OTTAWA = { lat: 45.4257, lng: -75.6919 }
const LAT_RANGE = 'lat must be between 41 and 84 (Canada)'
const CASES: Case[] = [
  { name: 'lat 85', body: { lat: 85, lng: -75.69 }, refused: { message: LAT_RANGE, path: 'lat' } },
  { name: 'lat 40 (Ohio, below the box: one issue, not two)', body: { lat: 40, lng: -83 }, refused: { message: LAT_RANGE, path: 'lat' } },
  { name: 'lng -30', body: { lat: 45.42, lng: -30 }, refused: { message: 'lng must be between -142 and -52 (Canada)', path: 'lng' } },
  { name: 'lat without lng', body: { lat: 45.42 }, refused: { message: 'lat and lng must be given together', path: 'lng' } },
  {
    name: 'neither address nor lat/lng',
    body: {},
    refused: { message: 'address or lat/lng is required', path: 'address', unlessOptional: true },
  },
  {
    name: 'lat as a string',
    body: { lat: '45.42', lng: -75.69 },
    text: { lat: 'north', lng: -75.69 },
    refused: { message: 'lat must be a number', path: 'lat' },
  },
  {
    name: "Detroit (in the US, inside Canada's box)",
    body: { lat: 42.33, lng: -83.05 },
    refused: { message: 'coordinates are outside Canada (in the United States)', path: 'lat' },
  },
  { name: 'a good point (Ottawa)', body: OTTAWA },
]

/** A refusal in the one error envelope: one detail, the message repeated, the path under `prefix`. */
function refusal(res: { status: number; json: any }, prefix = ''): Outcome {
  const error = expectError(res, 400, 'BAD_REQUEST')
  expect(error.details).toHaveLength(1)
  expect(error.details![0].message).toBe(error.message)
  expect(error.details![0].path.startsWith(prefix), error.details![0].path).toBe(true)
  return { accepted: false, message: error.message, path: error.details![0].path.slice(prefix.length) }
}
const outcome = (res: { status: number; json: any; text: string }, success: number, prefix?: string): Outcome => {
  if (res.status === success) return { accepted: true }
  return refusal(res, prefix)
}
/** Batch rows fail one by one: the row's error carries the message (no path); a malformed request is still a 400. */
function batchOutcome(res: { status: number; json: any; text: string }): Outcome {
  if (res.status === 400) return refusal(res, 'locations.0.')
  expect(res.status, res.text).toBe(200)
  const [row] = res.json.results
  if (!row.error) return { accepted: true }
  expect(row.error.code).toBe('BAD_REQUEST')
  return { accepted: false, message: row.error.message }
}
const csvCell = (value: unknown) => (value === undefined ? '' : String(value))

interface Route {
  /** "METHOD path" as the OpenAPI document declares it. */
  name: string
  plan: Plan
  /** The location may be left out (ROI, prospects). */
  optional?: boolean
  /** Takes lat/lng but no address (prospects: city instead). */
  noAddress?: boolean
  prepare?: (key: string) => Promise<string>
  send: (key: string, location: Location, c: Case, prepared: string) => Promise<Outcome>
}

const ROUTES: Route[] = [
  { name: 'POST /api/v1/score', plan: 'free', send: async (key, l) => outcome(await call('/api/v1/score', { key, body: l }), 200) },
  {
    name: 'POST /api/v1/compare',
    plan: 'free',
    send: async (key, l) => outcome(await call('/api/v1/compare', { key, body: { locations: [l, OTTAWA] } }), 200, 'locations.0.'),
  },
  {
    name: 'POST /api/v1/projects/{id}/locations',
    plan: 'free',
    prepare: (key) => createProject(key),
    send: async (key, l, _c, projectId) => outcome(await call(`/api/v1/projects/${projectId}/locations`, { key, body: l }), 201),
  },
  {
    name: 'POST /api/v1/reports/score',
    plan: 'pro',
    send: async (key, l) => outcome(await call('/api/v1/reports/score', { key, body: l }), 201),
  },
  {
    name: 'POST /api/v1/roi',
    plan: 'free',
    optional: true,
    send: async (key, l) => outcome(await call('/api/v1/roi', { key, body: { overallScore: 70, signCost: 10_000, ...l } }), 200),
  },
  {
    name: 'POST /api/v1/prospects',
    plan: 'enterprise',
    optional: true,
    noAddress: true,
    send: async (key, l) => outcome(await call('/api/v1/prospects', { key, body: l }), 200),
  },
  {
    name: 'POST /api/v1/score/nearby',
    plan: 'pro',
    send: async (key, l) => outcome(await call('/api/v1/score/nearby', { key, body: { ...l, radiusM: 100, spacingM: 50 } }), 200),
  },
  {
    name: 'GET /api/v1/score/nearby.svg',
    plan: 'pro',
    send: async (key, _l, c) => {
      const fields = Object.entries({ ...(c.text ?? c.body), radiusM: 100, spacingM: 50 })
      const query = new URLSearchParams(fields.map(([k, v]): [string, string] => [k, String(v)]))
      return outcome(await call(`/api/v1/score/nearby.svg?${query}`, { key }), 200)
    },
  },
  {
    name: 'POST /api/v1/score/batch',
    plan: 'free',
    send: async (key, l) => batchOutcome(await call('/api/v1/score/batch', { key, body: { locations: [l] } })),
  },
  {
    // Not a separate route: the CSV body of the batch route, whose cells are all text.
    name: 'POST /api/v1/score/batch (CSV)',
    plan: 'free',
    send: async (key, _l, c) => {
      const l = c.text ?? c.body
      const rawBody = `id,address,lat,lng\r\nrow-1,${csvCell(l.address)},${csvCell(l.lat)},${csvCell(l.lng)}\r\n`
      return batchOutcome(await call('/api/v1/score/batch', { key, rawBody, contentType: 'text/csv' }))
    },
  },
]

/** Request schemas with lat at the top level or in a list of locations (cart and quotes name theirs otherwise). */
function takesLatLng(schema: unknown): boolean {
  type Element = { shape?: object; unwrap?: () => { shape?: object } }
  const shape = (schema as { shape?: Record<string, { element?: Element }> } | undefined)?.shape
  // A batch row is `.catch()`-wrapped (a bad row fails alone): look inside it.
  const rowShape = (element?: Element) => element?.shape ?? element?.unwrap?.().shape
  return !!shape && ('lat' in shape || Object.values(shape).some((field) => 'lat' in (rowShape(field.element) ?? {})))
}

describe('the location input on every route that takes one', () => {
  it('every documented route whose request holds lat/lng is in the table', () => {
    const taking = documentedRoutes()
      .filter((r) => {
        const request = r.definition.request as { body?: { content?: Record<string, { schema?: unknown }> }; query?: unknown } | undefined
        return takesLatLng(request?.body?.content?.['application/json']?.schema) || takesLatLng(request?.query)
      })
      .map((r) => `${r.method} ${r.path}`)
    expect(taking.sort()).toEqual([...new Set(ROUTES.map((r) => r.name.replace(' (CSV)', '')))].sort())
  })

  describe.each(ROUTES)('$name', (route) => {
    let key: string
    let prepared = ''
    beforeAll(async () => {
      key = (await createKey(route.plan)).key
      prepared = (await route.prepare?.(key)) ?? ''
    })

    it.each(CASES)('$name', async (c) => {
      const result = await route.send(key, c.body, c, prepared)
      if (!c.refused || (c.refused.unlessOptional && route.optional)) {
        expect(result, JSON.stringify(result)).toEqual({ accepted: true })
        return
      }
      expect(result).toMatchObject({ accepted: false, message: c.refused.message })
      if (result.accepted === false && result.path !== undefined) expect(result.path).toBe(c.refused.path)
    })

    if (!route.noAddress) {
      it('a blank address is refused, naming the field (a CSV cell of spaces is an empty cell: no location)', async () => {
        const blank = { address: '  ' }
        const result = await route.send(key, blank, { name: 'blank address', body: blank }, prepared)
        const csv = route.name.endsWith('(CSV)')
        expect(result).toMatchObject({ accepted: false, message: csv ? 'address or lat/lng is required' : 'address must not be empty' })
        if (result.accepted === false && result.path !== undefined) expect(result.path).toBe('address')
      })
    }
  })
})
