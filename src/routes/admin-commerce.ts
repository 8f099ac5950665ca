import { createRoute, z } from '@hono/zod-openapi'
import { and, desc, eq, sql } from 'drizzle-orm'
import { createRouter, displayText, errorResponses, isUuid, jsonBody, jsonResponse, text, Uuid, UuidParam } from '../lib/openapi'
import { getDb, schema, type Db } from '../db/client'
import { ORDER_STATUSES, QUOTE_STATUSES, type OrderStatus } from '../db/schema/commerce'
import { badRequest, conflict, notFound } from '../errors'
import { notificationInsert } from '../services/notifications'
import { getOrder } from '../services/commerce/orders'
import { findQuote, toQuoteView } from '../services/commerce/quotes'
import { checkOrderTransition, checkQuoteTransition, nextOrderStatus, ORDER_STATUS_LABELS } from '../services/commerce/order-status'
import { dollarsToCents, formatCents } from '../services/commerce/money'
import { OrderSchema, QuoteSchema } from './commerce-schemas'

// Staff actions on orders and quotes (docs/decisions.md §7). Each state change and its notification share one batch.

const adminSecurity = [{ AdminToken: [] }]
const StaffOrderSchema = OrderSchema.extend({ userId: Uuid }).openapi('AdminOrder')
const StaffQuoteSchema = QuoteSchema.extend({ userId: Uuid }).openapi('AdminQuote')

const advanceRoute = createRoute({
  method: 'post',
  path: '/orders/{id}/advance',
  tags: ['Admin'],
  summary: 'Move an order one step forward (ordered → in_production → shipped → installed); shipped needs trackingNumber',
  operationId: 'advanceOrder',
  description: 'Forward only, one step at a time; backwards, skipping or shipped without trackingNumber is 409. Writes an orderStatus notification in the same batch.',
  security: adminSecurity,
  request: {
    params: UuidParam,
    body: jsonBody(
      z.object({
        status: z.enum(ORDER_STATUSES).optional().openapi({ description: 'Target status; defaults to the next one. Must be exactly the next one.' }),
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
        price: z.union([z.number().positive().max(10_000_000), z.string().max(16)]).openapi({ description: 'Dollars, at most two decimals: 1249.5 or "1249.50"' }),
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
  summary: 'Recent orders of all users (200 newest), optionally by status',
  operationId: 'adminListOrders',
  description: 'For staff tooling (npm run admin -- orders list).',
  security: adminSecurity,
  request: { query: z.object({ status: z.enum(ORDER_STATUSES).optional() }) },
  responses: {
    200: jsonResponse(z.array(z.object({ id: Uuid, userId: Uuid, email: text(254), status: z.enum(ORDER_STATUSES), total: text(16), trackingNumber: text(100).nullable(), createdAt: text(32) })).max(200), 'Orders'),
    ...errorResponses(400),
  },
})

const listQuotesRoute = createRoute({
  method: 'get',
  path: '/quotes',
  tags: ['Admin'],
  summary: 'Recent quote requests of all users (200 newest), optionally by status',
  operationId: 'adminListQuotes',
  description: 'For staff tooling (npm run admin -- quotes list).',
  security: adminSecurity,
  request: { query: z.object({ status: z.enum(QUOTE_STATUSES).optional() }) },
  responses: { 200: jsonResponse(z.array(StaffQuoteSchema).max(200), 'Quotes'), ...errorResponses(400) },
})

/**
 * A SELECT that makes the whole batch fail (malformed JSON error → rollback) unless the row still has
 * the status we checked. D1 batches run serially, so the update and notification that follow are
 * written only if nobody moved the row between our read and our write: no double notifications.
 */
function statusGuard(db: Db, table: typeof schema.orders | typeof schema.quotes, id: string, expected: string) {
  return db.select({ ok: sql<number>`CASE WHEN ${table.status} = ${expected} THEN 1 ELSE json(${table.status}) END` }).from(table).where(eq(table.id, id))
}

async function staffOrder(d1: D1Database, id: string) {
  const order = isUuid(id) ? await getOrder(d1, id.toLowerCase(), null) : null
  if (!order) throw notFound('Order')
  return order
}

export const adminCommerceRoutes = createRouter()
  .openapi(advanceRoute, async (c) => {
    const order = await staffOrder(c.env.DB, c.req.valid('param').id)
    const { status, trackingNumber } = c.req.valid('json')
    const target: OrderStatus | null = status ?? nextOrderStatus(order.status)
    if (!target) throw conflict('Order is already installed; there is no further status')
    const check = checkOrderTransition(order.status, target, trackingNumber)
    if (!check.ok) throw conflict(check.reason)
    const db = getDb(c.env.DB)
    const now = new Date()
    const tracking = target === 'shipped' ? trackingNumber!.trim() : undefined
    try {
      await db.batch([
        statusGuard(db, schema.orders, order.id, order.status),
        db
          .update(schema.orders)
          .set({ status: target, updatedAt: now.toISOString(), ...(tracking ? { trackingNumber: tracking } : {}) })
          .where(and(eq(schema.orders.id, order.id), eq(schema.orders.status, order.status))),
        notificationInsert(
          db,
          {
            userId: order.userId,
            type: 'orderStatus',
            title: `Order ${order.id.slice(0, 8)}: ${ORDER_STATUS_LABELS[target]}`,
            message: `Your order of ${order.total} CAD is now ${target.replace('_', ' ')}.${tracking ? ` Tracking number: ${tracking}.` : ''}`,
            dedupeKey: `order:${order.id}:${target}`,
          },
          now,
        ),
      ])
    } catch (error) {
      const latest = await getOrder(c.env.DB, order.id, null)
      if (latest && latest.status !== order.status) throw conflict(`Order changed meanwhile; it is now ${latest.status}`)
      throw error
    }
    return c.json(await staffOrder(c.env.DB, order.id), 200)
  })
  .openapi(answerRoute, async (c) => {
    const { id } = c.req.valid('param')
    const quote = isUuid(id) ? await findQuote(c.env.DB, id.toLowerCase(), null) : null
    if (!quote) throw notFound('Quote')
    const { price, message } = c.req.valid('json')
    const cents = dollarsToCents(price)
    if (cents === null || cents <= 0) throw badRequest('price must be a positive amount in dollars with at most two decimals', [{ path: 'price', message: 'Invalid amount' }])
    const check = checkQuoteTransition(quote.status, 'quoted')
    if (!check.ok) throw conflict(check.reason)
    const db = getDb(c.env.DB)
    const now = new Date()
    try {
      await db.batch([
        statusGuard(db, schema.quotes, quote.id, 'pending'),
        db
          .update(schema.quotes)
          .set({ status: 'quoted', priceCents: cents, staffMessage: message, quotedAt: now.toISOString(), updatedAt: now.toISOString() })
          .where(and(eq(schema.quotes.id, quote.id), eq(schema.quotes.status, 'pending'))),
        notificationInsert(
          db,
          {
            userId: quote.user_id,
            type: 'quoteResponse',
            title: `Quote for ${quote.sign_type}: ${formatCents(cents)} CAD`,
            message: `${message}\n\nAccept or decline with POST /api/v1/quotes/${quote.id}/accept or /decline.`,
            dedupeKey: `quote:${quote.id}:quoted`,
          },
          now,
        ),
      ])
    } catch (error) {
      const latest = await findQuote(c.env.DB, quote.id, null)
      if (latest && latest.status !== 'pending') throw conflict(`Quote changed meanwhile; it is now ${latest.status}`)
      throw error
    }
    const updated = (await findQuote(c.env.DB, quote.id, null))!
    return c.json({ ...toQuoteView(updated), userId: updated.user_id }, 200)
  })
  .openapi(listOrdersRoute, async (c) => {
    const { status } = c.req.valid('query')
    const db = getDb(c.env.DB)
    const rows = await db
      .select({ id: schema.orders.id, userId: schema.orders.userId, email: schema.users.email, status: schema.orders.status, totalCents: schema.orders.totalCents, trackingNumber: schema.orders.trackingNumber, createdAt: schema.orders.createdAt })
      .from(schema.orders)
      .innerJoin(schema.users, eq(schema.users.id, schema.orders.userId))
      .where(status ? eq(schema.orders.status, status) : undefined)
      .orderBy(desc(schema.orders.createdAt))
      .limit(200)
    return c.json(rows.map(({ totalCents, ...r }) => ({ ...r, total: formatCents(totalCents) })), 200)
  })
  .openapi(listQuotesRoute, async (c) => {
    const { status } = c.req.valid('query')
    const { results } = await c.env.DB.prepare('SELECT * FROM quotes WHERE (?1 IS NULL OR status = ?1) ORDER BY created_at DESC LIMIT 200')
      .bind(status ?? null)
      .all<import('../services/commerce/quotes').QuoteRow>()
    return c.json(results.map((q) => ({ ...toQuoteView(q), userId: q.user_id })), 200)
  })
