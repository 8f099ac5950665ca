// Reads a sign-placement question (English or French) into what the built-in provider acts on: intent,
// language, business type, the city, the area to search around and the explicit places. Pure.
import type { Place } from '../../../geo/geodata'
import { findPlace } from '../../../geo/geocode'
import { type Intent, type Language, intentOf, languageOf } from './intent'
import { downtownOf, type Landmark } from './landmarks'
import {
  addressesIn,
  citiesIn,
  cityOfAddress,
  intersectionsIn,
  landmarksIn,
  parentCityOf,
  sameCity,
  streetsIn,
  type Span,
  type Target,
} from './places-in-text'
import { postalCodesIn, radiusIn } from './place-hints'
import type { Modifier } from './profiles'
import { CUE_WORDS } from './tables.generated'
import { type BusinessMatch, fold, isDriveThrough, matchBusiness, modifiersIn } from './taxonomy'

/** Where to search when the question names no explicit address: most precise first. */
export type Area = { kind: 'landmark'; landmark: Landmark } | { kind: 'neighbourhood'; place: Place } | { kind: 'city'; place: Place }

export interface ParsedQuery {
  language: Language
  intent: Intent
  business: BusinessMatch | null
  driveThrough: boolean
  modifiers: Modifier[]
  /** The municipality; null when none is named, or when compared places are in different cities. */
  city: Place | null
  /** Addresses, intersections, streets and postal codes written in the question, in order. */
  targets: Target[]
  area: Area | null
  /** How far around the place to search, when the question says ("within 800 m"). */
  radiusM?: number
  /** The question was longer than MAX_QUERY_READ and only its start was read. */
  truncated: boolean
}

/** Words that send the search to the city's downtown entry (landmarks.ts downtownOf). */
const DOWNTOWN = CUE_WORDS.downtown

/** The text with the spans blanked out (same length, so other offsets still hold). */
const masked = (text: string, spans: Span[]) =>
  spans.reduce((t, s) => t.slice(0, s.start) + ' '.repeat(s.end - s.start) + t.slice(s.end), text)

/** Questions are short; past this many characters the rest is not read (bounds the CPU per call). */
export const MAX_QUERY_READ = 600

export function parseQuery(question: string): ParsedQuery {
  const read = question.slice(0, MAX_QUERY_READ)
  // "within 500 m of …" is a distance, not a civic number: read first, then blanked out.
  const radius = radiusIn(read)
  const text = radius ? masked(read, [radius.span]) : read
  const addresses = addressesIn(text)
  const intersections = intersectionsIn(text, addresses)
  const landmarks = landmarksIn(text)
  const streets = streetsIn(text, [...addresses, ...intersections, ...landmarks.map((l) => l.span)])
  const postal = postalCodesIn(text, [...addresses, ...intersections, ...streets])
  const targets = [...addresses, ...intersections, ...streets, ...postal].sort((a, b) => a.start - b.start)
  const taken: Span[] = [...targets, ...landmarks.map((l) => l.span)]
  const mentions = citiesIn(text, taken)

  // The city: from the addresses written, else the gazetteer's best mention, else a landmark's.
  const addressCities = addresses
    .filter((a) => !a.cityless)
    .map((a) => cityOfAddress(a.text))
    .filter((p): p is Place => !!p)
  const mentioned = mentions.map((m) => parentCityOf(m.place))
  let city: Place | null = mentioned[0] ?? addressCities[0] ?? null
  if (!mentioned.length && addressCities.some((c) => !sameCity(c, addressCities[0]))) city = null
  const landmark = landmarks.find((l) => !city || sameCity(findPlace(l.landmark.city, l.landmark.province) ?? city, city))?.landmark
  if (!city && landmark && !addressCities.length) city = findPlace(landmark.city, landmark.province) ?? null

  const neighbourhood = mentions.find((m) => m.place.featureCode === 'PPLX' && (!city || sameCity(parentCityOf(m.place), city)))
  const padded = ` ${fold(text)} `
  const downtown = city && DOWNTOWN.some((d) => padded.includes(` ${d} `)) ? downtownOf(city.name) : undefined
  const area: Area | null = landmark
    ? { kind: 'landmark', landmark }
    : neighbourhood
      ? { kind: 'neighbourhood', place: neighbourhood.place }
      : downtown
        ? { kind: 'landmark', landmark: downtown }
        : city
          ? { kind: 'city', place: city }
          : null

  // Place names are not businesses: "corner of Bank and Somerset" names no bank.
  const business = matchBusiness(masked(text, taken))
  const intent = intentOf(text, { targets: targets.length, place: !!area, business: !!business })
  return {
    language: languageOf(read),
    intent,
    business,
    driveThrough: isDriveThrough(masked(text, taken)),
    modifiers: modifiersIn(text),
    city,
    targets,
    area,
    ...(radius && { radiusM: radius.radiusM }),
    truncated: question.length > MAX_QUERY_READ,
  }
}
