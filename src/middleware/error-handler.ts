import type { Context, ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiError, CODE_FOR_STATUS, type ErrorCode, type ErrorDetail } from '../errors'
import type { AppEnv } from '../env'

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; requestId: string }
}

export function errorResponse(c: Context<AppEnv>, error: ApiError) {
  const body: ErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details?.length ? { details: error.details } : {}),
      requestId: c.get('requestId') ?? 'req_unknown',
    },
  }
  return c.json(body, error.status, error.headers)
}

export const INTERNAL_MESSAGE = 'An internal error occurred. Quote the requestId if you contact support.'

/** Turns anything thrown into the one error envelope; internals never reach the client. */
export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err)
  if (err instanceof HTTPException && err.status < 500) {
    const code = CODE_FOR_STATUS[err.status] ?? 'BAD_REQUEST'
    return errorResponse(c, new ApiError(code, err.message || code))
  }
  console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), ...describeForLog(err) }))
  return errorResponse(c, new ApiError('INTERNAL', INTERNAL_MESSAGE))
}

/** Paths are echoed for orientation only, cut short so a message stays within the schema's bounds. */
const MAX_ECHOED_PATH = 200
const shortPath = (path: string) => (path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path)

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, new ApiError('NOT_FOUND', `No route for ${c.req.method} ${shortPath(c.req.path)}`))

export const methodNotAllowedResponse = (c: Context<AppEnv>, methods: string[]) =>
  errorResponse(
    c,
    new ApiError('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${shortPath(c.req.path)}; allowed: ${methods.join(', ')}`, {
      headers: { Allow: methods.join(', ') },
    }),
  )

/** Server-side log entry: message and frames, without query parameters (they can hold key hashes). */
export function describeForLog(err: unknown) {
  const scrub = (text: string) => text.split('\nparams:')[0]
  const error = err instanceof Error ? err : new Error(String(err))
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8)
  const cause = error.cause instanceof Error ? scrub(error.cause.message) : undefined
  return { error: `${error.name}: ${scrub(error.message)}`, cause, frames }
}
