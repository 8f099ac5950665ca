#!/usr/bin/env node
// Staff CLI over /admin/v1 (works against local dev and a deployed worker alike).
//   npm run admin -- keys create --email a@b.c --plan pro [--name ci] [--mode test]
//   npm run admin -- keys list [--email a@b.c]
//   npm run admin -- keys revoke <keyId>
//   npm run admin -- users set-plan --email a@b.c --plan scale
//   npm run admin -- orders list [--status ordered]
//   npm run admin -- orders advance <orderId> [--status shipped] [--tracking 1Z999…]   (default: next status)
//   npm run admin -- quotes list [--status pending]
//   npm run admin -- quotes answer <quoteId> --price 38500 --message "Includes permit drawings"
// Options: --url https://api.example.com (default $API_URL, else http://localhost:$PORT with PORT as for
// `npm run dev`, default 8787); token from $ADMIN_TOKEN or .dev.vars.
import { cliArgs } from './lib/cli.mjs'
import { readDevVars } from './lib/dev-vars.mjs'

const STRING_OPTIONS = ['url', 'email', 'plan', 'name', 'mode', 'status', 'tracking', 'price', 'message', 'user', 'id']
const { values: flags, positionals: positional } = cliArgs(Object.fromEntries(STRING_OPTIONS.map((o) => [o, { type: 'string' }])), {
  positionals: true,
  usage: 'npm run admin -- <keys|users|orders|quotes> <action> [--option value …] (see scripts/admin.mjs)',
})
const baseUrl = (flags.url || process.env.API_URL || `http://localhost:${process.env.PORT ?? 8787}`).replace(/\/$/, '')
const token = process.env.ADMIN_TOKEN ?? readDevVars().ADMIN_TOKEN

function need(name) {
  if (!flags[name]) fail(`missing --${name}`)
  return flags[name]
}

/** @returns {never} */
function fail(message) {
  console.error(`admin: ${message}\n${HELP}`)
  process.exit(2)
}

async function request(method, path, body) {
  if (!token) fail('no admin token: set ADMIN_TOKEN or run `npm run dev` once to create .dev.vars')
  const res = await fetch(`${baseUrl}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).catch(() => {
    console.error(
      `admin: no server answers at ${baseUrl}; start it with \`npm run dev\` (PORT=${process.env.PORT ?? 8787}) ` +
        `or pass --url / set API_URL`,
    )
    process.exit(1)
  })
  const json = await res.json().catch(() => ({}))
  if (!res.ok) {
    console.error(`admin: ${res.status} ${json.error?.code ?? ''} ${json.error?.message ?? ''}`)
    for (const d of json.error?.details ?? []) console.error(`  ${d.path}: ${d.message}`)
    process.exit(1)
  }
  return json
}

/** Text for a terminal: controls, format characters (bidi, ZWSP, BOM, tags) and separators shown as \u{…}, never sent raw. */
export const printable = (value) =>
  typeof value === 'string' ? value.replace(/[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`) : value

/** Command table: "<group> <action>" → handler. Features add their staff actions here. */
export const COMMANDS = {
  'keys create': async () => {
    const key = await request('POST', '/keys', { email: need('email'), plan: flags.plan, name: flags.name, mode: flags.mode ?? 'live' })
    console.log(`Created key ${key.id} for ${key.email} (plan ${key.plan}). It is shown only once:\n\n  ${key.key}\n`)
  },
  'keys list': async () => {
    const { keys } = await request('GET', `/keys${flags.email ? `?email=${encodeURIComponent(flags.email)}` : ''}`)
    console.table(
      keys.map(({ id, email, plan, name, prefix, mode, createdAt, revokedAt }) => ({
        id,
        email,
        plan,
        name: printable(name),
        prefix,
        mode,
        createdAt,
        revoked: revokedAt ?? '',
      })),
    )
  },
  'keys revoke': async () => {
    const id = positional[2] ?? need('id')
    const key = await request('POST', `/keys/${encodeURIComponent(id)}/revoke`)
    console.log(`Revoked ${key.id} (${key.prefix}…) at ${key.revokedAt}`)
  },
  'users set-plan': async () => {
    const user = await request('PATCH', `/users/${encodeURIComponent(flags.email ?? flags.user ?? fail('missing --email'))}`, {
      plan: need('plan'),
    })
    console.log(`${user.email} is now on the ${user.plan} plan`)
  },
  'orders list': async () => {
    const orders = await request('GET', `/orders${flags.status ? `?status=${encodeURIComponent(flags.status)}` : ''}`)
    console.table(
      orders.map(({ id, email, status, total, trackingNumber, createdAt }) => ({
        id,
        email,
        status,
        total,
        tracking: trackingNumber ?? '',
        createdAt,
      })),
    )
  },
  'orders advance': async () => {
    const id = positional[2] ?? need('id')
    const order = await request('POST', `/orders/${encodeURIComponent(id)}/advance`, {
      status: flags.status,
      trackingNumber: flags.tracking,
    })
    console.log(
      `Order ${order.id} is now ${order.status}${order.trackingNumber ? ` (tracking ${order.trackingNumber})` : ''}; ` +
        `the customer was notified`,
    )
  },
  'quotes list': async () => {
    const quotes = await request('GET', `/quotes${flags.status ? `?status=${encodeURIComponent(flags.status)}` : ''}`)
    console.table(
      quotes.map(({ id, status, signType, sizeEstimate, price, createdAt }) => ({
        id,
        status,
        signType,
        size: sizeEstimate ?? '',
        price: price ?? '',
        createdAt,
      })),
    )
  },
  'quotes answer': async () => {
    const id = positional[2] ?? need('id')
    const quote = await request('POST', `/quotes/${encodeURIComponent(id)}/answer`, { price: need('price'), message: need('message') })
    console.log(`Quote ${quote.id} is now ${quote.status} at ${quote.price} CAD; the customer was notified`)
  },
}

const HELP = `usage: npm run admin -- <command> [options]\ncommands: ${Object.keys(COMMANDS).join(' | ')}`
const command = COMMANDS[`${positional[0]} ${positional[1]}`]
if (!command) fail(positional.length ? `unknown command "${positional.slice(0, 2).join(' ')}"` : 'no command')
await command()
