import { OpenAPIHono, z, type Hook } from '@hono/zod-openapi'
import type { AppEnv } from '../env'
import { ApiError, ERROR_STATUS, type ErrorCode } from '../errors'

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).openapi({ example: 'BAD_REQUEST' }),
      message: z.string().openapi({ example: 'weights: values must sum to 1.0' }),
      details: z
        .array(z.object({ path: z.string().openapi({ example: 'weights.income' }), message: z.string() }))
        .optional(),
      requestId: z.string().openapi({ example: 'req_3f9c2a7d1e6b4c0a9d8e7f61' }),
    }),
  })
  .openapi('Error')

const rateLimitHeaders = {
  'X-Request-Id': { description: 'Unique id of this request; quote it to support', schema: { type: 'string' as const } },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current minute window', schema: { type: 'integer' as const } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute window', schema: { type: 'integer' as const } },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) when the minute window resets', schema: { type: 'integer' as const } },
  'X-Quota-Limit': { description: 'Monthly request quota of your plan', schema: { type: 'integer' as const } },
  'X-Quota-Remaining': { description: 'Requests left this calendar month (UTC)', schema: { type: 'integer' as const } },
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (see `details`)',
  401: 'Missing, malformed, invalid or revoked API key',
  403: 'Your plan does not include this feature',
  404: 'Not found (or not yours)',
  409: 'Conflict with the current state',
  410: 'Expired or revoked',
  413: 'Body larger than 64 KiB',
  415: 'Body is not JSON',
  429: 'Rate limit (per minute) or monthly quota exceeded; see Retry-After',
  502: 'An upstream provider failed',
}

/** Error responses for a route's OpenAPI definition; 401/413/415/429 apply to every authed route. */
export function errorResponses(...statuses: number[]) {
  const all = [...new Set([...statuses, 401, 429])].sort()
  return Object.fromEntries(
    all.map((s) => [s, { description: ERROR_DESCRIPTIONS[s] ?? 'Error', content: { 'application/json': { schema: ErrorSchema } }, headers: rateLimitHeaders }]),
  )
}

/** A JSON success response with the standard headers. */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } }, headers: rateLimitHeaders }
}

/** A JSON request body (required). */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { 'application/json': { schema } } }
}

/** Validation failures become 400 BAD_REQUEST with one detail per zod issue. */
export const validationHook: Hook<unknown, AppEnv, string, unknown> = (result) => {
  if (result.success) return
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || (result.target === 'json' ? 'body' : result.target),
    message: issue.message,
  }))
  const where = result.target === 'json' ? 'body' : result.target
  const first = details[0]
  throw new ApiError('BAD_REQUEST', `Invalid request ${where}: ${first.path}: ${first.message}`, { details })
}

/** Every route file builds its router with this so validation errors share one shape. */
export const createRouter = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook })

export const UuidParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '5f0c6a62-3b7e-4f7e-9b0a-3f4f6f7d8e9a' }),
})
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
