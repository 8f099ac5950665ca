import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, displayText, errorResponses, jsonBody, jsonResponse, text, Uuid } from '../lib/openapi'
import { parseId, UuidParam } from '../lib/ids'
import { ORDER_STATUSES, QUOTE_STATUSES } from '../services/commerce/order-status'
import { badRequest } from '../errors'
import { wakeWebhooks } from '../middleware/webhooks'
import { advanceOrder, answerQuote, listAllOrders, listAllQuotes, STAFF_LIST_LIMIT } from '../services/commerce/staff'
import { dollarsToCents } from '../services/commerce/money'
import { OrderSchema, QuoteSchema } from './commerce-schemas'

// Staff actions on orders and quotes (docs/decisions.md §7); the state changes are in services/commerce/staff.ts.

const adminSecurity = [{ AdminToken: [] }]
const StaffOrderSchema = OrderSchema.extend({ userId: Uuid }).openapi('AdminOrder')
const PRICE_ERROR = 'price must be greater than 0: dollars with at most two decimals, e.g. 1249.5 or "1249.50"'
const StaffQuoteSchema = QuoteSchema.extend({ userId: Uuid }).openapi('AdminQuote')

const advanceRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/advance',
  tags: ['Admin'],
  summary: 'Move an order one step forward (ordered → in_production → shipped → installed); shipped needs trackingNumber',
  operationId: 'advanceOrder',
  description:
    'Forward only, one step at a time; backwards, skipping or shipped without trackingNumber is ' +
    '409. Writes an orderStatus notification in the same batch.',
  security: adminSecurity,
  request: {
    params: UuidParam,
    body: jsonBody(
      z.object({
        status: z
          .enum(ORDER_STATUSES)
          .optional()
          .openapi({ description: 'Target status; defaults to the next one. Must be exactly the next one.' }),
        trackingNumber: displayText('trackingNumber', z.string().trim().min(1).max(100)).optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(StaffOrderSchema, 'The order after the move'), ...errorResponses(400, 404, 409) },
})

const answerRoute = createRoute({
  method: 'post',
  path: '/quotes/{id}/answer',
  tags: ['Admin'],
  summary: 'Answer a pending quote with a price (CAD) and a message → quoted',
  operationId: 'answerQuote',
  description: 'Only pending quotes; writes a quoteResponse notification in the same batch.',
  security: adminSecurity,
  request: {
    params: UuidParam,
    body: jsonBody(
      z.object({
        price: z
          .union([z.number().positive({ error: PRICE_ERROR }).max(10_000_000), z.string().max(16)])
          .openapi({ description: 'Dollars, at most two decimals: 1249.5 or "1249.50"' }),
        message: displayText('message', z.string().trim().min(1).max(5000), { multiline: true }),
      }),
    ),
  },
  responses: { 200: jsonResponse(StaffQuoteSchema, 'The quoted quote'), ...errorResponses(400, 404, 409) },
})

const listOrdersRoute = createRoute({
  method: 'get',
  path: '/orders',
  tags: ['Admin'],
  summary: `Recent orders of all users (${STAFF_LIST_LIMIT} newest), optionally by status`,
  operationId: 'adminListOrders',
  description: 'For staff tooling (npm run admin -- orders list).',
  security: adminSecurity,
  request: { query: z.object({ status: z.enum(ORDER_STATUSES).optional() }) },
  responses: {
    200: jsonResponse(
      z
        .array(
          z.object({
            id: Uuid,
            userId: Uuid,
            email: text(254),
            status: z.enum(ORDER_STATUSES),
            total: text(16),
            trackingNumber: text(100).nullable(),
            createdAt: text(32),
          }),
        )
        .max(STAFF_LIST_LIMIT),
      'Orders',
    ),
    ...errorResponses(400),
  },
})

const listQuotesRoute = createRoute({
  method: 'get',
  path: '/quotes',
  tags: ['Admin'],
  summary: `Recent quote requests of all users (${STAFF_LIST_LIMIT} newest), optionally by status`,
  operationId: 'adminListQuotes',
  description: 'For staff tooling (npm run admin -- quotes list).',
  security: adminSecurity,
  request: { query: z.object({ status: z.enum(QUOTE_STATUSES).optional() }) },
  responses: { 200: jsonResponse(z.array(StaffQuoteSchema).max(STAFF_LIST_LIMIT), 'Quotes'), ...errorResponses(400) },
})

export const adminCommerceRoutes = createRouter()
  .openapi(advanceRoute, async (c) => {
    const id = parseId(c.req.valid('param').id, 'Order')
    const { status, trackingNumber } = c.req.valid('json')
    const order = await advanceOrder(c.env.DB, id, status, trackingNumber)
    wakeWebhooks(c, order.userId)
    return c.json(order, 200)
  })
  .openapi(answerRoute, async (c) => {
    const id = parseId(c.req.valid('param').id, 'Quote')
    const { price, message } = c.req.valid('json')
    const cents = dollarsToCents(price)
    if (cents === null || cents <= 0) throw badRequest(PRICE_ERROR, [{ path: 'price', message: PRICE_ERROR }])
    const quote = await answerQuote(c.env.DB, id, cents, message)
    wakeWebhooks(c, quote.userId)
    return c.json(quote, 200)
  })
  .openapi(listOrdersRoute, async (c) => c.json(await listAllOrders(c.env.DB, c.req.valid('query').status), 200))
  .openapi(listQuotesRoute, async (c) => c.json(await listAllQuotes(c.env.DB, c.req.valid('query').status), 200))
