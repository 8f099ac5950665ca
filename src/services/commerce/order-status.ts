import { ORDER_STATUSES, QUOTE_STATUSES, type OrderStatus, type QuoteStatus } from '../../db/schema/commerce'

// The statuses live beside their table (its enum); routes take them from here, not from the schema.
export { ORDER_STATUSES, QUOTE_STATUSES }

/**
 * Order lifecycle (docs/decisions.md §7): ordered → in_production → shipped → installed, one step at a time,
 * forward only; `shipped` needs a tracking number. Pure, so the rules are unit-tested directly.
 */
export type TransitionCheck = { ok: true } | { ok: false; reason: string }

export function nextOrderStatus(current: OrderStatus): OrderStatus | null {
  const i = ORDER_STATUSES.indexOf(current)
  return ORDER_STATUSES[i + 1] ?? null
}

export function checkOrderTransition(current: OrderStatus, target: OrderStatus, trackingNumber?: string | null): TransitionCheck {
  const next = nextOrderStatus(current)
  if (target === current) return { ok: false, reason: `Order is already ${current}` }
  if (ORDER_STATUSES.indexOf(target) < ORDER_STATUSES.indexOf(current))
    return { ok: false, reason: `Order status only moves forward: ${current} → ${target} is backwards` }
  if (target !== next) return { ok: false, reason: `Order must go ${current} → ${next} next; it cannot skip to ${target}` }
  if (target === 'shipped' && !trackingNumber?.trim()) return { ok: false, reason: 'Moving an order to shipped requires a tracking number' }
  return { ok: true }
}

/** Quote lifecycle: pending → quoted (staff: price + message) → accepted | declined (customer). */
export function checkQuoteTransition(current: QuoteStatus, target: QuoteStatus): TransitionCheck {
  const allowed: Record<QuoteStatus, QuoteStatus[]> = { pending: ['quoted'], quoted: ['accepted', 'declined'], accepted: [], declined: [] }
  return allowed[current].includes(target) ? { ok: true } : { ok: false, reason: `Quote is ${current}; it cannot become ${target}` }
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  ordered: 'Order received',
  in_production: 'In production',
  shipped: 'Shipped',
  installed: 'Installed',
}
