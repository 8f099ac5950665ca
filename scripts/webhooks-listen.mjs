#!/usr/bin/env node
// `npm run webhooks:listen`: prints webhook deliveries as they arrive, like `stripe listen` (docs/webhooks.md).
// Starts a receiver on 127.0.0.1, registers it as a webhook endpoint of a demo key (.dev-keys.json) with the
// running `npm run dev`, sends it a ping, verifies each delivery's signature and prints it; Ctrl-C deletes
// the endpoint. Local only: outside production the API accepts http://127.0.0.1 URLs.
//   npm run webhooks:listen -- [--plan pro] [--events order.status_changed,quote.answered] [--port 0] [--json]
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { repoRoot } from './lib/load-ts.mjs'
import { verifyWebhook } from './lib/verify-webhook.mjs'

const { values: opts } = parseArgs({
  options: {
    plan: { type: 'string', default: 'pro' },
    events: { type: 'string', default: '*' },
    port: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
  },
})
const api = `http://localhost:${process.env.PORT ?? 8787}/api/v1`
let key = process.env.KEY
if (!key) {
  try {
    key = JSON.parse(readFileSync(join(repoRoot, '.dev-keys.json'), 'utf8'))[opts.plan]
  } catch {
    console.error('No .dev-keys.json: start the API first with `npm run dev` (or set KEY=sk_test_…).')
    process.exit(1)
  }
}
const request = async (method, path, body) => {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, json: await res.json().catch(() => undefined) }
}

let secret = ''
const time = () => new Date().toISOString().slice(11, 19)
const server = createServer((req, res) => {
  let body = ''
  req.setEncoding('utf8')
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    try {
      const event = verifyWebhook(body, req.headers['sign-placement-signature'], secret)
      const attempt = req.headers['sign-placement-event-id'] === event.id ? '' : ' (id header mismatch!)'
      console.log(`${time()}  ✔ ${event.type.padEnd(24)} ${event.id}${attempt}`)
      console.log(opts.json ? JSON.stringify(event, null, 2) : `          ${JSON.stringify(event.data)}`)
      res.writeHead(200).end('ok')
    } catch (error) {
      console.log(`${time()}  ✖ refused a delivery: ${error.message}`)
      res.writeHead(400).end(error.message)
    }
  })
})

server.listen(Number(opts.port), '127.0.0.1', async () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address())
  const url = `http://127.0.0.1:${port}/`
  let created
  try {
    created = await request('POST', '/webhooks', { url, events: opts.events.split(','), description: 'npm run webhooks:listen' })
  } catch {
    console.error(`The API does not answer at ${api}: start it with \`npm run dev\` (PORT=${process.env.PORT ?? 8787}).`)
    process.exit(1)
  }
  if (created.status !== 201) {
    console.error(`Could not register ${url}: ${created.status} ${JSON.stringify(created.json?.error ?? created.json)}`)
    if (created.status === 403) console.error('Delete an endpoint (GET/DELETE /api/v1/webhooks) or use --plan enterprise.')
    process.exit(1)
  }
  secret = created.json.secret
  const stop = async () => {
    await request('DELETE', `/webhooks/${created.json.id}`).catch(() => undefined)
    console.log(`\nDeleted webhook endpoint ${created.json.id}.`)
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  console.log(`Ready: events (${opts.events}) of the ${opts.plan} demo key → ${url}  (endpoint ${created.json.id})`)
  console.log(`Signing secret ${secret}  ·  Ctrl-C deletes the endpoint and stops.`)
  await request('POST', `/webhooks/${created.json.id}/test`)
})
