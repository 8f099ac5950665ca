import { formatCents } from './money'
import type { LocationContext } from './cart'

/** What a cart line and an order line show alike: the product as bought, the line total and the location it is for. */
export function lineFields(line: {
  productName: string
  sizeLabel: string
  material: string
  unitPriceCents: number
  quantity: number
  locationContext: string | null
}) {
  return {
    productName: line.productName,
    sizeLabel: line.sizeLabel,
    material: line.material,
    quantity: line.quantity,
    lineTotal: formatCents(line.unitPriceCents * line.quantity),
    locationContext: line.locationContext ? (JSON.parse(line.locationContext) as LocationContext) : null,
  }
}
