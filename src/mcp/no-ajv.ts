// Stands in for `ajv` and `ajv-formats` in the worker bundle (wrangler.toml [alias]): the MCP SDK imports
// them for one optional feature, validating what a client answers to an elicitation, which this server
// never asks for (src/mcp/server.ts passes its own validator). Saves ~56 KiB gzip.
export default function noAjv(): never {
  throw new Error('ajv is not bundled in the worker: pass a jsonSchemaValidator to the MCP SDK')
}
