// Small helpers for the signals' values and method texts.
import type { Confidence, RawSignal } from './types'
export const roundTo = (x: number, step: number) => Math.round(x / step) * step
/**
 * A method text within the result schema's 200 characters: a long one leaves out the nearest station's name and
 * distance (its departures are in the stop equivalents it states), and is cut as a last resort.
 */
export function fitMethod(text: string): string {
  if (text.length <= 200) return text
  const short = text.replace(/ \+ rapid-transit .+ \d+ m$/, ' + station')
  return short.length <= 200 ? short : `${short.slice(0, 199)}…`
}
export const sig = (value: number, unit: string, method: string, confidence: Confidence): RawSignal => ({ value, unit, method, confidence })
export const geoBlend = (a: number, b: number, t: number) => Math.exp((1 - t) * Math.log(Math.max(a, 0.1)) + t * Math.log(Math.max(b, 0.1)))
