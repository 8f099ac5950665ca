// The one id rule (docs/ids.md): ids are UUIDs compared case-insensitively. Any case is accepted in a
// path or body and stored and returned in lower case; a path segment that is not a UUID names
// nothing, so it is 404 like an unknown id (never 400, which would tell a guesser the format).
import { z } from '@hono/zod-openapi'
import { notFound } from '../errors'

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EXAMPLE = '5f0c6a62-3b7e-4f7e-9b0a-3f4f6f7d8e9a'

export const isUuid = (value: string) => UUID_PATTERN.test(value)

/** The canonical (lower-case) form of a UUID path parameter, or 404 `${what} not found`. */
export function parseId(value: string, what: string): string {
  if (!isUuid(value)) throw notFound(what)
  return value.toLowerCase()
}

/** Every UUID path parameter schema, so tests can find each route that must follow the rule. */
export const ID_PARAMS = new WeakSet<z.ZodType>()

/** A UUID path parameter `{name}`: documented as a UUID, parsed by the handler with parseId. */
export function idParam(name: string, description = 'UUID (any case; not a UUID → 404)') {
  const schema = z
    .string()
    .max(64)
    .openapi({ param: { name, in: 'path' }, description, example: EXAMPLE })
  ID_PARAMS.add(schema)
  return schema
}

export const UuidParam = z.object({ id: idParam('id') })
