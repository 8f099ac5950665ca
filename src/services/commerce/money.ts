/** CAD money helpers. Storage is integer cents; the API shows prices as "1249.00" strings (docs/decisions.md §7). */

/** 124900 → "1249.00". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer number of cents: ${cents}`)
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** 124900 → 1249 (number of dollars, for basePriceMin/Max). */
export const centsToDollars = (cents: number): number => Math.round(cents) / 100

/** Dollars with at most two decimals (a number or "1249.5" string) → cents; null when not exact. */
export function dollarsToCents(dollars: number | string): number | null {
  const text = typeof dollars === 'number' ? String(dollars) : dollars.trim()
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
