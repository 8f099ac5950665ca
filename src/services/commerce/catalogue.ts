import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { getDb, schema, type Db } from '../../db/client'
import { centsToDollars, formatCents } from './money'

export interface VariantView {
  id: string
  sizeLabel: string
  material: string
  price: string
}

export interface ProductSummary {
  id: string
  name: string
  slug: string
  category: string
  basePriceMin: number
  basePriceMax: number
  variants: VariantView[]
}

export interface ProductDetail extends ProductSummary {
  description: string
}

type ProductRow = typeof schema.products.$inferSelect
type VariantRow = typeof schema.productVariants.$inferSelect

/** Pure: a product row and its active variants → the API shape. Null when no variant is available. */
export function toProductView(product: ProductRow, variants: VariantRow[]): ProductDetail | null {
  const available = variants.filter((v) => v.active).sort((a, b) => a.sortOrder - b.sortOrder || a.priceCents - b.priceCents)
  if (!product.active || available.length === 0) return null
  const prices = available.map((v) => v.priceCents)
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    category: product.category,
    description: product.description,
    basePriceMin: centsToDollars(Math.min(...prices)),
    basePriceMax: centsToDollars(Math.max(...prices)),
    variants: available.map((v) => ({ id: v.id, sizeLabel: v.sizeLabel, material: v.material, price: formatCents(v.priceCents) })),
  }
}

async function variantsOf(db: Db, productIds: string[]) {
  if (productIds.length === 0) return []
  return db
    .select()
    .from(schema.productVariants)
    .where(and(inArray(schema.productVariants.productId, productIds), eq(schema.productVariants.active, true)))
    .orderBy(asc(schema.productVariants.sortOrder))
}

/** Active products that have at least one active variant, in catalogue order. */
export async function listProducts(d1: D1Database, category?: string): Promise<ProductSummary[]> {
  const db = getDb(d1)
  const where = category ? and(eq(schema.products.active, true), eq(schema.products.category, category)) : eq(schema.products.active, true)
  const products = await db.select().from(schema.products).where(where).orderBy(asc(schema.products.sortOrder), asc(schema.products.name))
  const variants = await variantsOf(
    db,
    products.map((p) => p.id),
  )
  return products
    .map((p) =>
      toProductView(
        p,
        variants.filter((v) => v.productId === p.id),
      ),
    )
    .filter((p): p is ProductDetail => p !== null)
    .map(({ description: _omit, ...summary }) => summary)
}

/** One active product by id or slug, or null. */
export async function getProduct(d1: D1Database, idOrSlug: string): Promise<ProductDetail | null> {
  const db = getDb(d1)
  const [product] = await db
    .select()
    .from(schema.products)
    .where(and(eq(schema.products.active, true), or(eq(schema.products.id, idOrSlug), eq(schema.products.slug, idOrSlug))))
    .limit(1)
  if (!product) return null
  return toProductView(product, await variantsOf(db, [product.id]))
}
