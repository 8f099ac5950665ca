import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, int, jsonBody, jsonResponse, Uuid } from '../lib/openapi'
import { badRequest } from '../errors'
import { principalOf } from '../middleware/plan-gate'
import { idempotency, upsertCompletionStatement } from '../middleware/idempotency'
import { addToCart, listCart, MAX_QUANTITY, removeCartItem, setCartQuantity, type CartAddOutcome } from '../services/commerce/cart'
import { CartItemSchema, LocationContextSchema } from './commerce-schemas'

const Quantity = int(1, MAX_QUANTITY).openapi({ description: `Integer 1–${MAX_QUANTITY}`, example: 1 })
const CartItemRef = z.object({ id: Uuid, quantity: Quantity }).openapi('CartItemRef')
const idempotencyHeader = z.object({
  'idempotency-key': z.string().max(255).optional().openapi({ description: 'Replays the first response for 24 h (see docs)' }),
})

const getCart = createRoute({
  method: 'get',
  path: '/cart',
  operationId: 'getCart',
  description:
    'One cart per user. `available: false` marks an item withdrawn from the catalogue since it ' + 'was added; remove it before checkout.',
  tags: ['Cart'],
  summary: 'The caller’s cart items, oldest first',
  responses: { 200: jsonResponse(z.array(CartItemSchema).max(1000), 'Cart items'), ...errorResponses() },
})

const addItem = createRoute({
  method: 'post',
  path: '/cart',
  tags: ['Cart'],
  summary: 'Add a variant (increments the quantity when it is already in the cart)',
  operationId: 'addToCart',
  description:
    `201 for a new item, 200 when an existing item was incremented (quantity is the new total). ` +
    `One atomic UPSERT, so concurrent adds never lose an increment. Unknown or inactive variant: ` +
    `404. An increment past ${MAX_QUANTITY}: 409. Accepts Idempotency-Key.`,
  middleware: [idempotency()] as const,
  request: {
    headers: idempotencyHeader,
    body: jsonBody(
      z
        .object({
          productVariantId: Uuid,
          quantity: Quantity.default(1),
          locationContext: LocationContextSchema.optional(),
        })
        .openapi('AddToCart'),
    ),
  },
  responses: {
    201: jsonResponse(CartItemRef, 'New cart item'),
    200: jsonResponse(CartItemRef, 'Existing item incremented; quantity is the new total'),
    ...errorResponses(400, 404, 409),
  },
})

const patchItem = createRoute({
  method: 'patch',
  path: '/cart',
  tags: ['Cart'],
  summary: 'Set a cart item’s quantity',
  operationId: 'setCartItemQuantity',
  description: `Quantity is an integer 1–${MAX_QUANTITY}. Another user’s item is 404.`,
  request: { body: jsonBody(z.object({ cartItemId: Uuid, quantity: Quantity }).openapi('SetCartQuantity')) },
  responses: { 200: jsonResponse(CartItemRef, 'Updated item'), ...errorResponses(400, 404) },
})

const deleteItem = createRoute({
  method: 'delete',
  path: '/cart',
  tags: ['Cart'],
  summary: 'Remove a cart item: `?id=` or body `{cartItemId}` (both given and different → 400)',
  operationId: 'removeCartItem',
  description: 'Give the id as ?id= or as body cartItemId; both given and different is 400, neither is 400.',
  request: {
    query: z.object({ id: Uuid.optional() }),
    body: {
      required: false,
      content: { 'application/json': { schema: z.object({ cartItemId: Uuid.optional() }).openapi('RemoveCartItem') } },
    },
  },
  responses: { 200: jsonResponse(z.object({ deleted: z.boolean() }), 'Removed'), ...errorResponses(400, 404) },
})

export const cartRoutes = createRouter()
  .openapi(getCart, async (c) => c.json(await listCart(c.env.DB, principalOf(c).userId), 200))
  .openapi(addItem, async (c) => {
    const { productVariantId, quantity, locationContext } = c.req.valid('json')
    const context = locationContext && Object.keys(locationContext).length > 0 ? locationContext : undefined
    const completion = (outcome: CartAddOutcome) => upsertCompletionStatement(c, c.env.DB, outcome)
    const item = await addToCart(c.env.DB, principalOf(c).userId, productVariantId.toLowerCase(), quantity, context, completion)
    return item.created ? c.json({ id: item.id, quantity: item.quantity }, 201) : c.json({ id: item.id, quantity: item.quantity }, 200)
  })
  .openapi(patchItem, async (c) => {
    const { cartItemId, quantity } = c.req.valid('json')
    return c.json(await setCartQuantity(c.env.DB, principalOf(c).userId, cartItemId.toLowerCase(), quantity), 200)
  })
  .openapi(deleteItem, async (c) => {
    const fromQuery = c.req.valid('query').id?.toLowerCase()
    const fromBody = (c.req.valid('json') as { cartItemId?: string } | undefined)?.cartItemId?.toLowerCase()
    if (fromQuery && fromBody && fromQuery !== fromBody) {
      throw badRequest('Give the cart item id once: ?id= and body cartItemId differ', [
        { path: 'cartItemId', message: 'differs from query id' },
      ])
    }
    const id = fromQuery ?? fromBody
    if (!id)
      throw badRequest('Cart item id missing: send ?id=<uuid> or body {"cartItemId": "<uuid>"}', [
        { path: 'cartItemId', message: 'Required' },
      ])
    await removeCartItem(c.env.DB, principalOf(c).userId, id)
    return c.json({ deleted: true }, 200)
  })
