// Staff actions on orders and quotes (docs/decisions.md §7). Each state change and its notification share one batch.
import { and, desc, eq, sql } from 'drizzle-orm'
import { getDb, schema, type Db } from '../../db/client'
import type { OrderStatus, QuoteStatus } from '../../db/schema/commerce'
import { conflict, notFound } from '../../errors'
import { notificationStatements } from '../notifications'
import { eventStatements } from '../webhooks/outbox'
import { getOrder } from './orders'
import { findQuote, quoteExpiry, toQuoteView } from './quotes'
import { checkOrderTransition, checkQuoteTransition, nextOrderStatus, ORDER_STATUS_LABELS } from './order-status'
import { formatCents } from './money'

/** Staff lists show this many, newest first. */
export const STAFF_LIST_LIMIT = 200

/**
 * A SELECT that makes the whole batch fail (malformed JSON error → rollback) unless the row still has
 * the status we checked. D1 batches run serially, so the update and notification that follow are
 * written only if nobody moved the row between our read and our write: no double notifications.
 */
function statusGuard(db: Db, table: typeof schema.orders | typeof schema.quotes, id: string, expected: string) {
  return db
    .select({ ok: sql<number>`CASE WHEN ${table.status} = ${expected} THEN 1 ELSE json(${table.status}) END` })
    .from(table)
    .where(eq(table.id, id))
}

/** Any user's order, with its owner's id. */
export async function staffOrder(d1: D1Database, id: string) {
  const order = await getOrder(d1, id, null)
  if (!order) throw notFound('Order')
  return order
}

/** One step forward (to `status`, which must be the next one, or to the next one). */
export async function advanceOrder(d1: D1Database, id: string, status: OrderStatus | undefined, trackingNumber: string | undefined) {
  const order = await staffOrder(d1, id)
  const target: OrderStatus | null = status ?? nextOrderStatus(order.status)
  if (!target) throw conflict('Order is already installed; there is no further status')
  const check = checkOrderTransition(order.status, target, trackingNumber)
  if (!check.ok) throw conflict(check.reason)
  const db = getDb(d1)
  const now = new Date()
  const tracking = target === 'shipped' ? trackingNumber!.trim() : undefined
  try {
    await db.batch([
      statusGuard(db, schema.orders, order.id, order.status),
      db
        .update(schema.orders)
        .set({ status: target, updatedAt: now.toISOString(), ...(tracking ? { trackingNumber: tracking } : {}) })
        .where(and(eq(schema.orders.id, order.id), eq(schema.orders.status, order.status))),
      ...notificationStatements(
        db,
        order.userId,
        {
          type: 'orderStatus',
          title: `Order ${order.id.slice(0, 8)}: ${ORDER_STATUS_LABELS[target]}`,
          message:
            `Your order of ${order.total} CAD is now ${target.replace('_', ' ')}.` + (tracking ? ` Tracking number: ${tracking}.` : ''),
          dedupeKey: `order:${order.id}:${target}`,
        },
        now,
      ),
      ...eventStatements(
        db,
        order.userId,
        {
          type: 'order.status_changed',
          data: {
            orderId: order.id,
            previousStatus: order.status,
            status: target,
            trackingNumber: tracking ?? order.trackingNumber ?? null,
            total: order.total,
          },
        },
        now,
      ).statements,
    ])
  } catch (error) {
    const latest = await getOrder(d1, order.id, null)
    if (latest && latest.status !== order.status) throw conflict(`Order changed meanwhile; it is now ${latest.status}`)
    throw error
  }
  return staffOrder(d1, order.id)
}

/** A pending quote gets its price and message → quoted. */
export async function answerQuote(d1: D1Database, id: string, cents: number, message: string) {
  const quote = await findQuote(d1, id, null)
  if (!quote) throw notFound('Quote')
  const check = checkQuoteTransition(quote.status, 'quoted')
  if (!check.ok) throw conflict(check.reason)
  const db = getDb(d1)
  const now = new Date()
  try {
    await db.batch([
      statusGuard(db, schema.quotes, quote.id, 'pending'),
      db
        .update(schema.quotes)
        .set({ status: 'quoted', priceCents: cents, staffMessage: message, quotedAt: now.toISOString(), updatedAt: now.toISOString() })
        .where(and(eq(schema.quotes.id, quote.id), eq(schema.quotes.status, 'pending'))),
      ...notificationStatements(
        db,
        quote.userId,
        {
          type: 'quoteResponse',
          title: `Quote for ${quote.signType}: ${formatCents(cents)} CAD`,
          message: `${message}\n\nAccept or decline with POST /api/v1/quotes/${quote.id}/accept or /decline.`,
          dedupeKey: `quote:${quote.id}:quoted`,
        },
        now,
      ),
      ...eventStatements(
        db,
        quote.userId,
        {
          type: 'quote.answered',
          data: {
            quoteId: quote.id,
            signType: quote.signType,
            status: 'quoted',
            price: formatCents(cents),
            message,
            quotedAt: now.toISOString(),
            expiresAt: quoteExpiry(now.toISOString()),
          },
        },
        now,
      ).statements,
    ])
  } catch (error) {
    const latest = await findQuote(d1, quote.id, null)
    if (latest && latest.status !== 'pending') throw conflict(`Quote changed meanwhile; it is now ${latest.status}`)
    throw error
  }
  const updated = (await findQuote(d1, quote.id, null))!
  return { ...toQuoteView(updated), userId: updated.userId }
}

export async function listAllOrders(d1: D1Database, status?: OrderStatus) {
  const rows = await getDb(d1)
    .select({
      id: schema.orders.id,
      userId: schema.orders.userId,
      email: schema.users.email,
      status: schema.orders.status,
      totalCents: schema.orders.totalCents,
      trackingNumber: schema.orders.trackingNumber,
      createdAt: schema.orders.createdAt,
    })
    .from(schema.orders)
    .innerJoin(schema.users, eq(schema.users.id, schema.orders.userId))
    .where(status ? eq(schema.orders.status, status) : undefined)
    .orderBy(desc(schema.orders.createdAt))
    .limit(STAFF_LIST_LIMIT)
  return rows.map(({ totalCents, ...r }) => ({ ...r, total: formatCents(totalCents) }))
}

export async function listAllQuotes(d1: D1Database, status?: QuoteStatus) {
  const rows = await getDb(d1)
    .select()
    .from(schema.quotes)
    .where(status ? eq(schema.quotes.status, status) : undefined)
    .orderBy(desc(schema.quotes.createdAt))
    .limit(STAFF_LIST_LIMIT)
  return rows.map((q) => ({ ...toQuoteView(q), userId: q.userId }))
}
