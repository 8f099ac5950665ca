import { OpenAPIHono, z, type Hook } from '@hono/zod-openapi'
import type { AppEnv } from '../env'
import { ApiError, ERROR_STATUS, type ErrorCode } from '../errors'
import { findUnsafeCharacter, unsafeTextMessage } from './text'

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).openapi({ example: 'BAD_REQUEST' }),
      message: z.string().max(2000).openapi({ example: 'weights: values must sum to 1.0' }),
      details: z
        .array(z.object({ path: z.string().max(500).openapi({ example: 'weights.income' }), message: z.string().max(2000) }))
        .max(1000)
        .optional(),
      requestId: z.string().max(40).openapi({ example: 'req_3f9c2a7d1e6b4c0a9d8e7f61' }),
    }),
  })
  .openapi('Error')

const counter = { type: 'integer' as const, format: 'int64' as const, minimum: 0, maximum: 9_999_999_999 }
const standardHeaders = {
  'X-Request-Id': {
    description: 'Unique id of this request; quote it to support',
    schema: { type: 'string' as const, pattern: '^req_[0-9a-f]{24}$', maxLength: 28 },
  },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current minute window', schema: counter },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute window', schema: counter },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the minute window resets', schema: counter },
  'X-Quota-Limit': { description: 'Monthly request quota of your plan', schema: counter },
  'X-Quota-Remaining': { description: 'Requests left this calendar month (UTC)', schema: counter },
  'Access-Control-Allow-Origin': {
    description: 'CORS: any origin may call the API with a key',
    schema: { type: 'string' as const, enum: ['*'] },
  },
}
const retryAfterHeader = {
  'Retry-After': {
    description: 'Seconds to wait before retrying',
    schema: { type: 'integer' as const, format: 'int32' as const, minimum: 1, maximum: 2_678_400 },
  },
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (see `details`)',
  401: 'Missing, malformed, invalid or revoked API key',
  403: 'Your plan does not include this feature',
  404: 'Not found (or not yours)',
  409: 'Conflict with the current state',
  410: 'Expired or revoked',
  413: 'Body larger than 64 KiB (POST /score/batch: 1 MiB)',
  415: 'Body is not JSON (POST /score/batch also takes text/csv)',
  429: 'Rate limit (per minute) or monthly quota exceeded; see Retry-After',
  500: 'Internal error (no internals are returned; quote the requestId)',
  502: 'An upstream provider failed',
}

/** Error responses for a route's OpenAPI definition; 401/413/415/429 apply to every authed route. */
export { standardHeaders }

export function errorResponses(...statuses: number[]) {
  const all = [...new Set([...statuses, 401, 429, 500])].sort()
  return Object.fromEntries(
    all.map((s) => [
      s,
      {
        description: ERROR_DESCRIPTIONS[s] ?? 'Error',
        content: { 'application/json': { schema: ErrorSchema } },
        headers: s === 429 ? { ...standardHeaders, ...retryAfterHeader } : standardHeaders,
      },
    ]),
  )
}

/** A JSON success response with the standard headers. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } }, headers: standardHeaders }
}

/** A JSON request body (required). */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { 'application/json': { schema } } }
}

/**
 * Validation failures become 400 BAD_REQUEST with one detail per zod issue, each message in the API's
 * voice ("name is required", "lat must be a number"); a schema's own message is kept as written.
 */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return
  throw validationError(result.error.issues, result.target === 'json' ? 'body' : result.target)
}

/** The 400 for failed zod issues: the hook's, and a service's that checks input with a route's schema (`prefix` goes before each path). */
export function validationError(issues: readonly Issue[], target = 'body', prefix?: string): ApiError {
  const details = issues.map((issue) => {
    const path = [prefix, ...issue.path.map(String)].filter((part) => part !== undefined).join('.') || target
    return { path, message: issueMessage(path, issue) }
  })
  const more = details.length > 1 ? ` (and ${details.length - 1} more; see details)` : ''
  return new ApiError('BAD_REQUEST', `${details[0].message}${more}`, { details })
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  date: 'a date',
}

/** zod's default messages start like this; anything else was written by us in a schema. */
const DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key|Expected|Number must|String must)/

type Issue = z.core.$ZodIssue
function issueMessage(path: string, issue: Issue): string {
  if (!DEFAULT_MESSAGE.test(issue.message)) return issue.message
  switch (issue.code) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message)) return `${path} is required`
      return `${path} must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`
    case 'too_small':
    case 'too_big': {
      const bound = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum)
      // An exclusive bound (positive(), gt, lt) is "greater than 0", not "at least 0" (which 0 satisfies).
      const word =
        issue.inclusive === false
          ? issue.code === 'too_small'
            ? 'greater than'
            : 'less than'
          : issue.code === 'too_small'
            ? 'at least'
            : 'at most'
      if (issue.origin === 'string')
        return issue.code === 'too_small' && bound === 1 ? `${path} must not be empty` : `${path} must be ${word} ${bound} characters`
      if (issue.origin === 'array' || issue.origin === 'set') return `${path} must have ${word} ${bound} items`
      return `${path} must be ${word} ${bound}`
    }
    case 'invalid_format':
      return `${path} must be a valid ${issue.format === 'regex' ? 'value' : issue.format}`
    case 'invalid_value':
      return `${path} must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => (path === 'body' ? k : `${path}.${k}`)).join(', ')}`
    case 'not_multiple_of':
      return `${path} must be a multiple of ${issue.divisor}`
    default:
      return `${path} is not valid`
  }
}

/**
 * A string field stored and shown to others: text with a character findUnsafeCharacter refuses (controls,
 * bidi overrides, separators, tags, ZWSP, BOM, lone surrogates) is a 400 that names the character.
 */
export const displayText = (field: string, schema: z.ZodString, options: { multiline?: boolean } = {}) =>
  schema.superRefine((value, ctx) => {
    const found = findUnsafeCharacter(value, options)
    if (found) ctx.addIssue({ code: 'custom', message: unsafeTextMessage(field, found) })
  })

/** Every route file builds its router with this so validation errors share one shape. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

/**
 * Bounded primitives for schemas. Every string and array in the document has a maximum (OWASP API4:
 * unbounded inputs invite resource exhaustion), and response schemas say the same.
 */
export const Uuid = z.string().uuid().max(36)
export const Timestamp = z.string().max(32).openapi({ format: 'date-time', example: '2026-11-23T09:42:51.705Z' })
export const text = (max: number) => z.string().max(max)
/** The bound documented for a list the API does not page (OWASP API4: every array has a maximum). */
export const MAX_LIST_ITEMS = 10_000
/** Integer count with the bounds and format OpenAPI linters expect. */
export const int = (min = 0, max = 2_147_483_647) =>
  z
    .number()
    .int()
    .min(min)
    .max(max)
    .openapi({ format: max > 2_147_483_647 ? 'int64' : 'int32' })
