// Hold-out validation of the geocoder on the geodata store (npm run validate:geocoder): every
// held-out address (sampled by hash in the build, before any tuning, and never loaded) is typed as a
// user would and geocoded against the rest; errors, precision shares and whether accuracyM holds, per city.
import type { GeocodeResult } from '../../src/geo/geocode/offline'
import { distanceKm } from '../../src/geo/geodata/text'
import { hash, type HeldOut } from '../../scripts/lib/geodata-store-build'

/** A held-out address as the build wrote it, without its cross-source key. */
export type HeldOutRow = Omit<HeldOut, 'key'>

export interface CityReport {
  city: string
  n: number
  byPrecision: Record<string, number>
  errors: number[]
  /** per precision: results whose true point lies within accuracyM */
  holds: Record<string, number>
}

/** As a user types it; every second address (by hash) with its postal code where the source has one. */
export function typed(r: HeldOutRow): string {
  const withPostcode = r.postcode && hash(`${r.number}|${r.street}|${r.city}`) % 2 === 0
  return `${r.number} ${r.street}, ${r.city}, ${r.province}${withPostcode ? ` ${r.postcode}` : ''}`
}

export function validateHoldout(rows: HeldOutRow[], geocode: (text: string) => GeocodeResult | null, groupMin = 100): CityReport[] {
  const byCity = new Map<string, HeldOutRow[]>()
  for (const r of rows) byCity.set(r.city, [...(byCity.get(r.city) ?? []), r])
  const groups: [string, HeldOutRow[]][] = []
  const small: HeldOutRow[] = []
  let smallCities = 0
  for (const [city, list] of [...byCity].sort((a, b) => b[1].length - a[1].length)) {
    if (list.length >= groupMin) groups.push([city, list])
    else {
      small.push(...list)
      smallCities++
    }
  }
  if (small.length) groups.push([`other (${smallCities} cities)`, small])
  return groups.map(([city, list]) => {
    const report: CityReport = { city, n: list.length, byPrecision: {}, errors: [], holds: {} }
    for (const r of list) {
      const result = geocode(typed(r))
      const precision = result?.precision ?? 'not found'
      report.byPrecision[precision] = (report.byPrecision[precision] ?? 0) + 1
      if (!result) continue
      const m = distanceKm(result.lat, result.lng, r.latE5 / 1e5, r.lngE5 / 1e5) * 1000
      report.errors.push(m)
      if (m <= result.accuracyM) report.holds[precision] = (report.holds[precision] ?? 0) + 1
    }
    report.errors.sort((a, b) => a - b)
    return report
  })
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]
}
