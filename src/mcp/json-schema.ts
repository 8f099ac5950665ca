// A tool's input schema for MCP clients: the route's own zod request schema (the one that validates the
// call) as JSON Schema, with the descriptions and examples its `.openapi()` metadata gives the OpenAPI
// document, so a model reads the same words as a REST client.
import { z } from '@hono/zod-openapi'
import { getOpenApiMetadata } from '@asteasolutions/zod-to-openapi'

type JsonSchema = Record<string, unknown>

export function toolInputSchema(schema: z.ZodType): { type: 'object'; [key: string]: unknown } {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    // Refinements (an address OR lat/lng) cannot be said in JSON Schema: the descriptions say them.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const meta = getOpenApiMetadata(zodSchema as unknown as z.ZodType) as { description?: string; example?: unknown }
      if (meta.description && jsonSchema.description === undefined) jsonSchema.description = meta.description
      if (meta.example !== undefined && jsonSchema.examples === undefined) jsonSchema.examples = [meta.example]
    },
  }) as JsonSchema
  delete json.$schema
  if (json.type !== 'object') throw new Error('toolInputSchema: a tool takes an object')
  return json as { type: 'object' }
}
