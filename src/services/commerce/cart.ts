import { conflict, notFound } from '../../errors'
import { formatCents } from './money'

/** Cart data access (raw D1: the add is one atomic UPSERT). Every query is scoped to the user. */
export const MAX_QUANTITY = 999

export interface LocationContext {
  lat?: number
  lng?: number
  address?: string
  score?: number
}

const ADD_SQL = `
INSERT INTO cart_items (id, user_id, variant_id, quantity, location_context, created_at, updated_at)
SELECT ?1, ?2, v.id, ?3, ?4, ?5, ?5
  FROM product_variants v JOIN products p ON p.id = v.product_id
 WHERE v.id = ?6 AND v.active = 1 AND p.active = 1
ON CONFLICT (user_id, variant_id) DO UPDATE
   SET quantity = cart_items.quantity + excluded.quantity,
       location_context = coalesce(excluded.location_context, cart_items.location_context),
       updated_at = excluded.updated_at
 WHERE cart_items.quantity + excluded.quantity <= ${MAX_QUANTITY}
RETURNING id, quantity`

/**
 * Adds `quantity` of a variant: one statement inserts the row or increments it, so concurrent adds
 * never lose an update. Returns whether a new row was created (201) or an existing one grew (200).
 */
export async function addToCart(d1: D1Database, userId: string, variantId: string, quantity: number, context?: LocationContext) {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const row = await d1
    .prepare(ADD_SQL)
    .bind(id, userId, quantity, context ? JSON.stringify(context) : null, now, variantId)
    .first<{ id: string; quantity: number }>()
  if (row) return { id: row.id, quantity: row.quantity, created: row.id === id }
  // Nothing written: either the variant is not sellable, or the increment would pass the cap.
  const sellable = await d1
    .prepare('SELECT 1 AS ok FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ? AND v.active = 1 AND p.active = 1')
    .bind(variantId)
    .first()
  if (!sellable) throw notFound('Product variant')
  throw conflict(`A cart item's quantity cannot exceed ${MAX_QUANTITY}; this would take it past that`)
}

export async function setCartQuantity(d1: D1Database, userId: string, cartItemId: string, quantity: number) {
  const row = await d1
    .prepare('UPDATE cart_items SET quantity = ?, updated_at = ? WHERE id = ? AND user_id = ? RETURNING id, quantity')
    .bind(quantity, new Date().toISOString(), cartItemId, userId)
    .first<{ id: string; quantity: number }>()
  if (!row) throw notFound('Cart item')
  return row
}

export async function removeCartItem(d1: D1Database, userId: string, cartItemId: string) {
  const row = await d1.prepare('DELETE FROM cart_items WHERE id = ? AND user_id = ? RETURNING id').bind(cartItemId, userId).first()
  if (!row) throw notFound('Cart item')
}

interface CartRow {
  id: string
  variant_id: string
  product_id: string
  product_name: string
  size_label: string
  material: string
  price_cents: number
  quantity: number
  location_context: string | null
  available: number
  created_at: string
}

export async function listCart(d1: D1Database, userId: string) {
  const { results } = await d1
    .prepare(
      `SELECT ci.id, ci.variant_id, p.id AS product_id, p.name AS product_name, v.size_label, v.material, v.price_cents,
              ci.quantity, ci.location_context, (v.active = 1 AND p.active = 1) AS available, ci.created_at
         FROM cart_items ci JOIN product_variants v ON v.id = ci.variant_id JOIN products p ON p.id = v.product_id
        WHERE ci.user_id = ? ORDER BY ci.created_at, ci.id`,
    )
    .bind(userId)
    .all<CartRow>()
  return results.map((r) => ({
    id: r.id,
    productVariantId: r.variant_id,
    productId: r.product_id,
    productName: r.product_name,
    sizeLabel: r.size_label,
    material: r.material,
    price: formatCents(r.price_cents),
    quantity: r.quantity,
    lineTotal: formatCents(r.price_cents * r.quantity),
    locationContext: r.location_context ? (JSON.parse(r.location_context) as LocationContext) : null,
    available: r.available === 1,
    addedAt: r.created_at,
  }))
}
