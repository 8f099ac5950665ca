import type { QuoteStatus } from '../../db/schema/commerce'
import { formatCents } from './money'

export interface QuoteRow {
  id: string
  user_id: string
  status: QuoteStatus
  sign_type: string
  size_estimate: string | null
  requirements: string
  location_address: string | null
  location_lat: number | null
  location_lng: number | null
  price_cents: number | null
  staff_message: string | null
  quoted_at: string | null
  responded_at: string | null
  created_at: string
  updated_at: string
}

export function toQuoteView(q: QuoteRow) {
  return {
    id: q.id,
    status: q.status,
    signType: q.sign_type,
    sizeEstimate: q.size_estimate,
    requirements: q.requirements,
    locationAddress: q.location_address,
    locationLat: q.location_lat,
    locationLng: q.location_lng,
    price: q.price_cents === null ? null : formatCents(q.price_cents),
    message: q.staff_message,
    quotedAt: q.quoted_at,
    respondedAt: q.responded_at,
    createdAt: q.created_at,
    updatedAt: q.updated_at,
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
export async function createQuote(d1: D1Database, userId: string, q: NewQuote, alsoInBatch: (quoteId: string) => D1PreparedStatement | undefined = () => undefined) {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const extra = alsoInBatch(id)
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO quotes (id, user_id, status, sign_type, size_estimate, requirements, location_address, location_lat, location_lng, created_at, updated_at)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .bind(id, userId, q.signType, q.sizeEstimate ?? null, q.requirements, q.locationAddress ?? null, q.locationLat ?? null, q.locationLng ?? null, now, now),
    ...(extra ? [extra] : []),
  ])
  return toQuoteView(inserted.results[0] as unknown as QuoteRow)
}

export async function listQuotes(d1: D1Database, userId: string) {
  const { results } = await d1.prepare('SELECT * FROM quotes WHERE user_id = ? ORDER BY created_at DESC, id DESC').bind(userId).all<QuoteRow>()
  return results.map(toQuoteView)
}

/** `userId` null = staff view. */
export const findQuote = (d1: D1Database, id: string, userId: string | null) =>
  d1.prepare('SELECT * FROM quotes WHERE id = ?1 AND (?2 IS NULL OR user_id = ?2)').bind(id, userId).first<QuoteRow>()

/** Customer's answer to a quoted price: one conditional UPDATE, so two answers cannot both win. */
export async function respondToQuote(d1: D1Database, id: string, userId: string, status: 'accepted' | 'declined') {
  const now = new Date().toISOString()
  return d1
    .prepare("UPDATE quotes SET status = ?, responded_at = ?, updated_at = ? WHERE id = ? AND user_id = ? AND status = 'quoted' RETURNING *")
    .bind(status, now, now, id, userId)
    .first<QuoteRow>()
}
