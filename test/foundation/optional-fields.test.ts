import { describe, it, expect } from 'vitest'
import { call } from '../helpers/api'

type Schema = {
  $ref?: string
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
}

/**
 * Response objects whose properties may be absent, on purpose: each echoes what the client sent
 * (a field the client left out stays out). Every other optional value is present as null.
 */
const ECHOES_CLIENT_INPUT = new Set(['LocationContext'])
const ERROR_ENVELOPE = new Set(['Error'])

describe('optional response fields: present as null, never silently absent', () => {
  it('every property of every success response schema is required (nullable when it may be empty)', async () => {
    const doc = (await call('/api/v1/openapi.json')).json
    const components: Record<string, Schema> = doc.components.schemas
    const absentable: string[] = []
    const seen = new Set<Schema>()
    const walk = (schema: Schema | undefined, where: string) => {
      if (!schema || seen.has(schema)) return
      seen.add(schema)
      if (schema.$ref) {
        const name = schema.$ref.split('/').pop()!
        if (ECHOES_CLIENT_INPUT.has(name) || ERROR_ENVELOPE.has(name)) return
        return walk(components[name], name)
      }
      for (const [prop, sub] of Object.entries(schema.properties ?? {})) {
        if (!(schema.required ?? []).includes(prop)) absentable.push(`${where}.${prop}`)
        walk(sub, `${where}.${prop}`)
      }
      walk(schema.items, `${where}[]`)
      for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(sub, where)
    }
    for (const [path, methods] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        for (const [status, response] of Object.entries<any>(op.responses ?? {})) {
          if (status.startsWith('2')) walk(response.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} ${status}`)
        }
      }
    }
    expect(absentable).toEqual([])
  })
})
