import { z } from '@hono/zod-openapi'
import { displayText, int, text, Timestamp, Uuid } from '../lib/openapi'
import { ORDER_STATUSES, QUOTE_STATUSES } from '../services/commerce/order-status'
import { MAX_QUANTITY } from '../services/commerce/cart'

// Response and shared request schemas of the commerce routes (catalogue, cart, orders, quotes).

export const Money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .max(16)
  .openapi({ description: 'CAD, two decimals', example: '1249.00' })

export const VariantSchema = z.object({ id: Uuid, sizeLabel: text(200), material: text(200), price: Money }).openapi('ProductVariant')

const dollars = z.number().min(0).max(10_000_000).openapi({ description: 'CAD dollars', example: 4200 })

export const ProductSummarySchema = z
  .object({
    id: Uuid,
    name: text(200),
    slug: text(100),
    category: text(100),
    basePriceMin: dollars,
    basePriceMax: dollars,
    variants: z.array(VariantSchema).max(100),
  })
  .openapi('Product')

export const ProductDetailSchema = ProductSummarySchema.extend({ description: text(5000) }).openapi('ProductDetail')

export const LocationContextSchema = z
  .object({
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    address: displayText('address', z.string().trim().min(1).max(500)).optional(),
    score: z.number().min(0).max(100).optional(),
  })
  .strict()
  .openapi('LocationContext', { description: 'Where the sign will go: any of lat, lng, address, score (0–100)' })

export const CartItemSchema = z
  .object({
    id: Uuid,
    productVariantId: Uuid,
    productId: Uuid,
    productName: text(200),
    sizeLabel: text(200),
    material: text(200),
    price: Money,
    quantity: int(1, MAX_QUANTITY),
    lineTotal: Money,
    locationContext: LocationContextSchema.nullable(),
    available: z.boolean().openapi({ description: 'False when the variant has since been withdrawn; remove it before checkout' }),
    addedAt: Timestamp,
  })
  .openapi('CartItem')

export const OrderItemSchema = z
  .object({
    id: Uuid,
    productId: Uuid,
    productVariantId: Uuid,
    productName: text(200),
    sizeLabel: text(200),
    material: text(200),
    unitPrice: Money,
    quantity: int(1, MAX_QUANTITY),
    lineTotal: Money,
    locationContext: LocationContextSchema.nullable(),
  })
  .openapi('OrderItem')

export const OrderSchema = z
  .object({
    id: Uuid,
    status: z.enum(ORDER_STATUSES),
    total: Money,
    trackingNumber: text(100).nullable().openapi({ description: 'Null until the order ships' }),
    items: z.array(OrderItemSchema).max(1000),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Order')

export const QuoteSchema = z
  .object({
    id: Uuid,
    status: z.enum(QUOTE_STATUSES),
    signType: text(200),
    sizeEstimate: text(200).nullable(),
    requirements: text(5000),
    locationAddress: text(500).nullable(),
    locationLat: z.number().min(-90).max(90).nullable(),
    locationLng: z.number().min(-180).max(180).nullable(),
    price: Money.nullable().openapi({ description: 'Quoted price once status is quoted' }),
    message: text(5000).nullable().openapi({ description: 'Staff message with the quote' }),
    quotedAt: Timestamp.nullable(),
    expiresAt: Timestamp.nullable().openapi({
      description: 'Until when the quoted price can be accepted (quotedAt + 30 days; null until quoted). Later: accept → 410',
    }),
    respondedAt: Timestamp.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Quote')

/** 304 Not Modified for conditional catalogue GETs. */
export const notModified = { description: 'Not modified (If-None-Match matched the ETag); no body' }
