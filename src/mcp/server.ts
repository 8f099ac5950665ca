// One MCP server per HTTP request (stateless Streamable HTTP: no session outlives the request, so any
// isolate can answer any call). The low-level SDK Server is used rather than McpServer so that arguments
// are checked by the routes' own schemas and a failure reads exactly as the REST API's 400 does.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { ApiError } from '../errors'
import { validationError } from '../lib/openapi'
import { describeForLog, INTERNAL_MESSAGE } from '../middleware/error-handler'
import { METHODOLOGY_VERSION } from '../scoring'
import { toolInputSchema } from './json-schema'
import { MCP_RESOURCES } from './resources'
import { MCP_TOOLS } from './tools'

const INSTRUCTIONS =
  'Sign Placement Scoring API for Canada: scores how good a place is for a business sign (0–100 and a grade) from ' +
  'open data on traffic, pedestrians, density, income, nearby businesses and transit. Start with score_location or ' +
  'compare_locations; explain_score says why; find_best_spot_nearby searches around a place (Pro plan). Every HTTP ' +
  'request to this endpoint counts against the API key’s per-minute limit and monthly quota. A failed tool call ' +
  'returns isError with the API error envelope {"error":{"code","message","details","requestId"}}.'

/** The server never asks the client for input (elicitation), the validator's only use: no Ajv built per request. */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'this server does not elicit input' }),
}

/** The MCP specification's code for "resource not found". */
const RESOURCE_NOT_FOUND = -32002

/** The tool list with JSON Schemas, built once per isolate on the first tools/list. */
let toolList: { name: string; title: string; description: string; inputSchema: { type: 'object' } }[] | undefined
const listTools = () =>
  (toolList ??= MCP_TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: toolInputSchema(t.input),
    annotations: { title: t.title, readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  })))

const text = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] })

/** The REST error envelope, as a tool error: the model reads the same code and message a REST client would. */
function toolError(c: Context<AppEnv>, error: ApiError): CallToolResult {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details?.length ? { details: error.details } : {}),
      requestId: c.get('requestId') ?? 'req_unknown',
    },
  }
  return { ...text(body), isError: true }
}

export function mcpServer(c: Context<AppEnv>): Server {
  const server = new Server(
    { name: 'sign-placement-api', title: 'Sign Placement Scoring API', version: METHODOLOGY_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: NO_ELICITATION },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools() }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = MCP_TOOLS.find((t) => t.name === request.params.name)
    // An unknown tool is the client's protocol error (the spec's -32602), not a failed call.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`)
    try {
      const parsed = tool.input.safeParse(request.params.arguments ?? {})
      if (!parsed.success) throw validationError(parsed.error.issues, 'arguments')
      return text(await tool.run(c, parsed.data))
    } catch (error) {
      if (error instanceof ApiError) return toolError(c, error)
      console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), tool: tool.name, ...describeForLog(error) }))
      return toolError(c, new ApiError('INTERNAL', INTERNAL_MESSAGE))
    }
  })
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: MCP_RESOURCES.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
  }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = MCP_RESOURCES.find((r) => r.uri === request.params.uri)
    if (!resource) throw new McpError(RESOURCE_NOT_FOUND, `Unknown resource: ${request.params.uri}`)
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text() }] }
  })
  return server
}
