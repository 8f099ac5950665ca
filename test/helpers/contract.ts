import type { ZodType } from 'zod'
import { documentedRoutes } from './routes'
import { ErrorSchema } from '../../src/lib/openapi'

/**
 * Contract check: every response a test receives must be declared by its route's OpenAPI
 * definition (status code, and the body must parse with the declared zod schema, the same one the
 * document is generated from). Statuses any route can return (auth, limits, body checks, 500) are
 * checked against the error envelope.
 */
interface RouteContract {
  method: string
  pattern: RegExp
  path: string
  responses: Record<string, { content?: Record<string, { schema?: ZodType }> }>
}

const GENERIC_ERROR_STATUSES = new Set([401, 405, 413, 415, 429, 500])

let routes: RouteContract[] | undefined
function contracts(): RouteContract[] {
  routes ??= documentedRoutes().map(({ method, path, definition }) => ({
    method,
    path,
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    responses: definition.responses as RouteContract['responses'],
  }))
  return routes
}

export const checkedResponses = { count: 0 }

export function assertContract(method: string, url: string, status: number, contentType: string | null, body: unknown) {
  const path = new URL(url, 'http://x').pathname
  // Exact paths win over parameterised ones (/projects/shared vs /projects/{id}).
  const candidates = contracts().filter((r) => r.method === method && r.pattern.test(path))
  const route = candidates.sort((a, b) => (a.path.includes('{') ? 1 : 0) - (b.path.includes('{') ? 1 : 0))[0]
  if (!route) return
  checkedResponses.count++
  const declared = route.responses[String(status)]
  const isJson = contentType?.includes('application/json') ?? false
  if (!declared) {
    if (GENERIC_ERROR_STATUSES.has(status) || status === 404) {
      if (isJson) parseOrThrow(ErrorSchema, body, `${method} ${route.path} → ${status}`)
      return
    }
    throw new Error(
      `Contract: ${method} ${route.path} returned ${status}, which its OpenAPI definition does not declare (test/helpers/contract.ts)`,
    )
  }
  const schema = declared.content?.['application/json']?.schema
  if (schema && isJson) parseOrThrow(schema, body, `${method} ${route.path} → ${status}`)
}

function parseOrThrow(schema: ZodType, body: unknown, where: string) {
  const result = schema.safeParse(body)
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
    throw new Error(`Contract: ${where} body does not match its declared schema: ${issues} (test/helpers/contract.ts)`)
  }
}
