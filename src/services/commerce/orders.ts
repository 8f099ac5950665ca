import { ApiError, badRequest } from '../../errors'
import type { OrderStatus } from '../../db/schema/commerce'
import { formatCents } from './money'
import type { LocationContext } from './cart'

/** A v4-shaped UUID made by SQLite, one per row of an INSERT … SELECT. */
const SQL_UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
  substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`

const CART_JOIN = 'cart_items ci JOIN product_variants v ON v.id = ci.variant_id JOIN products p ON p.id = v.product_id'

/**
 * Checkout as one D1 batch (one transaction): create the order from the cart as it is at that instant,
 * copy the lines with their current prices, empty the cart. Every statement reads the same cart, so
 * a concurrent cart change lands wholly before or wholly after: the total always equals the lines.
 * The order is only created when the cart is non-empty and every item is still sellable; when it is
 * not, the reason comes from the same snapshot (a cart add racing the checkout cannot turn "empty"
 * into "unavailable"). `alsoInBatch` adds statements to the transaction (the idempotency completion).
 */
export async function checkout(d1: D1Database, userId: string, alsoInBatch: (orderId: string) => D1PreparedStatement | undefined = () => undefined): Promise<string> {
  const orderId = crypto.randomUUID()
  const now = new Date().toISOString()
  const orderExists = 'EXISTS (SELECT 1 FROM orders WHERE id = ?1)'
  const extra = alsoInBatch(orderId)
  const [snapshot, createdOrder] = await d1.batch([
    d1
      .prepare(`SELECT COUNT(*) AS items, COALESCE(SUM(CASE WHEN v.active = 1 AND p.active = 1 THEN 0 ELSE 1 END), 0) AS unavailable FROM ${CART_JOIN} WHERE ci.user_id = ?`)
      .bind(userId),
    d1
      .prepare(
        `INSERT INTO orders (id, user_id, status, total_cents, created_at, updated_at)
         SELECT ?1, ?2, 'ordered', SUM(v.price_cents * ci.quantity), ?3, ?3 FROM ${CART_JOIN}
          WHERE ci.user_id = ?2
         HAVING COUNT(*) > 0 AND SUM(CASE WHEN v.active = 1 AND p.active = 1 THEN 0 ELSE 1 END) = 0`,
      )
      .bind(orderId, userId, now),
    d1
      .prepare(
        `INSERT INTO order_items (id, order_id, product_id, variant_id, product_name, size_label, material, unit_price_cents, quantity, location_context, position)
         SELECT ${SQL_UUID}, ?1, p.id, v.id, p.name, v.size_label, v.material, v.price_cents, ci.quantity, ci.location_context,
                ROW_NUMBER() OVER (ORDER BY ci.created_at, ci.id)
           FROM ${CART_JOIN} WHERE ci.user_id = ?2 AND ${orderExists}`,
      )
      .bind(orderId, userId),
    d1.prepare(`DELETE FROM cart_items WHERE user_id = ?2 AND ${orderExists}`).bind(orderId, userId),
    ...(extra ? [extra] : []),
  ])
  if (createdOrder.meta.changes === 1) return orderId
  const cart = snapshot.results[0] as { items: number; unavailable: number }
  if (cart.items === 0) throw badRequest('Cart is empty: add items with POST /api/v1/cart before checking out')
  throw new ApiError('CONFLICT', 'Your cart holds items that are no longer available (available: false in GET /cart); remove them and retry')
}

interface OrderRow {
  id: string
  status: OrderStatus
  total_cents: number
  tracking_number: string | null
  created_at: string
  updated_at: string
}
interface ItemRow {
  id: string
  order_id: string
  product_id: string
  variant_id: string
  product_name: string
  size_label: string
  material: string
  unit_price_cents: number
  quantity: number
  location_context: string | null
}

function toOrderView(order: OrderRow, items: ItemRow[]) {
  return {
    id: order.id,
    status: order.status,
    total: formatCents(order.total_cents),
    trackingNumber: order.tracking_number,
    items: items.map((i) => ({
      id: i.id,
      productId: i.product_id,
      productVariantId: i.variant_id,
      productName: i.product_name,
      sizeLabel: i.size_label,
      material: i.material,
      unitPrice: formatCents(i.unit_price_cents),
      quantity: i.quantity,
      lineTotal: formatCents(i.unit_price_cents * i.quantity),
      locationContext: i.location_context ? (JSON.parse(i.location_context) as LocationContext) : null,
    })),
    createdAt: order.created_at,
    updatedAt: order.updated_at,
  }
}
export type OrderView = ReturnType<typeof toOrderView>

const ORDER_COLUMNS = 'o.id, o.status, o.total_cents, o.tracking_number, o.created_at, o.updated_at'
const ITEM_COLUMNS = 'i.id, i.order_id, i.product_id, i.variant_id, i.product_name, i.size_label, i.material, i.unit_price_cents, i.quantity, i.location_context'

/** The user's orders, newest first, with their lines (two queries, no per-order round trips). */
export async function listOrders(d1: D1Database, userId: string): Promise<OrderView[]> {
  const [orders, items] = await d1.batch([
    d1.prepare(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id DESC`).bind(userId),
    d1.prepare(`SELECT ${ITEM_COLUMNS} FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.user_id = ? ORDER BY i.position`).bind(userId),
  ])
  const byOrder = new Map<string, ItemRow[]>()
  for (const item of items.results as unknown as ItemRow[]) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item])
  return (orders.results as unknown as OrderRow[]).map((o) => toOrderView(o, byOrder.get(o.id) ?? []))
}

/** One order; `userId` null = staff view (any user). Null when missing or not the user's. */
export async function getOrder(d1: D1Database, orderId: string, userId: string | null): Promise<(OrderView & { userId: string }) | null> {
  const [orders, items] = await d1.batch([
    d1.prepare(`SELECT ${ORDER_COLUMNS}, o.user_id FROM orders o WHERE o.id = ?1 AND (?2 IS NULL OR o.user_id = ?2)`).bind(orderId, userId),
    d1.prepare(`SELECT ${ITEM_COLUMNS} FROM order_items i WHERE i.order_id = ? ORDER BY i.position`).bind(orderId),
  ])
  const order = orders.results[0] as unknown as (OrderRow & { user_id: string }) | undefined
  if (!order) return null
  return { ...toOrderView(order, items.results as unknown as ItemRow[]), userId: order.user_id }
}
