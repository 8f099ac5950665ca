import { and, asc, desc, eq, exists, sql, type SQL } from 'drizzle-orm'
import { asStatement, getDb, rowOf, schema, valueAs } from '../../db/client'
import type { OrderStatus } from '../../db/schema/commerce'
import { ApiError, badRequest } from '../../errors'
import { formatCents } from './money'
import { lineFields } from './lines'

const { cartItems, productVariants: variants, products, orders, orderItems } = schema
type OrderRow = typeof orders.$inferSelect
type ItemRow = typeof orderItems.$inferSelect

/** A v4-shaped UUID made by SQLite, one per row of an INSERT … SELECT. */
const SQL_UUID = sql.raw(`lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
  substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`)

/** 1 for a cart line whose variant or product is no longer sold, else 0. */
const UNSELLABLE = sql`CASE WHEN ${variants.active} = 1 AND ${products.active} = 1 THEN 0 ELSE 1 END`

/** The user's cart lines (`also` narrows further), joined to their variant and product by the two conditions below. */
const inCart = (userId: string, also?: SQL) => and(eq(cartItems.userId, userId), also)
const variantOfLine = eq(variants.id, cartItems.variantId)
const productOfVariant = eq(products.id, variants.productId)

/**
 * Checkout as one D1 batch (one transaction): create the order from the cart as it is at that instant,
 * copy the lines with their current prices, empty the cart. Every statement reads the same cart, so
 * a concurrent cart change lands wholly before or wholly after: the total always equals the lines.
 * The order is only created when the cart is non-empty and every item is still sellable; when it is
 * not, the reason comes from the same snapshot (a cart add racing the checkout cannot turn "empty"
 * into "unavailable"). `alsoInBatch` adds statements to the transaction (the idempotency completion,
 * a raw D1 statement: hence `d1.batch` of drizzle-built statements). The order comes back through RETURNING.
 */
export async function checkout(
  d1: D1Database,
  userId: string,
  alsoInBatch: (orderId: string) => D1PreparedStatement | undefined = () => undefined,
): Promise<OrderView> {
  const db = getDb(d1)
  const orderId = crypto.randomUUID()
  const now = new Date().toISOString()
  const orderExists = exists(db.select({ one: sql`1` }).from(orders).where(eq(orders.id, orderId)))
  const snapshot = db
    .select({ items: sql<number>`count(*)`.as('items'), unavailable: sql<number>`coalesce(sum(${UNSELLABLE}), 0)`.as('unavailable') })
    .from(cartItems)
    .innerJoin(variants, variantOfLine)
    .innerJoin(products, productOfVariant)
    .where(inCart(userId))
  const createOrder = db
    .insert(orders)
    .select(
      db
        .select({
          id: valueAs(orderId, orders.id),
          userId: valueAs(userId, orders.userId),
          status: valueAs<OrderStatus>('ordered', orders.status),
          totalCents: sql<number>`sum(${variants.priceCents} * ${cartItems.quantity})`.as('total_cents'),
          trackingNumber: valueAs(null, orders.trackingNumber),
          createdAt: valueAs(now, orders.createdAt),
          updatedAt: valueAs(now, orders.updatedAt),
        })
        .from(cartItems)
        .innerJoin(variants, variantOfLine)
        .innerJoin(products, productOfVariant)
        .where(inCart(userId))
        .having(sql`count(*) > 0 AND sum(${UNSELLABLE}) = 0`),
    )
    .returning()
  const copyLines = db
    .insert(orderItems)
    .select(
      db
        .select({
          id: sql<string>`${SQL_UUID}`.as('id'),
          orderId: valueAs(orderId, orderItems.orderId),
          productId: products.id,
          variantId: variants.id,
          productName: products.name,
          sizeLabel: variants.sizeLabel,
          material: variants.material,
          unitPriceCents: variants.priceCents,
          quantity: cartItems.quantity,
          locationContext: cartItems.locationContext,
          position: sql<number>`row_number() OVER (ORDER BY ${cartItems.createdAt}, ${cartItems.id})`.as('position'),
        })
        .from(cartItems)
        .innerJoin(variants, variantOfLine)
        .innerJoin(products, productOfVariant)
        .where(inCart(userId, orderExists)),
    )
    .returning()
  const emptyCart = db.delete(cartItems).where(inCart(userId, orderExists))
  const extra = alsoInBatch(orderId)
  const [cart, created, lines] = await d1.batch([
    asStatement(d1, snapshot),
    asStatement(d1, createOrder),
    asStatement(d1, copyLines),
    asStatement(d1, emptyCart),
    ...(extra ? [extra] : []),
  ])
  const order = created.results[0] as Record<string, unknown> | undefined
  if (order) {
    const items = (lines.results as Record<string, unknown>[])
      .map((line) => rowOf(orderItems, line))
      .sort((a, b) => a.position - b.position)
    return toOrderView(rowOf(orders, order), items)
  }
  const { items } = cart.results[0] as { items: number; unavailable: number }
  if (items === 0) throw badRequest('Cart is empty: add items with POST /api/v1/cart before checking out')
  throw new ApiError(
    'CONFLICT',
    'Your cart holds items that are no longer available (available: false in GET /cart); remove ' + 'them and retry',
  )
}

function toOrderView(order: Omit<OrderRow, 'userId'>, items: ItemRow[]) {
  return {
    id: order.id,
    status: order.status,
    total: formatCents(order.totalCents),
    trackingNumber: order.trackingNumber,
    items: items.map((i) => ({
      id: i.id,
      productId: i.productId,
      productVariantId: i.variantId,
      ...lineFields(i),
      unitPrice: formatCents(i.unitPriceCents),
    })),
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  }
}
export type OrderView = ReturnType<typeof toOrderView>

/** The user's orders, newest first, with their lines (two queries, no per-order round trips). */
export async function listOrders(d1: D1Database, userId: string): Promise<OrderView[]> {
  const db = getDb(d1)
  const [own, items] = await db.batch([
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)),
    // Only order_items columns: a D1 batch returns rows as objects, so same-named columns of a join would collide.
    db
      .select({ item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orderItems.position)),
  ])
  const byOrder = new Map<string, ItemRow[]>()
  for (const { item } of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item])
  return own.map((o) => toOrderView(o, byOrder.get(o.id) ?? []))
}

/** One order; `userId` null = staff view (any user). Null when missing or not the user's. */
export async function getOrder(d1: D1Database, orderId: string, userId: string | null): Promise<(OrderView & { userId: string }) | null> {
  const db = getDb(d1)
  const [[order], items] = await db.batch([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), userId === null ? undefined : eq(orders.userId, userId))),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
  ])
  if (!order) return null
  return { ...toOrderView(order, items), userId: order.userId }
}
