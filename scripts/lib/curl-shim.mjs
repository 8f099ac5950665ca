#!/usr/bin/env node
// `curl` while `npm run docs:check` runs a documentation block: does what curl does for the options the
// docs use (and refuses any other, so examples stay simple), and appends each exchange to
// $DOCS_CHECK_LOG for the checker. Like curl, -d without a content-type header sends
// application/x-www-form-urlencoded, and an HTTP error status still exits 0.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'

const log = (exchange) => appendFileSync(process.env.DOCS_CHECK_LOG ?? '/dev/null', `${JSON.stringify(exchange)}\n`)
process.on('uncaughtException', (error) => {
  // Still one exchange per curl, so the checker's count lines up; status 0 = no HTTP answer.
  log({ method: '?', url: String(url), status: 0, contentType: '', body: `curl failed: ${error.message}` })
  console.error(`curl: ${error.message}`)
  process.exit(2)
})
const args = process.argv.slice(2)
let method
let url
let body
let out
let include = false
const headers = new Headers()
const readData = (value, binary) => {
  if (!value.startsWith('@')) return value
  const text = readFileSync(value.slice(1), binary ? undefined : 'utf8')
  return binary ? text : String(text).replace(/[\r\n]/g, '')
}
for (let i = 0; i < args.length; i++) {
  const arg = args[i]
  if (/^-[sSi]+$/.test(arg)) include ||= arg.includes('i')
  else if (arg === '-X' || arg === '--request') method = args[++i]
  else if (arg === '-H' || arg === '--header') {
    const h = args[++i]
    headers.append(h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim())
  } else if (['-d', '--data', '--data-raw'].includes(arg)) body = (body ? `${body}&` : '') + readData(args[++i], false)
  else if (arg === '--data-binary') body = readData(args[++i], true)
  else if (arg === '-o' || arg === '--output') out = args[++i]
  else if (!arg.startsWith('-') && !url) url = arg
  else {
    throw new Error(`option ${arg} is not one the docs use; keep examples to -s -i -X -H -d --data-binary -o`)
  }
}
if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded')
const res = await fetch(url, { method: method ?? (body !== undefined ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
const bytes = Buffer.from(await res.arrayBuffer())
const contentType = res.headers.get('content-type') ?? ''
const text = /json|text|csv|xml|svg/.test(contentType) ? bytes.toString('utf8') : `(${bytes.length} bytes of ${contentType})`
log({ method: method ?? (body !== undefined ? 'POST' : 'GET'), url, status: res.status, contentType, body: text })
if (include) {
  const head = [`HTTP/1.1 ${res.status} ${res.statusText}`, ...[...res.headers].map(([k, v]) => `${k}: ${v}`)].join('\r\n')
  process.stdout.write(`${head}\r\n\r\n`)
}
if (out) writeFileSync(out, bytes)
else process.stdout.write(bytes)
