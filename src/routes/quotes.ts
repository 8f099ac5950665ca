import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from '../env'
import { createRouter, displayText, errorResponses, jsonBody, jsonResponse, MAX_LIST_ITEMS } from '../lib/openapi'
import { parseId, UuidParam } from '../lib/ids'
import { badRequest } from '../errors'
import { principalOf } from '../middleware/plan-gate'
import { completionStatement, idempotency } from '../middleware/idempotency'
import { createQuote, getQuote, listQuotes, respondToQuote } from '../services/commerce/quotes'
import { QuoteSchema } from './commerce-schemas'

const required = (field: string, max: number, multiline = false) => displayText(field, z.string().trim().min(1).max(max), { multiline })

const NewQuoteSchema = z
  .object({
    signType: required('signType', 200).openapi({ example: 'Pylon sign' }),
    requirements: required('requirements', 5000, true).openapi({
      example: 'Double-sided, 20 ft, with an LED message centre; plaza entrance off Hwy 7',
    }),
    sizeEstimate: required('sizeEstimate', 200).optional().openapi({ example: '20 ft overall' }),
    locationAddress: required('locationAddress', 500).optional(),
    locationLat: z.number().min(-90).max(90).optional(),
    locationLng: z.number().min(-180).max(180).optional(),
  })
  .openapi('NewQuote')

/** Replays a quote created before a crash (idempotency: the record was completed in the creating batch). */
async function replayQuote(c: Context<AppEnv>, quoteId: string, status: ContentfulStatusCode) {
  return c.json(await getQuote(c.env.DB, principalOf(c).userId, quoteId), status)
}

const createRouteDef = createRoute({
  method: 'post',
  path: '/quotes',
  tags: ['Quotes'],
  summary: 'Request a custom quote (status pending)',
  operationId: 'createQuote',
  description:
    'signType and requirements are required; locationLat and locationLng go together. Staff answer ' +
    'with a price and message (status quoted, quoteResponse notification). Accepts Idempotency-Key.',
  middleware: [idempotency({ replayCreated: replayQuote })] as const,
  request: { headers: z.object({ 'idempotency-key': z.string().max(255).optional() }), body: jsonBody(NewQuoteSchema) },
  responses: { 201: jsonResponse(QuoteSchema, 'The quote request (id, status pending, …)'), ...errorResponses(400, 409) },
})

const listRoute = createRoute({
  method: 'get',
  path: '/quotes',
  tags: ['Quotes'],
  summary: 'The caller’s quote requests, newest first',
  operationId: 'listQuotes',
  description: 'Includes the staff price and message once quoted.',
  responses: { 200: jsonResponse(z.array(QuoteSchema).max(MAX_LIST_ITEMS), 'Quotes'), ...errorResponses() },
})

const getRoute = createRoute({
  method: 'get',
  path: '/quotes/{id}',
  tags: ['Quotes'],
  summary: 'One quote request, with the staff price and message once quoted',
  operationId: 'getQuote',
  description: 'Another user’s quote is 404.',
  request: { params: UuidParam },
  responses: { 200: jsonResponse(QuoteSchema, 'The quote'), ...errorResponses(404) },
})

const answerRoute = (action: 'accept' | 'decline') =>
  createRoute({
    method: 'post',
    path: `/quotes/{id}/${action}`,
    tags: ['Quotes'],
    summary: `${action === 'accept' ? 'Accept' : 'Decline'} a quoted price (only while status is quoted)`,
    operationId: `${action}Quote`,
    description:
      'Only a quote in status quoted can be accepted or declined (409 otherwise); another user’s quote is 404. ' +
      'A quoted price holds 30 days (expiresAt): accepting it later → 410 GONE; declining is still possible.',
    request: { params: UuidParam },
    responses: { 200: jsonResponse(QuoteSchema, 'The updated quote'), ...errorResponses(404, 409, 410) },
  })

export const quoteRoutes = createRouter()
  .openapi(createRouteDef, async (c) => {
    const body = c.req.valid('json')
    if ((body.locationLat === undefined) !== (body.locationLng === undefined)) {
      throw badRequest('Give both locationLat and locationLng, or neither', [
        { path: body.locationLat === undefined ? 'locationLat' : 'locationLng', message: 'Required with the other coordinate' },
      ])
    }
    return c.json(
      await createQuote(c.env.DB, principalOf(c).userId, body, (id) => completionStatement(c, c.env.DB, 201, 'quotes', id)),
      201,
    )
  })
  .openapi(listRoute, async (c) => c.json(await listQuotes(c.env.DB, principalOf(c).userId), 200))
  .openapi(getRoute, async (c) => c.json(await getQuote(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Quote')), 200))
  .openapi(answerRoute('accept'), async (c) =>
    c.json(await respondToQuote(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Quote'), 'accepted'), 200),
  )
  .openapi(answerRoute('decline'), async (c) =>
    c.json(await respondToQuote(c.env.DB, principalOf(c).userId, parseId(c.req.valid('param').id, 'Quote'), 'declined'), 200),
  )
