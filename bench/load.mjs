// `npm run bench:load [-- --seconds 60 --concurrency 8,32,64]`
// (autocannon reports p50/p90/p97.5/p99; there is no p95 bucket.)
// Mixed workload against `wrangler dev` on a free 127.0.0.1 port (nothing else is ever targeted):
// score 40 %, compare 10 %, catalogue reads 25 %, cart 15 %, projects 10 %, and GET /healthz at the
// same concurrency for the ratio. Stops by itself.
import autocannon from 'autocannon'
import { cliArgs } from '../scripts/lib/cli.mjs'
import { startServer, createKeys } from './lib/server.mjs'

const { values: opts } = cliArgs({
  seconds: { type: 'string', default: '60' },
  concurrency: { type: 'string', default: '8,32,64' },
})
const seconds = Number(opts.seconds)
const concurrencies = opts.concurrency.split(',').map(Number)

const ADDRESSES = [
  '100 Queen St W, Toronto, ON M5H 2N2',
  '1000 rue De La Gauchetière O, Montréal, QC H3B 4W5',
  '800 Robson St, Vancouver, BC V6Z 3B7',
  '3500 Dixie Rd, Mississauga, ON',
  '10 Willow Cres, Brandon, MB',
  '5 Main St, Yellowknife, NT',
  '1 Rang Saint-Joseph, Saint-Hyacinthe, QC',
  '201 Portage Ave, Winnipeg, MB R3B 3K6',
  '9 Sunset Pl, Moose Jaw, SK',
  'H2X 1Y4',
  'Halifax, NS',
  '16 Avenue NE, Calgary, AB',
]
const pick = (list) => list[Math.floor(Math.random() * list.length)]
const json = (method, path, body, key) => ({
  method,
  path,
  headers: { 'x-api-key': key, 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
})

const server = await startServer()
const keys = await createKeys(server, 'enterprise', 40)
const api = async (key, method, path, body) =>
  (
    await fetch(`${server.base}/api/v1${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    })
  ).json()

// Fixtures: catalogue ids and one project per key.
const products = await api(keys[0], 'GET', '/products')
const productIds = products.map((p) => p.id)
const variantIds = products.flatMap((p) => p.variants.map((v) => v.id))
const projects = new Map()
for (const key of keys) projects.set(key, (await api(key, 'POST', '/projects', { name: 'Load test' })).id)

/** @type {Array<[number, (key: string) => object]>} */
const MIX = [
  [
    0.4,
    (key) =>
      json(
        'POST',
        '/api/v1/score',
        Math.random() < 0.7 ? { address: pick(ADDRESSES) } : { lat: 43 + Math.random() * 6, lng: -123 + Math.random() * 50 },
        key,
      ),
  ],
  [
    0.1,
    (key) =>
      json(
        'POST',
        '/api/v1/compare',
        { locations: [{ address: pick(ADDRESSES) }, { address: pick(ADDRESSES) }, { lat: 45.5, lng: -73.57 }] },
        key,
      ),
  ],
  [
    0.25,
    (key) =>
      Math.random() < 0.5
        ? json('GET', '/api/v1/products', undefined, key)
        : json('GET', `/api/v1/products/${pick(productIds)}`, undefined, key),
  ],
  [
    0.15,
    (key) =>
      Math.random() < 0.6
        ? json('POST', '/api/v1/cart', { productVariantId: pick(variantIds), quantity: 1 }, key)
        : json('GET', '/api/v1/cart', undefined, key),
  ],
  [
    0.1,
    (key) =>
      Math.random() < 0.7
        ? json('GET', '/api/v1/projects', undefined, key)
        : json('POST', `/api/v1/projects/${projects.get(key)}/locations`, { address: pick(ADDRESSES) }, key),
  ],
]

let n = 0
function mixedRequest(req) {
  const key = keys[n++ % keys.length]
  let r = Math.random()
  for (const [share, build] of MIX) {
    r -= share
    if (r <= 0) return { ...req, ...build(key) }
  }
  return { ...req, ...MIX[0][1](key) }
}

async function run(path, connections, setupRequest) {
  const statuses = { 429: 0 }
  const instance = autocannon({
    url: `${server.base}${path}`,
    connections,
    duration: seconds,
    requests: [setupRequest ? { setupRequest } : {}],
  })
  instance.on('response', (_client, statusCode) => {
    if (statusCode === 429) statuses['429']++
  })
  const r = await new Promise((resolve, reject) => instance.then(resolve, reject))
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p975: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    rate429: statuses['429'],
    total: r.requests.total,
  }
}

const rows = []
try {
  await run('/healthz', 4) // warm-up
  for (const c of concurrencies) {
    const health = await run('/healthz', c)
    const mixed = await run('/healthz', c, mixedRequest)
    rows.push({
      concurrency: c,
      'mixed req/s': mixed.reqPerSec,
      'p50 ms': mixed.p50,
      'p90 ms': mixed.p90,
      'p97.5 ms': mixed.p975,
      'p99 ms': mixed.p99,
      requests: mixed.total,
      errors: mixed.errors,
      'non-2xx': mixed.non2xx,
      '429s': mixed.rate429,
      'healthz req/s': health.reqPerSec,
      'mixed ÷ healthz': (mixed.reqPerSec / health.reqPerSec).toFixed(2),
    })
  }
  console.log(
    `\nMixed workload, ${seconds}s per run, wrangler dev (workerd, local D1/KV/DO) on 127.0.0.1, ` + `${keys.length} enterprise keys\n`,
  )
  console.table(rows)
} finally {
  server.stop()
  process.exit(0)
}
