// POST /api/v1/score/batch (beyond the spec): up to 1,000 locations as JSON or CSV, results in input
// order, CSV out on `Accept: text/csv`. The work is in services/batch.ts and services/batch-csv.ts.
import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, int, standardHeaders, validationError } from '../lib/openapi'
import { principalOf } from '../middleware/plan-gate'
import { consumeQuotaUnits } from '../middleware/rate-limit'
import { ApiError, ERROR_STATUS, type ErrorCode } from '../errors'
import { DEFAULT_WEIGHTS, ScoreResultSchema, WeightProfileSchema } from '../scoring'
import { BATCH, scoreBatch, type BatchLocation } from '../services/batch'
import { formatBatchCsv, parseBatchCsv } from '../services/batch-csv'
import { coordinateNumber } from '../scoring/location'

const BatchLocationSchema = z
  .object({
    id: z
      .union([z.string().max(BATCH.maxIdLength), z.number()])
      .optional()
      .openapi({ example: 'store-17', description: 'Your reference, echoed back (numbers become strings)' }),
    address: z
      .string()
      .max(2_000)
      .optional()
      .openapi({
        example: '50 Rideau St, Ottawa, ON K1N 9J7',
        description: `Canadian address (≤ ${BATCH.maxAddressLength} characters); use this OR lat/lng`,
      }),
    lat: coordinateNumber('lat').optional().openapi({ example: 45.4257, description: 'With lng; a row outside Canada fails on its own' }),
    lng: coordinateNumber('lng').optional().openapi({ example: -75.6919 }),
  })
  .openapi('BatchLocation')

/** A row that failed its own schema (wrong type, unknown shape): kept, so it fails alone like a bad CSV row. */
interface InvalidRow {
  invalidRow: { issues: readonly z.core.$ZodIssue[]; input: unknown }
}
// zod-to-openapi cannot describe a .catch(), so the document gets BatchLocation's shape spelled out here.
const LenientBatchLocation = BatchLocationSchema.catch(
  (ctx) => ({ invalidRow: { issues: ctx.error.issues, input: ctx.input } }) as InvalidRow as z.infer<typeof BatchLocationSchema>,
).openapi({
  type: 'object',
  description: 'One location. A row of the wrong shape or type fails on its own (its `error`), like a bad CSV row.',
  properties: {
    id: {
      anyOf: [{ type: 'string', maxLength: BATCH.maxIdLength }, { type: 'number' }],
      description: 'Your reference, echoed back (numbers become strings)',
      example: 'store-17',
    },
    address: {
      type: 'string',
      maxLength: 2_000,
      description: `Canadian address (≤ ${BATCH.maxAddressLength} characters); use this OR lat/lng`,
      example: '50 Rideau St, Ottawa, ON K1N 9J7',
    },
    lat: { type: 'number', description: 'With lng; a row outside Canada fails on its own', example: 45.4257 },
    lng: { type: 'number', example: -75.6919 },
  },
})

/** A bad row's error says what /score would ("lat must be a number"); its id and input are echoed when readable. */
function toBatchLocation(row: z.infer<typeof BatchLocationSchema> | InvalidRow): BatchLocation {
  if (!('invalidRow' in row)) return { ...row, id: row.id === undefined ? undefined : String(row.id) }
  const { issues, input } = row.invalidRow
  const raw = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {}
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id).slice(0, BATCH.maxIdLength) : undefined
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined)
  const address = typeof raw.address === 'string' ? raw.address : undefined
  return { id, address, lat: text(raw.lat), lng: text(raw.lng), invalid: validationError(issues, 'location').message }
}

const BatchRequestSchema = z
  .object({
    locations: z
      .array(LenientBatchLocation)
      .min(1)
      .max(BATCH.maxLocations)
      .openapi({ description: `1 to ${BATCH.maxLocations.toLocaleString('en-CA')} locations` }),
    weights: WeightProfileSchema.optional(),
  })
  .openapi('BatchRequest', {
    example: {
      locations: [
        { id: 'a', address: '50 Rideau St, Ottawa, ON K1N 9J7' },
        { id: 'b', lat: 45.5017, lng: -73.5673 },
        { id: 'c', address: 'nowhere at all' },
      ],
    },
  })

const BatchRowSchema = z
  .object({
    index: int(0, BATCH.maxLocations - 1).openapi({
      example: 0,
      description: 'Position in the input (0-based; CSV: the data row, header excluded)',
    }),
    id: z
      .string()
      .max(BATCH.maxIdLength)
      .nullable()
      .openapi({ example: 'store-17', description: 'The id given with the location; null when none was given' }),
    input: z
      .string()
      .max(2_000)
      .openapi({ example: '50 Rideau St, Ottawa, ON K1N 9J7', description: 'The location as given: the address, else "lat, lng"' }),
    result: ScoreResultSchema.nullable().openapi({ description: 'The score result; null when the row failed' }),
    error: z
      .object({
        code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).openapi({ example: 'BAD_REQUEST' }),
        message: z
          .string()
          .max(2_000)
          .openapi({ example: 'could not geocode "nowhere at all": give a postal code, or a city and province, or lat/lng' }),
      })
      .nullable()
      .openapi({ description: 'Why this row could not be scored (null when it was scored); the other rows are unaffected' }),
  })
  .openapi('BatchRow')

const BatchResponseSchema = z
  .object({
    count: int(1, BATCH.maxLocations).openapi({ example: 3 }),
    succeeded: int(0, BATCH.maxLocations).openapi({ example: 2 }),
    failed: int(0, BATCH.maxLocations).openapi({ example: 1 }),
    quotaUnits: int(1, BATCH.maxLocations).openapi({ example: 3, description: 'Monthly quota units used: one per location' }),
    results: z.array(BatchRowSchema).max(BATCH.maxLocations).openapi({ description: 'One row per location, in input order' }),
  })
  .openapi('BatchResult')

const CSV_EXAMPLE_IN =
  'id,address\r\nstore-17,"50 Rideau St, Ottawa, ON K1N 9J7"\r\nstore-18,"1000 Rue Sainte-Catherine ' + 'O, Montréal, QC H3B 1B4"\r\n'
const CSV_EXAMPLE_OUT =
  'id,input,lat,lng,overallScore,grade,vehicleTraffic,roadClass,populationDensity,income,poiDensity,pedestrian,' +
  'transit,precision,error\r\nstore-17,"50 ' +
  'Rideau St, Ottawa, ON K1N 9J7",45.3176,-75.895,80.5,A,92.8,85,83.7,88,77.1,59.4,69.9,postal_code,\r\n'

const batchRoute = createRoute({
  method: 'post',
  path: '/score/batch',
  tags: ['Scoring'],
  operationId: 'scoreBatch',
  summary: 'Score up to 1,000 locations (JSON or CSV in, JSON or CSV out)',
  description:
    `Body: JSON \`{ locations: [{ id?, address | lat+lng }], weights? }\`, or \`Content-Type: text/csv\` ` +
    `with a header row naming \`address\` or \`lat\`,\`lng\` (optional \`id\`; comma, semicolon ` +
    `or tab separated; default weights). At most ${BATCH.maxLocations.toLocaleString('en-CA')} ` +
    `locations and ${BATCH.maxBodyBytes / 1024 / 1024} MiB (413 beyond). Results come back in input ` +
    `order; a location that cannot be scored (not found, outside Canada, or a row of the wrong shape or type, ` +
    'JSON or CSV alike) carries its own `error` ({ code, message }) and does not fail the batch. ' +
    '`Accept: text/csv` returns CSV: id, input, lat, lng, overallScore, grade, the seven factor scores, precision, error. ' +
    `Quota: one monthly unit per location; the per-minute limit counts the request once. A batch ` +
    `larger than what is left of the monthly quota is refused up front with 429 QUOTA_EXCEEDED ` +
    `stating the count needed, and nothing is charged. All plans.`,
  request: {
    body: {
      required: false,
      description: 'JSON or CSV (one of the two is required)',
      content: {
        'application/json': { schema: BatchRequestSchema },
        'text/csv': { schema: z.string().max(BATCH.maxBodyBytes).openapi({ example: CSV_EXAMPLE_IN }) },
      },
    },
  },
  responses: {
    200: {
      description: 'One row per location, in input order (JSON, or CSV when Accept: text/csv)',
      content: {
        'application/json': { schema: BatchResponseSchema },
        'text/csv': { schema: z.string().max(5_000_000).openapi({ example: CSV_EXAMPLE_OUT }) },
      },
      headers: standardHeaders,
    },
    ...errorResponses(400, 413, 415),
  },
})

const wantsCsv = (accept: string | undefined) => /\btext\/csv\b/i.test(accept ?? '') && !/\bapplication\/json\b/i.test(accept ?? '')
const isCsv = (type: string) => /^text\/csv\s*(;|$)/i.test(type)
const isJson = (type: string) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)

export const batchRoutes = createRouter().openapi(batchRoute, async (c) => {
  const principal = principalOf(c)
  const type = c.req.header('content-type') ?? ''
  let locations: BatchLocation[]
  let weights = DEFAULT_WEIGHTS
  if (isCsv(type)) {
    locations = parseBatchCsv(await c.req.text())
  } else if (isJson(type)) {
    const body = c.req.valid('json') as z.infer<typeof BatchRequestSchema>
    locations = body.locations.map(toBatchLocation)
    weights = body.weights ?? DEFAULT_WEIGHTS
  } else {
    throw new ApiError('BAD_REQUEST', 'Send the locations as JSON (Content-Type: application/json) or CSV (Content-Type: text/csv)', {
      details: [{ path: 'body', message: 'required' }],
    })
  }
  const rows = await scoreBatch(c.env, locations, weights, (units) => consumeQuotaUnits(c, principal, units, 'This batch'))
  if (wantsCsv(c.req.header('accept'))) {
    return c.body(formatBatchCsv(rows), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="scores.csv"',
    })
  }
  const failed = rows.filter((r) => r.error).length
  return c.json({ count: rows.length, succeeded: rows.length - failed, failed, quotaUnits: rows.length, results: rows }, 200)
})
