// Tips and the estimated impact of the built-in /ai/recommend. Pure. The impact is the audience
// estimate of the score result when it carries one, else the result's own traffic and pedestrian
// values; either way it is exposure (who passes and could see the sign), never customers or sales.
import type { ScoreResult } from '../../../scoring'
import type { Audience, SignKind, SiteFacts } from './recommend'

const n = (x: number) => Math.round(x).toLocaleString('en-CA')

export function tipsFor(kind: SignKind, facts: SiteFacts, result: Omit<ScoreResult, 'audience'>): string[] {
  const tips: string[] = []
  if (result.precision === 'city' || result.precision === 'postal_code') {
    tips.push(
      `This result is located only to the ${result.precision === 'city' ? 'city' : 'postal area'}: score the exact ` +
        `address before ordering.`,
    )
  }
  if (facts.roadClass >= 4 || facts.aadt >= 20000) {
    tips.push(
      'Size letters for the reading distance: a common sign-industry rule of thumb is 1 inch (2.5 cm) of letter ' +
        'height per 10 ft (3 m), more at higher speeds.',
    )
    tips.push('Place the sign where drivers see it before the entrance, not beside it, so they have time to turn in.')
  }
  if (kind === 'blade' || kind === 'sidewalk' || facts.pedestrianShare >= 0.25) {
    tips.push(
      'Keep projecting signs above the clearance your municipality requires over a sidewalk (often about 2.4 m) ' +
        'and A-frames clear of the walking path.',
    )
  }
  if (kind !== 'window' && kind !== 'sidewalk')
    tips.push('Illuminate the sign (internally lit or halo-lit letters) so it works in winter, when it is dark by late afternoon.')
  const warning = result.warnings[0]
  if (warning) tips.push(`The score carries a warning: ${warning.message}`.slice(0, 300))
  tips.push(
    'Check the municipal sign bylaw and get the sign permit before ordering: size, height, lighting and digital ' +
      'signs are regulated locally.',
  )
  return tips.slice(0, 5)
}

/** "12,000–18,000" from an interval given as [low, high] or { low, high } (or { lower, upper }). */
function rangeOf(interval: unknown): string | undefined {
  const pair = Array.isArray(interval)
    ? interval
    : interval && typeof interval === 'object'
      ? [
          (interval as Record<string, unknown>).low ?? (interval as Record<string, unknown>).lower,
          (interval as Record<string, unknown>).high ?? (interval as Record<string, unknown>).upper,
        ]
      : []
  const [lo, hi] = pair.map(Number)
  return Number.isFinite(lo) && Number.isFinite(hi) && hi >= lo ? `${n(lo)}–${n(hi)}` : undefined
}

const EXPOSURE_ONLY =
  'This is exposure (people who pass and could see the sign), not customers; what they notice depends on size, setback and lighting.'

export function estimatedImpact(result: Omit<ScoreResult, 'audience'>, audience: Audience | undefined): string {
  if (audience && Number.isFinite(audience.dailyPersons ?? audience.dailyVehicles)) {
    const parts = [
      audience.dailyVehicles !== undefined ? `${n(audience.dailyVehicles)} vehicles` : undefined,
      audience.dailyPedestrians !== undefined ? `${n(audience.dailyPedestrians)} pedestrians` : undefined,
    ].filter(Boolean)
    const persons = audience.dailyPersons !== undefined ? `about ${n(audience.dailyPersons)} people a day` : 'passers-by'
    const range = rangeOf(audience.interval)
    const method = audience.method ? `; ${audience.method}` : ''
    const who = parts.length ? ` (${parts.join(' and ')})` : ''
    const text = `From the result's audience estimate: ${persons} pass the site${who}${range ? `, range ${range}` : ''}${method}.`
    return `${text} ${EXPOSURE_ONLY}`.slice(0, 500)
  }
  const v = result.factorScores.vehicleTraffic.raw
  const p = result.factorScores.pedestrian.raw
  return (
    `About ${n(v.value)} vehicles/day (${v.confidence} confidence) and ${n(p.value)} pedestrians/day pass, from the score's own ` +
    `traffic and pedestrian values (this result has no audience estimate). ${EXPOSURE_ONLY}`
  ).slice(0, 500)
}
