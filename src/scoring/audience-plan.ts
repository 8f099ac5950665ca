// The planning figures of an audience block: the day parts (hourly.ts) and the visibility-adjusted
// impressions of the caller's sign, or of a typical sign of the default type (impressions.ts, sign.ts).
import type { FactorSignals } from '../geo/signals'
import type { Audience } from './audience'
import { centralityOf, darkShares, hourlyOf, mixOf } from './hourly'
import { impressionsOf } from './impressions'
import { resolveSign, type ResolvedSign, type SignInput } from './sign'

/** Resolved once: most scores have no sign block. */
const DEFAULT_SIGN: ResolvedSign = Object.freeze(resolveSign(undefined))

/** The name given to the one street of a point whose streets are not known by name (a postal-area position). */
export const UNNAMED_STREET = "the point's street"

export function withPlanning(audience: Audience, signals: Pick<FactorSignals, 'roadClass' | 'poiDensity'>, sign?: SignInput): Audience {
  const roadClass = signals.roadClass.value
  const streets = audience.streets.length ? audience.streets : [{ name: UNNAMED_STREET, roadClass, dailyVehicles: audience.dailyVehicles }]
  const mix = mixOf(streets, roadClass, centralityOf(signals.poiDensity.value))
  const hourly = hourlyOf(audience.dailyVehicles, audience.dailyPedestrians, mix)
  const persons = audience.dailyPersons
  const impressions = impressionsOf({
    sign: sign ? resolveSign(sign) : DEFAULT_SIGN,
    streets,
    dailyPedestrians: audience.dailyPedestrians,
    occupancy: audience.occupancy,
    audienceSpread: persons > 0 ? { low: audience.interval.low / persons, high: audience.interval.high / persons } : { low: 1, high: 1 },
    audienceHigh: audience.interval.high,
    dark: darkShares(mix),
  })
  audience.impressions = impressions
  audience.hourly = hourly
  return audience
}
