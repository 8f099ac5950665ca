// The sign types the AI may recommend are the catalogue's categories, so every recommendation can
// lead to products (GET /api/v1/products?category=<type>).
import { asc, eq, min } from 'drizzle-orm'
import { getDb } from '../../db/client'
import { products } from '../../db/schema'
import { CATALOGUE_CATEGORIES } from '../../scoring'

/** Used when the catalogue is empty or unreadable: the seeded categories (docs/decisions.md §7). */
export const FALLBACK_SIGN_TYPES = CATALOGUE_CATEGORIES

/** Distinct categories of active products, in catalogue order; the fallback list when there are none. */
export async function signTypesFor(d1: D1Database): Promise<string[]> {
  try {
    const rows = await getDb(d1)
      .select({ category: products.category, first: min(products.sortOrder) })
      .from(products)
      .where(eq(products.active, true))
      .groupBy(products.category)
      .orderBy(asc(min(products.sortOrder)))
    const categories = rows.map((r) => r.category).filter((c) => typeof c === 'string' && c.length > 0 && c.length <= 100)
    return categories.length > 0 ? categories : [...FALLBACK_SIGN_TYPES]
  } catch {
    // Table missing (fresh database) or D1 unavailable: recommending still works.
    return [...FALLBACK_SIGN_TYPES]
  }
}
