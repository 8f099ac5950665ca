// POST /mcp: the Model Context Protocol endpoint (Streamable HTTP, stateless, JSON responses; docs/mcp.md).
// Auth, limits, body checks and the error envelope are the app's middleware, as for /api/v1; the tools are
// src/mcp/. GET (a server-sent event stream) and DELETE (ending a session) answer 405: there are no sessions.
import { Hono } from 'hono'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { AppEnv } from '../env'
import { badRequest } from '../errors'
import { mcpServer } from '../mcp/server'

export const MCP_PATH = '/mcp'

export const mcpRoutes = new Hono<AppEnv>().post(MCP_PATH, async (c) => {
  let message: unknown
  try {
    message = await c.req.json()
  } catch {
    throw badRequest('The body must be one JSON-RPC message (JSON)')
  }
  // One message per request, so that each one is counted once against the key's limits.
  if (Array.isArray(message)) throw badRequest('Send one JSON-RPC message per request: batches are not accepted')
  const server = mcpServer(c)
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  await server.connect(transport)
  try {
    return await transport.handleRequest(c.req.raw, { parsedBody: message })
  } finally {
    await server.close()
  }
})
