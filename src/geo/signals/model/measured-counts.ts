// Counted volumes from the geodata store (table count_sites: City of Edmonton AAWDT sites, City of
// Vancouver intersection turning-movement counts), found by the service near an exact point and handed
// to the engine as plain data. The nearest within COUNT_SNAP_M is the point's measured traffic (and,
// for a Vancouver count, its measured pedestrians) instead of the national model (methodology §2.3).
import { distanceM } from '../../geodata'
import type { Confidence } from '../types'

export interface MeasuredCount {
  /** Store source: "edmonton-counts" (AAWDT count site) or "vancouver-counts" (intersection count). */
  source: string
  /** `site`: a point on one road (both directions); `intersection`: every approach's entering vehicles. */
  kind: 'site' | 'intersection'
  lat: number
  lng: number
  /** Vehicles per day (AADT-equivalent; conversions in scripts/geodata/counts.mjs). */
  vehicles: number
  /** Pedestrians per day, where counted (Vancouver). */
  pedestrians?: number
  year: number
  /** "2 Avenue SW West of 65 Street SW", "W Broadway & Granville St". */
  name: string
}

/**
 * How far from a count a point takes it. The corner of two 30 m rights-of-way lies ≈ 21 m from the
 * intersection's centre (Vancouver's count position), and a roadside sign on a six-lane arterial
 * stands 15–25 m off the centreline where Edmonton places its count. Farther, a point may be on a
 * service road, a parallel street or the next block. Calgary's sections use 25 m (traffic.ts): a
 * section is a line along its road, not a point at a corner.
 */
export const COUNT_SNAP_M = 30

/** The nearest count within COUNT_SNAP_M, with its distance (metres), or undefined. */
export function nearestCount(
  lat: number,
  lng: number,
  counts: readonly MeasuredCount[] | undefined,
): { count: MeasuredCount; distanceM: number } | undefined {
  let best: { count: MeasuredCount; distanceM: number } | undefined
  for (const count of counts ?? []) {
    const d = distanceM(lat, lng, count.lat, count.lng)
    if (d <= COUNT_SNAP_M && (!best || d < best.distanceM)) best = { count, distanceM: d }
  }
  return best
}

/** The 8 counted hours of a City of Toronto signal count → a weekday (scripts/geodata/counts.mjs, methodology §2.3). */
export const TORONTO_8H_TO_DAY = { vehicles: 1.9, pedestrians: 1.5 }

const LABELS: Record<string, { vehicles: (c: MeasuredCount) => string; pedestrians?: string; where: string }> = {
  'edmonton-counts': { vehicles: (c) => `City of Edmonton AAWDT ${c.year}, ${c.name}`, where: 'City of Edmonton AAWDT' },
  'vancouver-counts': {
    vehicles: (c) =>
      `City of Vancouver turning-movement count ${c.year}, ${c.name}, every approach's entering vehicles ` +
      '(busier of the AM and PM peak hours ÷ 0.09)',
    pedestrians: 'pedestrians crossing every crosswalk (PM peak hour ÷ 0.11)',
    where: 'City of Vancouver turning-movement count',
  },
  'toronto-counts': {
    vehicles: (c) =>
      `City of Toronto signal count ${c.year}, ${c.name}, ${c.kind === 'intersection' ? "every approach's" : 'both directions'} ` +
      `vehicles (8 hours × ${TORONTO_8H_TO_DAY.vehicles})`,
    pedestrians: `pedestrians crossing every crosswalk (8 hours × ${TORONTO_8H_TO_DAY.pedestrians})`,
    where: 'City of Toronto signal count',
  },
}

/**
 * The count's daily vehicles as the point's traffic. An intersection count is every approach's
 * entering vehicles: all of them pass the corner, which a sign there faces (methodology §2.3).
 */
export function countedTraffic(hit: { count: MeasuredCount; distanceM: number }): {
  aadt: number
  method: string
  confidence: Confidence
} {
  const label = LABELS[hit.count.source]?.vehicles(hit.count) ?? `${hit.count.source} ${hit.count.year}, ${hit.count.name}`
  return { aadt: hit.count.vehicles, method: `measured: ${label}, ${Math.round(hit.distanceM)} m`, confidence: 'high' }
}

/** The count's daily pedestrians, where it counted them. */
export function countedPedestrians(hit: { count: MeasuredCount; distanceM: number }): { value: number; method: string } | undefined {
  const { count } = hit
  if (count.pedestrians === undefined) return undefined
  const what = LABELS[count.source]?.pedestrians ?? 'pedestrians'
  const where = LABELS[count.source]?.where ?? count.source
  return {
    value: count.pedestrians,
    method: `measured: ${where} ${count.year}, ${count.name}, ${what}, ${Math.round(hit.distanceM)} m`,
  }
}
