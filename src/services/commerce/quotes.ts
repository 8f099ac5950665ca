// Custom quote requests (docs/decisions.md §7): the customer's side. Staff answers are in ./staff.ts.
import { and, desc, eq, gt } from 'drizzle-orm'
import { asStatement, getDb, schema } from '../../db/client'
import { conflict, gone, notFound } from '../../errors'
import { formatCents } from './money'

/**
 * A quoted price holds for 30 days from quotedAt (docs/decisions.md §7): material and installation costs
 * move, so staff prices are not open-ended. After that it can still be declined, not accepted (410).
 */
export const QUOTE_VALID_DAYS = 30
export const quoteExpiry = (quotedAt: string | null) =>
  quotedAt === null ? null : new Date(Date.parse(quotedAt) + QUOTE_VALID_DAYS * 86_400_000).toISOString()

export type QuoteRow = typeof schema.quotes.$inferSelect

export function toQuoteView(q: QuoteRow) {
  return {
    id: q.id,
    status: q.status,
    signType: q.signType,
    sizeEstimate: q.sizeEstimate,
    requirements: q.requirements,
    locationAddress: q.locationAddress,
    locationLat: q.locationLat,
    locationLng: q.locationLng,
    price: q.priceCents === null ? null : formatCents(q.priceCents),
    message: q.staffMessage,
    quotedAt: q.quotedAt,
    expiresAt: quoteExpiry(q.quotedAt),
    respondedAt: q.respondedAt,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  }
}

export interface NewQuote {
  signType: string
  requirements: string
  sizeEstimate?: string
  locationAddress?: string
  locationLat?: number
  locationLng?: number
}

/** `alsoInBatch` adds statements to the insert's transaction (the idempotency completion). */
export async function createQuote(
  d1: D1Database,
  userId: string,
  q: NewQuote,
  alsoInBatch: (quoteId: string) => D1PreparedStatement | undefined = () => undefined,
) {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const row: QuoteRow = {
    id,
    userId,
    status: 'pending',
    signType: q.signType,
    sizeEstimate: q.sizeEstimate ?? null,
    requirements: q.requirements,
    locationAddress: q.locationAddress ?? null,
    locationLat: q.locationLat ?? null,
    locationLng: q.locationLng ?? null,
    priceCents: null,
    staffMessage: null,
    quotedAt: null,
    respondedAt: null,
    createdAt: now,
    updatedAt: now,
  }
  // The idempotency completion is a raw D1 statement, so the insert joins it as one too (same batch, one transaction).
  const extra = alsoInBatch(id)
  await d1.batch([asStatement(d1, getDb(d1).insert(schema.quotes).values(row)), ...(extra ? [extra] : [])])
  return toQuoteView(row)
}

export async function listQuotes(d1: D1Database, userId: string) {
  const rows = await getDb(d1)
    .select()
    .from(schema.quotes)
    .where(eq(schema.quotes.userId, userId))
    .orderBy(desc(schema.quotes.createdAt), desc(schema.quotes.id))
  return rows.map(toQuoteView)
}

/** The quote row; `userId` null = staff view (any user). Null when missing or not the user's. */
export async function findQuote(d1: D1Database, id: string, userId: string | null): Promise<QuoteRow | null> {
  const [row] = await getDb(d1)
    .select()
    .from(schema.quotes)
    .where(and(eq(schema.quotes.id, id), userId === null ? undefined : eq(schema.quotes.userId, userId)))
  return row ?? null
}

export async function getQuote(d1: D1Database, userId: string, id: string) {
  const quote = await findQuote(d1, id, userId)
  if (!quote) throw notFound('Quote')
  return toQuoteView(quote)
}

/**
 * The customer's answer to a quoted price: one conditional UPDATE, so two answers cannot both win. Accepting
 * also needs the price to be still valid (quoted within QUOTE_VALID_DAYS).
 */
export async function respondToQuote(d1: D1Database, userId: string, id: string, status: 'accepted' | 'declined', now = new Date()) {
  const validSince = new Date(now.getTime() - QUOTE_VALID_DAYS * 86_400_000).toISOString()
  const [updated] = await getDb(d1)
    .update(schema.quotes)
    .set({ status, respondedAt: now.toISOString(), updatedAt: now.toISOString() })
    .where(
      and(
        eq(schema.quotes.id, id),
        eq(schema.quotes.userId, userId),
        eq(schema.quotes.status, 'quoted'),
        status === 'accepted' ? gt(schema.quotes.quotedAt, validSince) : undefined,
      ),
    )
    .returning()
  if (updated) return toQuoteView(updated)
  const current = await findQuote(d1, id, userId)
  if (!current) throw notFound('Quote')
  if (current.status === 'quoted') {
    throw gone(`This quote expired at ${quoteExpiry(current.quotedAt)} (prices hold ${QUOTE_VALID_DAYS} days); request a new quote`)
  }
  throw conflict(`Quote is ${current.status}; only a quoted quote can be ${status}`)
}
