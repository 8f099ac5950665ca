// How far from a geocoded point the true place may be (`accuracyM`), as calibrated quantities: every
// precision's radius is `max(floorM, k × term)`, the term widened by its neighbourhood (localTermM), with
// floor, k and weights fitted by `npm run calibrate:geocoder` on a calibration sample of the build's own
// addresses, disjoint from the validation hold-out, so that the true point lies within it for the target
// share of results, in every city the sample has enough of (docs/geocoding.md, "accuracyM").
// Postal areas and cities take a per-area radius where the address data measures one, else a fallback
// scaled from the area's population extent. Pure: the fit is a bundled generated module.
import { ACCURACY_FIT, FSA_ACCURACY_TEXT, PLACE_ACCURACY_TEXT } from '../data/accuracy-calibration.generated'
import { PLACE_MEAN_DENSITY, type Fsa, type Place } from './store'
import { normalizeName } from './text'

/** What a radius is computed from: the spread of merged points, the distance to the nearer neighbour, the street's extent… */
export const ACCURACY_TERMS = [
  'address',
  'addressNumberOnly',
  'interpolated',
  'interpolatedLong',
  'interpolatedAcross',
  'extrapolated',
  'fromOrigin',
  'fromOriginBeyond',
  'street',
  'streetPointsOnly',
] as const
export type AccuracyTerm = (typeof ACCURACY_TERMS)[number]

/** What else a result knows about its neighbourhood (the street's metres per civic number, the neighbours' span…). */
export interface AccuracyDetail {
  /** metres between the two neighbours a number was placed between */
  spanM?: number
  /** civic numbers between those neighbours */
  numberGap?: number
  /** a street result for a civic number: how far past the street's known numbers it lies, at the street's metres per number */
  beyondM?: number
}
export interface RawTerm {
  term: AccuracyTerm
  termM: number
  detail?: AccuracyDetail
}

let recorded: RawTerm[] | undefined
/**
 * For the fitting script only: accuracyOf records each raw term (its kind, metres and detail) and returns
 * its index, which decodeRawTerm turns back into the record, instead of the calibrated radius.
 */
export function useRawAccuracyTerms(on: boolean): void {
  recorded = on ? [] : undefined
}
export function decodeRawTerm(encoded: number): RawTerm {
  if (!recorded?.[encoded]) throw new Error('decodeRawTerm: raw accuracy terms are not switched on')
  return recorded[encoded]
}

/** The calibrated radius of a result whose raw term (metres) is termM, widened by what it knows of its neighbourhood. */
export function accuracyOf(term: AccuracyTerm, termM: number, detail?: AccuracyDetail): number {
  if (recorded) return recorded.push({ term, termM: Math.round(termM), ...(detail && { detail }) }) - 1
  const fit = ACCURACY_FIT.terms[term]
  return Math.round(Math.max(fit.floorM, fit.k * localTermM(fit, termM, detail)))
}

/** Fitted weights of the neighbourhood: per metre of the neighbours' span, of street per civic number, past the known numbers. */
export interface LocalWeights {
  spanWeight: number
  perNumberWeight: number
  beyondWeight: number
}

/**
 * The term plus its neighbourhood: a number between neighbours far apart, or on a street with long lots per
 * number (rural frontage), lies further from its linear place than the distance to the nearer neighbour says.
 */
export function localTermM(weights: LocalWeights, termM: number, detail?: AccuracyDetail): number {
  const beyond = weights.beyondWeight * (detail?.beyondM ?? 0)
  if (!detail?.spanM) return termM + beyond
  const perNumberM = detail.spanM / Math.max(1, detail.numberGap ?? 1)
  return termM + weights.spanWeight * detail.spanM + weights.perNumberWeight * perNumberM + beyond
}

function table(text: string): Map<string, number> {
  const map = new Map<string, number>()
  for (const line of text.split('\n')) {
    const bar = line.lastIndexOf('|')
    if (bar > 0) map.set(line.slice(0, bar), Number(line.slice(bar + 1)))
  }
  return map
}
let fsaRadii: Map<string, number> | undefined
let placeRadii: Map<string, number> | undefined

/** Radius of a disc holding the place's population at PLACE_MEAN_DENSITY, in metres. */
export function populationDiscM(population: number): number {
  return Math.sqrt(Math.max(population, 1) / (Math.PI * PLACE_MEAN_DENSITY)) * 1000
}

/**
 * A postal area's radius: the larger of max(floor, k × its people's radius `radiusM` (~80 % of them)),
 * fitted, and the radius holding 90 % of its address points where the address data has enough.
 */
export function fsaAccuracyM(fsa: Fsa): number {
  fsaRadii ??= table(FSA_ACCURACY_TEXT)
  const { floorM, k } = ACCURACY_FIT.postal
  return roundTo10(Math.max(floorM, k * fsa.radiusM, fsaRadii.get(fsa.code) ?? 0))
}

/**
 * A city's radius: the larger of max(floor, k × its population disc), fitted (at least 1 km), and the
 * radius holding 90 % of its address points where the address data has enough.
 */
export function placeAccuracyM(place: Place): number {
  placeRadii ??= table(PLACE_ACCURACY_TEXT)
  const measured = placeRadii.get(`${normalizeName(place.name)}|${place.province}`) ?? 0
  const { floorM, k } = ACCURACY_FIT.city
  return Math.max(1000, Math.round(Math.max(floorM, k * populationDiscM(place.population), measured) / 100) * 100)
}

const roundTo10 = (m: number) => Math.round(m / 10) * 10
