import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errorResponses, jsonResponse } from '../lib/openapi'
import { isUuid } from '../lib/ids'
import { badRequest, notFound } from '../errors'
import { signTypesFor } from '../services/ai/sign-types'
import { getProduct, listProducts } from '../services/commerce/catalogue'
import { serveCachedJson } from '../lib/edge-cache'
import { notModified, ProductDetailSchema, ProductSummarySchema } from './commerce-schemas'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** 400 for a category the catalogue does not have; the message and details list the ones it has. */
async function refuseCategory(d1: D1Database, category: string): Promise<never> {
  const valid = await signTypesFor(d1)
  const message = `category must be one of: ${valid.map((v) => JSON.stringify(v)).join(', ')}`
  throw badRequest(`${message} (got ${JSON.stringify(category.slice(0, 100))})`, [{ path: 'category', message }])
}

const listRoute = createRoute({
  method: 'get',
  path: '/products',
  tags: ['Catalogue'],
  summary: 'Active sign products with their available variants (edge-cached; ETag / If-None-Match)',
  operationId: 'listProducts',
  description:
    'Only active products with at least one active variant. basePriceMin/Max are dollars over the ' +
    'available variants; variant prices are "1249.00" strings. Edge-cached for 60 s after auth: ' +
    'X-Cache says HIT or MISS; send If-None-Match with the ETag for a 304.',
  request: {
    query: z.object({
      category: z.string().max(100).optional().openapi({
        pattern: SLUG.source,
        example: 'channel-letters',
        description: 'A catalogue category; an unknown one → 400 whose details list the categories there are',
      }),
    }),
    headers: z.object({ 'if-none-match': z.string().max(200).optional() }),
  },
  responses: {
    200: jsonResponse(z.array(ProductSummarySchema).max(1000), 'Products, catalogue order'),
    304: notModified,
    ...errorResponses(400),
  },
})

const getRoute = createRoute({
  method: 'get',
  path: '/products/{id}',
  tags: ['Catalogue'],
  summary: 'One active product by id or slug, with description and all available variants',
  operationId: 'getProduct',
  description: 'By UUID or slug. Inactive or unknown products are 404. Same caching as the list.',
  request: {
    params: z.object({
      id: z
        .string()
        .max(100)
        .openapi({ param: { name: 'id', in: 'path' }, example: 'front-lit-channel-letters' }),
    }),
    headers: z.object({ 'if-none-match': z.string().max(200).optional() }),
  },
  responses: { 200: jsonResponse(ProductDetailSchema, 'The product'), 304: notModified, ...errorResponses(404) },
})

export const productRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const { category } = c.req.valid('query')
    if (category !== undefined && !SLUG.test(category)) await refuseCategory(c.env.DB, category)
    const path = category ? `/products?category=${category}` : '/products'
    return serveCachedJson(
      c,
      path,
      async () => {
        const list = await listProducts(c.env.DB, category)
        // An empty list for a category means it does not exist (every category has products): teach the valid ones.
        if (category && list.length === 0) await refuseCategory(c.env.DB, category)
        return list
      },
      () => {
        throw notFound('Product')
      },
    ) as never
  })
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid('param')
    const ref = isUuid(id) ? id.toLowerCase() : id
    // Anything that is neither a UUID nor a slug cannot exist: answer without touching D1 or the cache.
    if (!isUuid(ref) && !SLUG.test(ref)) throw notFound('Product')
    return serveCachedJson(
      c,
      `/products/${ref}`,
      () => getProduct(c.env.DB, ref),
      () => {
        throw notFound('Product')
      },
    ) as never
  })
