import { formatCents } from './money'

/** Where the sign a line is for will go, as the client gave it (stored as JSON on the line). */
export interface LocationContext {
  lat?: number
  lng?: number
  address?: string
  score?: number
}

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
