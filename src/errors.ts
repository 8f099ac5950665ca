import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Every error code the API can return, with its HTTP status (docs/decisions.md §2). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 429,
  INTERNAL: 500,
  UPSTREAM_ERROR: 502,
} as const satisfies Record<string, ContentfulStatusCode>

export type ErrorCode = keyof typeof ERROR_STATUS

export interface ErrorDetail {
  path: string
  message: string
}

/**
 * The one error type of the API. Throw it anywhere; the app's error handler turns it into the
 * envelope `{ error: { code, message, details?, requestId } }` with the status from ERROR_STATUS.
 */
export class ApiError extends Error {
  readonly code: ErrorCode
  readonly details?: ErrorDetail[]
  readonly headers?: Record<string, string>

  constructor(code: ErrorCode, message: string, options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {}) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.details = options.details
    this.headers = options.headers
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code]
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new ApiError('BAD_REQUEST', message, { details })
export const unauthorized = (message: string) => new ApiError('UNAUTHORIZED', message)
export const forbidden = (message: string) => new ApiError('FORBIDDEN', message)
export const notFound = (what: string) => new ApiError('NOT_FOUND', `${what} not found`)
export const conflict = (message: string) => new ApiError('CONFLICT', message)
export const gone = (message: string) => new ApiError('GONE', message)

/**
 * The code for a bare HTTP status (framework errors carry only a status). Derived from ERROR_STATUS:
 * where two codes share a status (429), the first listed wins.
 */
export const CODE_FOR_STATUS: Readonly<Record<number, ErrorCode>> = Object.fromEntries(
  (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).reverse().map(([code, status]) => [status, code]),
)
