import { sqliteTable, text, integer, real, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core'
import { users } from './users'

// Commerce (docs/decisions.md §7). Money is CAD in integer cents everywhere; the API formats it.

export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** Catalogue order (lower first); ties by name. */
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('products_active_idx').on(t.active, t.sortOrder)],
)

export const productVariants = sqliteTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeLabel: text('size_label').notNull(),
    material: text('material').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('product_variants_product_idx').on(t.productId, t.sortOrder)],
)

export const ORDER_STATUSES = ['ordered', 'in_production', 'shipped', 'installed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const QUOTE_STATUSES = ['pending', 'quoted', 'accepted', 'declined'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

/** The cart is the set of a user's rows here (one cart per user); one row per variant. */
export const cartItems = sqliteTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id),
    quantity: integer('quantity').notNull(),
    /** JSON `{lat?, lng?, address?, score?}` or null. */
    locationContext: text('location_context'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('cart_items_user_variant_uq').on(t.userId, t.variantId)],
)

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('ordered'),
    totalCents: integer('total_cents').notNull(),
    trackingNumber: text('tracking_number'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('orders_user_created_idx').on(t.userId, t.createdAt)],
)

/** Line items copy product name, size, material and unit price so later catalogue edits never change an order. */
export const orderItems = sqliteTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    productName: text('product_name').notNull(),
    sizeLabel: text('size_label').notNull(),
    material: text('material').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    locationContext: text('location_context'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
)

export const quotes = sqliteTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('pending'),
    signType: text('sign_type').notNull(),
    sizeEstimate: text('size_estimate'),
    requirements: text('requirements').notNull(),
    locationAddress: text('location_address'),
    locationLat: real('location_lat'),
    locationLng: real('location_lng'),
    priceCents: integer('price_cents'),
    staffMessage: text('staff_message'),
    quotedAt: text('quoted_at'),
    respondedAt: text('responded_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('quotes_user_created_idx').on(t.userId, t.createdAt)],
)

/**
 * One row per (user, Idempotency-Key). `state` is 'pending' while the first request runs (the claim)
 * and 'done' once its response is stored; see src/middleware/idempotency.ts.
 */
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['pending', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    /** What the request created, written in the same D1 batch that creates it (replay after a crash). */
    resourceId: text('resource_id'),
    /** A pending claim older than this is abandoned (worker died) and may be taken over. */
    lockedUntil: text('locked_until').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_expires_idx').on(t.expiresAt)],
)
