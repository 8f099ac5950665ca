import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonResponse, MAX_LIST_ITEMS } from '../lib/openapi'
import { parseId, UuidParam } from '../lib/ids'
import { notFound } from '../errors'
import { principalOf } from '../middleware/plan-gate'
import { completionStatement, idempotency } from '../middleware/idempotency'
import { checkout, getOrder, listOrders } from '../services/commerce/orders'
import { OrderSchema } from './commerce-schemas'

const listRoute = createRoute({
  method: 'get',
  path: '/orders',
  tags: ['Orders'],
  summary: 'The caller’s orders, newest first, with line items and product names',
  operationId: 'listOrders',
  description: 'Items carry the product name, size, material and unit price frozen at checkout; trackingNumber appears once shipped.',
  responses: { 200: jsonResponse(z.array(OrderSchema).max(MAX_LIST_ITEMS), 'Orders'), ...errorResponses() },
})

const checkoutRoute = createRoute({
  method: 'post',
  path: '/orders',
  tags: ['Orders'],
  summary: 'Check out: turn the whole cart into an order atomically (prices frozen, cart emptied)',
  operationId: 'checkout',
  description: 'No body is needed. Send an `Idempotency-Key` so a retried checkout never creates a second order.',
  middleware: [
    idempotency({ replayCreated: async (c, orderId, status) => c.json(await ownOrder(c.env.DB, orderId, principalOf(c).userId), status) }),
  ] as const,
  request: {
    headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
    body: { required: false, content: { 'application/json': { schema: z.object({}).openapi('CheckoutRequest') } } },
  },
  responses: {
    201: jsonResponse(OrderSchema, 'The new order'),
    ...errorResponses(400, 409),
  },
})

const getRoute = createRoute({
  method: 'get',
  path: '/orders/{id}',
  tags: ['Orders'],
  summary: 'One of the caller’s orders',
  operationId: 'getOrder',
  description: 'Another user’s order is 404.',
  request: { params: UuidParam },
  responses: { 200: jsonResponse(OrderSchema, 'The order'), ...errorResponses(404) },
})

async function ownOrder(db: D1Database, id: string, userId: string) {
  const order = await getOrder(db, id, userId)
  if (!order) throw notFound('Order')
  const { userId: _owner, ...view } = order
  return view
}

export const orderRoutes = createRouter()
  .openapi(listRoute, async (c) => c.json(await listOrders(c.env.DB, principalOf(c).userId), 200))
  .openapi(checkoutRoute, async (c) => {
    const order = await checkout(c.env.DB, principalOf(c).userId, (id) => completionStatement(c, c.env.DB, 201, 'orders', id))
    return c.json(order, 201)
  })
  .openapi(getRoute, async (c) => c.json(await ownOrder(c.env.DB, parseId(c.req.valid('param').id, 'Order'), principalOf(c).userId), 200))
