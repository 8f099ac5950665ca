import { describe, it, expect } from 'vitest'
import { centsToDollars, dollarsToCents, formatCents } from '../../src/services/commerce/money'
import { checkOrderTransition, checkQuoteTransition, nextOrderStatus } from '../../src/services/commerce/order-status'
import { etagMatches } from '../../src/lib/edge-cache'

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [124900, '1249.00'],
    [123456789, '1234567.89'],
    [-250, '-2.50'],
  ])('formatCents(%i) = %s', (cents, text) => expect(formatCents(cents)).toBe(text))

  it('refuses fractional cents', () => expect(() => formatCents(1.5)).toThrow(RangeError))
  it('centsToDollars', () => expect(centsToDollars(420050)).toBe(4200.5))
  it.each([
    [1249, 124900],
    ['1249.5', 124950],
    ['0.01', 1],
    [' 38500.00 ', 3850000],
    ['12.345', null],
    ['1,249.00', null],
    ['-5', null],
    ['', null],
    [1e21, null],
  ])('dollarsToCents(%s) = %s', (input, cents) => expect(dollarsToCents(input as number | string)).toBe(cents))
})

describe('order status machine', () => {
  it('goes forward one step at a time', () => {
    expect(nextOrderStatus('ordered')).toBe('in_production')
    expect(nextOrderStatus('in_production')).toBe('shipped')
    expect(nextOrderStatus('shipped')).toBe('installed')
    expect(nextOrderStatus('installed')).toBeNull()
  })
  it('accepts only the next status; shipped needs a tracking number', () => {
    expect(checkOrderTransition('ordered', 'in_production')).toEqual({ ok: true })
    expect(checkOrderTransition('in_production', 'shipped', 'TRK1')).toEqual({ ok: true })
    expect(checkOrderTransition('shipped', 'installed')).toEqual({ ok: true })
    expect(checkOrderTransition('in_production', 'shipped')).toMatchObject({ ok: false, reason: expect.stringMatching(/tracking/) })
    expect(checkOrderTransition('in_production', 'shipped', '  ')).toMatchObject({ ok: false })
    expect(checkOrderTransition('ordered', 'shipped', 'T')).toMatchObject({ ok: false, reason: expect.stringMatching(/skip/) })
    expect(checkOrderTransition('shipped', 'ordered')).toMatchObject({ ok: false, reason: expect.stringMatching(/backwards/) })
    expect(checkOrderTransition('installed', 'installed')).toMatchObject({ ok: false, reason: expect.stringMatching(/already/) })
  })
  it('quotes: pending → quoted → accepted | declined, nothing else', () => {
    expect(checkQuoteTransition('pending', 'quoted').ok).toBe(true)
    expect(checkQuoteTransition('quoted', 'accepted').ok).toBe(true)
    expect(checkQuoteTransition('quoted', 'declined').ok).toBe(true)
    expect(checkQuoteTransition('pending', 'accepted').ok).toBe(false)
    expect(checkQuoteTransition('quoted', 'quoted').ok).toBe(false)
    expect(checkQuoteTransition('accepted', 'declined').ok).toBe(false)
  })
})

describe('ETag matching (If-None-Match)', () => {
  const tag = '"abc"'
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
    [undefined, false],
  ])('%s → %s', (header, match) => expect(etagMatches(header, tag)).toBe(match))
})
