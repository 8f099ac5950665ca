// The places a question names: civic addresses, intersections ("corner of King and Bay", "coin
// Sainte-Catherine et Peel", "Yonge & Dundas"), curated landmarks and neighbourhoods, and the city, from
// the gazetteer (GeoNames places, src/geo). Pure: nothing is geocoded here.
import { findPlace, parseAddress } from '../../../geo/geocode'
import { geoStore } from '../../../geo/geodata'
import { formatStreet, parseStreetText } from '../../../geo/geocode'
import { isKnownPlaceName } from '../../../geo/geocode'
import type { Place } from '../../../geo/geodata'
import { distanceKm, normalizeName, TRAILING_TYPES } from '../../../geo/geodata'
import { LANDMARKS, type Landmark } from './landmarks'
import { fold } from './taxonomy'

export interface Span {
  start: number
  end: number
}
export interface Target extends Span {
  kind: 'address' | 'intersection' | 'street' | 'postal'
  /** What the geocoder is given (an intersection, a street or an address written without its city get the city appended later). */
  text: string
  /** An address written without a city ("100 Queen St W … in Toronto"): the question's city is appended. */
  cityless?: boolean
  /** An intersection's two streets. */
  streets?: [string, string]
}

const CIVIC_START = /(?<![\p{L}\p{N}])\d{1,6}[a-z]?(?=,?\s+[\p{L}\d])/giu
// Where an address written inside a sentence stops (a comma before a civic number starts the next one).
const ADDRESS_END = new RegExp(
  String.raw`\s+(?:and|or|et|ou|vs\.?|versus|for|pour|is|est|as|with|avec|to|near|pr[eè]s|in|à|dans|` +
    String.raw`a good|un bon|une bonne|good|bon|bonne)\s` +
    String.raw`|[?!;:()]|\s-\s|,\s*(?=\d{1,6}[a-z]?\s)`,
  'i',
)

const STREET_START = /^,?\s+(?:\p{Lu}|\d|(?:rue|avenue|av\.?|boulevard|boul\.?|chemin|ch\.?|route|rang|mont[ée]e)\s)/u
const MAX_CIVIC_CANDIDATES = 20
const MAX_ADDRESS_LENGTH = 160

/** Civic addresses written in the text ("100 Queen St W, Toronto, ON", "1000 rue Sherbrooke O, Montréal"). */
export function addressesIn(text: string): Target[] {
  const found: Target[] = []
  let tried = 0
  for (const m of text.matchAll(CIVIC_START)) {
    const start = m.index ?? 0
    if (found.some((t) => start < t.end)) continue
    // A question names a few places: past this many numbers the text is not a question about places.
    if (++tried > MAX_CIVIC_CANDIDATES) break
    const rest = text.slice(start, start + MAX_ADDRESS_LENGTH + 40)
    const stop = rest.search(ADDRESS_END)
    const written = (stop >= 0 ? rest.slice(0, stop) : rest).replace(/[\s,.]+$/, '')
    if (written.length > MAX_ADDRESS_LENGTH) continue
    let candidate = written
    let parsed = parseAddress(candidate, isKnownPlaceName)
    // "…, Québec": the city that is also a province is read as the province; say both.
    if (parsed.province && !parsed.city && !parsed.fsa) {
      candidate = `${written}, ${parsed.province}`
      parsed = parseAddress(candidate, isKnownPlaceName)
    }
    if (!parsed.street?.name) continue
    // "16 Avenue N", "124 Street": a numbered street (Calgary, Edmonton), not number 16 of a street called "Avenue".
    if (!parsed.street.type && TRAILING_TYPES[parsed.street.name.toLowerCase()]) continue
    if (parsed.city && !findPlace(parsed.city, parsed.province)) continue
    // No city or postal code: a number then a typed street that starts like a name ("100 Queen St W", "1000 rue
    // Sherbrooke O"), never "500 m of Queen St"; the question's city is appended (query.ts).
    const cityless = !(parsed.city || parsed.fsa)
    if (cityless && !(parsed.street.type && STREET_START.test(written.slice(m[0].length)))) continue
    found.push({ kind: 'address', text: candidate, start, end: start + written.length, ...(cityless && { cityless }) })
  }
  return found
}

// Capitalised words (or numbers) and French particles: the two branches never match the same text, so a
// failed match backtracks linearly (no nested ambiguity, no catastrophic backtracking on long input).
const STREET_PART = String.raw`([\p{Lu}\d][\p{L}\d'’.-]*(?:\s+(?:[\p{Lu}\d][\p{L}\d'’.-]*|de|du|des|la|le))*)`
const FR_ARTICLE = String.raw`(?:(?:de\s+la|de\s+l['’]|du|des|de|la|le|l['’])\s*)?`
const FR_TYPE = String.raw`(?:(?:rues?|boulevards?|boul\.?|avenues?|av\.?|chemins?|ch\.?)\s+)?`
// "la rue Saint-Denis", "l'avenue du Mont-Royal", "Peel": article, type, article, then the name.
const FR_STREET = `${FR_ARTICLE}${FR_TYPE}${FR_ARTICLE}${STREET_PART}`
/** Either case of each word's first letter (the patterns are case-sensitive: streets are capitalised). */
const anyCase = (words: string[]) => words.map((w) => `[${w[0].toUpperCase()}${w[0]}]${w.slice(1)}`).join('|')
// Written loosely after a preposition: "near Queen and Spadina", "at King & Bay", "by Main/Hastings".
const EN_NEAR_WORDS = ['near', 'at', 'by', 'around', 'off', String.raw`close\s+to`, String.raw`next\s+to`]
const EN_NEAR = String.raw`(?:${anyCase(EN_NEAR_WORDS)})\s+(?:the\s+)?`
const FR_NEAR = String.raw`(?:${anyCase(['pr[eè]s', 'proche', 'autour', String.raw`à\s+c[oô]t[ée]`])})\s+`
const INTERSECTIONS = [
  new RegExp(String.raw`\b(?:[Cc]orner|[Ii]ntersection)\s+of\s+(?:the\s+)?${STREET_PART}\s+(?:and|&)\s+${STREET_PART}`, 'gu'),
  new RegExp(String.raw`\b(?:[Cc]oin|[Aa]ngle|[Ii]ntersection)\s+${FR_STREET}\s+et\s+${FR_STREET}`, 'gu'),
  new RegExp(String.raw`\b${EN_NEAR}${STREET_PART}\s*(?:\s(?:and|&)\s|&|/)\s*${STREET_PART}`, 'gu'),
  new RegExp(String.raw`(?<![\p{L}])${FR_NEAR}${FR_STREET}\s+(?:et|&)\s+${FR_STREET}`, 'gu'),
  new RegExp(String.raw`${STREET_PART}\s*&\s*${STREET_PART}`, 'gu'),
]
// A street part stops before these words (the regex's lazy-free form swallows capitalised city names).
const PART_STOP = /\s+(?:à|a|au|in|at|for|pour|est|is|et|and|dans|near|pr[eè]s)\s.*$/u
// Sentence words a bare "A & B" can swallow before the first street: "Compare Yonge & Dundas".
const LEADING_WORDS = /^(?:(?:Compare|Comparer|Comparez|Rate|Score|Is|Between|Entre|At|Near|Évalue|Evaluate|Et|And)\s+)+/u

/** Two names this populous are towns, not the streets of a corner. */
const TOWN_POPULATION = 10_000

/** Intersections written in the text; their streets as the geocoder's intersection parser reads them. */
export function intersectionsIn(text: string, taken: Span[]): Target[] {
  const found: Target[] = []
  for (const pattern of INTERSECTIONS) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index ?? 0
      const end = start + m[0].length
      if ([...taken, ...found].some((s) => start < s.end && end > s.start)) continue
      const [a, b] = [m[1].replace(LEADING_WORDS, ''), m[2]].map((s) => s.replace(PART_STOP, '').trim())
      if (!a || !b) continue
      // "near Toronto and Ottawa" names two towns, not a corner ("King and University" in Waterloo names streets).
      if ([a, b].every((s) => !parseStreetText(s)?.type && (findPlace(s)?.population ?? 0) >= TOWN_POPULATION)) continue
      found.push({ kind: 'intersection', text: `${a} & ${b}`, streets: [a, b], start, end })
    }
  }
  return found.sort((x, y) => x.start - y.start)
}

const CAPITALISED_RUN = String.raw`[\p{Lu}\d][\p{L}\d'’.-]*(?:\s+[\p{Lu}\d][\p{L}\d'’.-]*){0,4}`
const STREETS = [
  // "on Queen St W", "along Highway 7", "off the Trans-Canada Hwy"
  new RegExp(String.raw`\b(?:on|along|off)\s+(?:the\s+)?(${CAPITALISED_RUN})`, 'gu'),
  // "rue Saint-Denis", "boulevard de la Côte-Vertu", "sur l'avenue du Mont-Royal Est"
  new RegExp(
    String.raw`\b((?:[Rr]ue|[Bb]oulevard|[Bb]oul\.?|[Aa]venue|[Cc]hemin|[Rr]oute|[Rr]ang|[Mm]ont[ée]e)\s+${FR_ARTICLE}${CAPITALISED_RUN})`,
    'gu',
  ),
]

/**
 * Streets named without a civic number ("on Queen St W", "rue Saint-Denis"): only text our address
 * parser reads as a street with a type, shortened from the right until it does ("Queen St W Toronto").
 */
export function streetsIn(text: string, taken: Span[]): Target[] {
  const found: Target[] = []
  for (const pattern of STREETS) {
    for (const m of text.matchAll(pattern)) {
      const start = (m.index ?? 0) + m[0].length - m[1].length
      let words = m[1].split(/\s+/)
      while (words.length >= 2 && !parseStreetText(words.join(' '))?.type) words = words.slice(0, -1)
      const street = words.length >= 2 ? parseStreetText(words.join(' ')) : undefined
      if (!street?.type || !street.name) continue
      const written = words.join(' ')
      const end = start + written.length
      if ([...taken, ...found].some((s) => start < s.end && end > s.start)) continue
      found.push({ kind: 'street', text: formatStreet(street), start, end })
    }
  }
  return found
}

/** The curated landmarks named in the text (taken spans excluded), each with where it was written. */
export function landmarksIn(text: string): { landmark: Landmark; span: Span }[] {
  const folded = fold(text)
  const out: { landmark: Landmark; span: Span }[] = []
  for (const landmark of LANDMARKS) {
    for (const name of landmark.names) {
      const at = ` ${folded} `.indexOf(` ${name} `)
      if (at < 0) continue
      out.push({ landmark, span: foldedSpanToText(text, at, name.split(' ').length) })
      break
    }
  }
  return out
}

interface Word extends Span {
  raw: string
  bare: string
}
/** Words with their positions; a French elision ("d'Ottawa", "l'Annex") is dropped from the word. */
function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)].map((m) => {
    const raw = m[0].replace(/\.$/, '')
    const bare = raw.replace(/^(?:[ldjnsc]|qu)['’]/i, '')
    return { raw, bare, start: (m.index ?? 0) + raw.length - bare.length, end: (m.index ?? 0) + raw.length }
  })
}

/** Maps a word offset of the folded text back to a span of the original (same word count). */
function foldedSpanToText(text: string, foldedAt: number, words: number): Span {
  const before = foldedAt === 0 ? 0 : fold(text).slice(0, foldedAt).split(' ').filter(Boolean).length
  const all = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
  const first = all[before]
  const last = all[before + words - 1] ?? first
  return first ? { start: first.index ?? 0, end: (last.index ?? 0) + last[0].length } : { start: 0, end: 0 }
}

const PLACE_PREPOSITIONS = new Set([
  'in',
  'at',
  'near',
  'around',
  'downtown',
  'of',
  'a',
  'au',
  'aux',
  'dans',
  'de',
  'du',
  'en',
  'pres',
  'ville',
])

export interface CityMention {
  place: Place
  span: Span
}

/**
 * Gazetteer places named in the text outside `taken` spans, best first: a capitalised name or one after
 * "in / à / near / downtown", scored by population (log), a preposition before it, and its length.
 */
export function citiesIn(text: string, taken: Span[]): CityMention[] {
  const words = wordsOf(text)
  const scored: (CityMention & { score: number })[] = []
  for (let i = 1; i < words.length; i++) {
    for (let n = Math.min(4, words.length - i); n >= 1; n--) {
      const span = { start: words[i].start, end: words[i + n - 1].end }
      if (taken.some((s) => span.start < s.end && span.end > s.start)) continue
      if (n > 1 && !continuesName(words.slice(i + 1, i + n))) continue
      const name = [words[i].bare, ...words.slice(i + 1, i + n).map((w) => w.raw)].join(' ')
      const place = findPlace(name)
      if (!place) continue
      const preposition = PLACE_PREPOSITIONS.has(fold(words[i - 1].raw)) || words[i].bare !== words[i].raw
      const capitalised = /^\p{Lu}/u.test(words[i].bare)
      if (!capitalised && !preposition) continue
      scored.push({ place, span, score: Math.log10(place.population + 10) + (preposition ? 3 : 0) + n * 0.5 })
      break
    }
  }
  return scored.sort((a, b) => b.score - a.score).map(({ place, span }) => ({ place, span }))
}

const NAME_PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'sur', 'en', 'aux', 'of', 'the'])
/** Words that carry a place name on ("Thunder Bay", "Notre Dame de Lourdes"): capitalised, or particles, ending capitalised. */
const continuesName = (rest: Word[]) =>
  rest.every((w) => /^\p{Lu}/u.test(w.raw) || NAME_PARTICLES.has(w.raw)) && /^\p{Lu}/u.test(rest[rest.length - 1].raw)

/** The city a neighbourhood (GeoNames PPLX) belongs to: the largest place within 30 km. */
export function parentCityOf(place: Place): Place {
  if (place.featureCode !== 'PPLX') return place
  let best: Place | undefined
  for (const p of geoStore().places) {
    if (p.featureCode === 'PPLX' || distanceKm(p.lat, p.lng, place.lat, place.lng) > 30) continue
    if (!best || p.population > best.population) best = p
  }
  return best ?? place
}

/** The city of an address as written ("…, Toronto, ON"), when the gazetteer knows it. */
export function cityOfAddress(address: string): Place | undefined {
  const parsed = parseAddress(address, isKnownPlaceName)
  return parsed.city ? findPlace(parsed.city, parsed.province) : undefined
}

export const sameCity = (a: Place, b: Place) => normalizeName(a.name) === normalizeName(b.name) && a.province === b.province
