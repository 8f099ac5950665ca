// Hold-out validation of civic geocoding (npm run validate:geocoder): a deterministic 2 % of the
// civic addresses are left out of the store, then geocoded as a user types them and compared with
// their true position.
import { planAddressLookup, resolveAddressLookup } from '../../src/geo/geocode/address-lookup'
import { distanceKm } from '../../src/geo/geodata/text'
import { dedupe, parseAddressFile, recordKey, type AddressRecord } from '../../scripts/lib/address-import'
import { memoryAddressPoints } from '../../scripts/lib/memory-address-store'

/** FNV-1a of the address key: the same addresses are hidden on every run and machine. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

const title = (s: string) => s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())

/** "123 King St N, Waterloo, ON": the street as the file spells it, in title case. */
export function typedAddress(r: AddressRecord, province: string): string {
  return `${r.number}${r.suffix} ${title(r.street)}, ${title(r.city)}, ${province}`
}

export interface ValidationReport {
  total: number
  hidden: number
  byPrecision: Record<string, number>
  errors: Record<string, number[]>
}

export function validate(csvText: string, options: { share?: number; province?: string } = {}): ValidationReport {
  const share = options.share ?? 0.02
  const { records } = dedupe(parseAddressFile(csvText).records)
  const isHidden = (r: AddressRecord) => hash(recordKey(r)) % 10_000 < share * 10_000
  const hidden = records.filter(isHidden)
  const points = memoryAddressPoints(records.filter((r) => !isHidden(r)))
  const byPrecision: Record<string, number> = {}
  const errors: Record<string, number[]> = {}
  for (const r of hidden) {
    const text = typedAddress(r, options.province ?? 'ON')
    const lookup = planAddressLookup(text)
    const result = lookup ? resolveAddressLookup(lookup, points(lookup)) : null
    const precision = result?.precision ?? 'not found'
    byPrecision[precision] = (byPrecision[precision] ?? 0) + 1
    if (result) {
      errors[precision] ??= []
      errors[precision].push(distanceKm(result.lat, result.lng, r.latE5 / 1e5, r.lngE5 / 1e5) * 1000)
    }
  }
  return { total: records.length, hidden: hidden.length, byPrecision, errors }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
}
