import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { getDb, schema } from '../../db/client'
import { conflict, notFound } from '../../errors'
import { formatCents } from './money'
import { lineFields, type LocationContext } from './lines'

/** Cart data access. Every query is scoped to the user; the add is one atomic UPSERT. */
export const MAX_QUANTITY = 999

const { cartItems, productVariants: variants, products } = schema
const isSellable = and(eq(variants.active, true), eq(products.active, true))
const isOwnItem = (cartItemId: string, userId: string) => and(eq(cartItems.id, cartItemId), eq(cartItems.userId, userId))

/** What an add left behind, as SQL read in the add's own transaction (for the idempotency completion). */
export interface CartAddOutcome {
  status: SQL
  resourceId: SQL
  body: SQL
}

/**
 * Adds `quantity` of a variant: one statement inserts the row or increments it, so concurrent adds
 * never lose an update. Returns whether a new row was created (201) or an existing one grew (200).
 * `alsoInBatch` gets the add's outcome as SQL and adds a statement right after it, in its transaction.
 */
export async function addToCart(
  d1: D1Database,
  userId: string,
  variantId: string,
  quantity: number,
  context?: LocationContext,
  alsoInBatch: (outcome: CartAddOutcome) => D1PreparedStatement | undefined = () => undefined,
) {
  const db = getDb(d1)
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const upsert = db
    .insert(cartItems)
    .select(
      db
        .select({
          id: sql<string>`${id}`.as('id'),
          userId: sql<string>`${userId}`.as('user_id'),
          variantId: variants.id,
          quantity: sql<number>`${quantity}`.as('quantity'),
          locationContext: sql<string | null>`${context ? JSON.stringify(context) : null}`.as('location_context'),
          createdAt: sql<string>`${now}`.as('created_at'),
          updatedAt: sql<string>`${now}`.as('updated_at'),
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(variants.id, variantId), isSellable)),
    )
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        locationContext: sql`coalesce(excluded.location_context, ${cartItems.locationContext})`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${MAX_QUANTITY}`,
    })
    .returning({ id: cartItems.id, quantity: cartItems.quantity })
    .toSQL()
  // The item as the add left it; the body is the route's response, byte for byte.
  const item = (column: SQL) =>
    sql`(SELECT ${column} FROM ${cartItems} WHERE ${cartItems.userId} = ${userId} AND ${cartItems.variantId} = ${variantId})`
  const extra = alsoInBatch({
    status: sql`CASE WHEN ${item(sql`id`)} = ${id} THEN 201 ELSE 200 END`,
    resourceId: item(sql`id`),
    body: item(sql`json_object('id', id, 'quantity', quantity)`),
  })
  const statements = [d1.prepare(upsert.sql).bind(...upsert.params), ...(extra ? [extra] : [])]
  const [added] = await d1.batch<{ id: string; quantity: number }>(statements)
  const row = added.results[0]
  if (row) return { id: row.id, quantity: row.quantity, created: row.id === id }
  // Nothing written: either the variant is not sellable, or the increment would pass the cap.
  const [sellable] = await db
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, variantId), isSellable))
  if (!sellable) throw notFound('Product variant')
  throw conflict(`A cart item's quantity cannot exceed ${MAX_QUANTITY}; this would take it past that`)
}

export async function setCartQuantity(d1: D1Database, userId: string, cartItemId: string, quantity: number) {
  const [row] = await getDb(d1)
    .update(cartItems)
    .set({ quantity, updatedAt: new Date().toISOString() })
    .where(isOwnItem(cartItemId, userId))
    .returning({ id: cartItems.id, quantity: cartItems.quantity })
  if (!row) throw notFound('Cart item')
  return row
}

export async function removeCartItem(d1: D1Database, userId: string, cartItemId: string) {
  const [row] = await getDb(d1).delete(cartItems).where(isOwnItem(cartItemId, userId)).returning({ id: cartItems.id })
  if (!row) throw notFound('Cart item')
}

export async function listCart(d1: D1Database, userId: string) {
  const rows = await getDb(d1)
    .select({ item: cartItems, variant: variants, product: products })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
  return rows.map(({ item, variant, product }) => ({
    id: item.id,
    productVariantId: item.variantId,
    productId: product.id,
    ...lineFields({
      ...variant,
      productName: product.name,
      unitPriceCents: variant.priceCents,
      quantity: item.quantity,
      locationContext: item.locationContext,
    }),
    price: formatCents(variant.priceCents),
    available: variant.active && product.active,
    addedAt: item.createdAt,
  }))
}
